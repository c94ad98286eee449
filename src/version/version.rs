//! `Version`: the immutable set of table files of one column family, per level,
//! and `VersionBuilder`, which applies `VersionEdit`s to a `Version` with the
//! checks RocksDB runs (docs/format/manifest.md §4.4, "force_consistency_checks").
//!
//! Ordering: L0 newest first — by epoch number when every file has one (RocksDB
//! 7.10+), else by (largest_seqno, smallest_seqno, number) descending as RocksDB
//! 7.8.3 orders it (§9.4); L1 and deeper sorted by smallest internal key, with
//! disjoint ranges.
//! A `Version` is shared behind an `Arc` and never changes; readers need no lock.

use crate::error::{Code, Error, Result};
use crate::key::{parse_internal_key, user_key, InternalKeyComparator};
use crate::util::comparator::Comparator;
use crate::version::edit::{FileMetaData, VersionEdit};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub struct Version {
    pub levels: Vec<Vec<Arc<FileMetaData>>>,
}

impl Version {
    pub fn new(num_levels: usize) -> Self {
        Version { levels: vec![Vec::new(); num_levels] }
    }

    pub fn num_levels(&self) -> usize {
        self.levels.len()
    }

    pub fn num_files(&self, level: usize) -> usize {
        self.levels.get(level).map_or(0, |l| l.len())
    }

    pub fn level_bytes(&self, level: usize) -> u64 {
        self.levels.get(level).map_or(0, |l| l.iter().map(|f| f.file_size).sum())
    }

    pub fn files(&self, level: usize) -> &[Arc<FileMetaData>] {
        self.levels.get(level).map_or(&[], |l| l.as_slice())
    }

    /// Files of `level` whose user-key range meets [begin_user, end_user]
    /// (`None` = unbounded). On L0 the range grows to cover every file it
    /// touches, transitively, as RocksDB's GetOverlappingInputs does, so that
    /// a compaction never leaves an older version of a key behind.
    pub fn overlapping_files(
        &self,
        icmp: &InternalKeyComparator,
        level: usize,
        begin_user: Option<&[u8]>,
        end_user: Option<&[u8]>,
    ) -> Vec<Arc<FileMetaData>> {
        self.overlapping_files_to(icmp, level, begin_user, end_user.map(|e| (e, true)))
    }

    /// `overlapping_files` with an end bound that is inclusive or not (`(key, inclusive)`):
    /// RocksDB's GetColumnFamilyMetaData asks for [start, limit). On L0 a file reaching past
    /// the end widens it to the file's largest key, which is inclusive.
    pub fn overlapping_files_to(
        &self,
        icmp: &InternalKeyComparator,
        level: usize,
        begin_user: Option<&[u8]>,
        end_user: Option<(&[u8], bool)>,
    ) -> Vec<Arc<FileMetaData>> {
        let ucmp = &icmp.user;
        let files = self.files(level);
        let mut begin = begin_user.map(|b| b.to_vec());
        let mut end = end_user.map(|(e, inclusive)| (e.to_vec(), inclusive));
        // Whether `k` lies beyond the end bound.
        let past_end = |end: &Option<(Vec<u8>, bool)>, k: &[u8]| {
            end.as_ref().is_some_and(|(e, inclusive)| match ucmp.compare(k, e) {
                Ordering::Greater => true,
                Ordering::Equal => !inclusive,
                Ordering::Less => false,
            })
        };
        let mut out = Vec::new();
        let mut i = 0;
        while i < files.len() {
            let f = &files[i];
            i += 1;
            let fs = user_key(&f.smallest);
            let fl = user_key(&f.largest);
            if begin.as_deref().is_some_and(|b| ucmp.compare(fl, b) == Ordering::Less) || past_end(&end, fs) {
                continue;
            }
            out.push(f.clone());
            if level == 0 {
                let mut grew = false;
                if begin.as_deref().is_some_and(|b| ucmp.compare(fs, b) == Ordering::Less) {
                    begin = Some(fs.to_vec());
                    grew = true;
                }
                if past_end(&end, fl) {
                    end = Some((fl.to_vec(), true));
                    grew = true;
                }
                if grew {
                    out.clear();
                    i = 0;
                }
            }
        }
        out
    }

    /// The file of `level` whose range holds `user_key`. L1+ use a binary
    /// search; on L0 this is the newest file that holds it.
    ///
    /// A file whose largest key is a range tombstone's end sentinel
    /// `(k, kMaxSequenceNumber, 0x0F)` holds nothing of `k` (the tombstone's end is
    /// exclusive): when compaction splits a tombstone at an output boundary, the next
    /// file of the level starts at `k`, and lookups of `k` belong there, as RocksDB's
    /// internal-key FindFile decides.
    pub fn file_for_key(&self, ucmp: &Comparator, level: usize, user_key_: &[u8]) -> Option<&Arc<FileMetaData>> {
        let files = self.files(level);
        let ends_before = |f: &FileMetaData| match ucmp.compare(user_key(&f.largest), user_key_) {
            Ordering::Less => true,
            Ordering::Equal => is_range_deletion_sentinel(&f.largest),
            Ordering::Greater => false,
        };
        let contains =
            |f: &FileMetaData| ucmp.compare(user_key(&f.smallest), user_key_) != Ordering::Greater && !ends_before(f);
        if level == 0 {
            return files.iter().find(|f| contains(f));
        }
        let idx = files.partition_point(|f| ends_before(f));
        files.get(idx).filter(|f| contains(f))
    }

    pub fn all_file_numbers(&self) -> impl Iterator<Item = u64> + '_ {
        self.levels.iter().flatten().map(|f| f.number)
    }

    pub fn all_files(&self) -> impl Iterator<Item = (usize, &Arc<FileMetaData>)> + '_ {
        self.levels.iter().enumerate().flat_map(|(l, files)| files.iter().map(move |f| (l, f)))
    }

    /// The highest largest_seqno of any file (0 when there are none).
    pub fn max_largest_seqno(&self) -> u64 {
        self.levels.iter().flatten().map(|f| f.largest_seqno).max().unwrap_or(0)
    }
}

/// RocksDB 7.8.3's L0 order: newest first by sequence numbers.
pub fn level0_newest_first(a: &FileMetaData, b: &FileMetaData) -> Ordering {
    b.largest_seqno
        .cmp(&a.largest_seqno)
        .then(b.smallest_seqno.cmp(&a.smallest_seqno))
        .then(b.number.cmp(&a.number))
}

/// RocksDB's L0 order once every file has an epoch number (7.10 and later): newest epoch
/// first, then by sequence numbers (docs/format/traps.md §9.4).
pub fn level0_newest_first_by_epoch(a: &FileMetaData, b: &FileMetaData) -> Ordering {
    b.epoch_number.cmp(&a.epoch_number).then_with(|| level0_newest_first(a, b))
}

/// Whether every file has an epoch number (RocksDB's EpochNumberRequirement::kMustPresent).
/// Until then level 0 is ordered by sequence numbers, as RocksDB 7.8.3 orders it.
fn epochs_known(levels: &[Vec<Arc<FileMetaData>>]) -> bool {
    levels.iter().flatten().all(|f| f.epoch_number != 0)
}

/// RocksDB's RecoverEpochNumbers for a version read from a MANIFEST where some file has no
/// epoch (one written by RocksDB before 7.10, or by ferrock before it wrote epochs): each
/// non-empty level from the last up to 1 gets one epoch, then the level-0 files get one each,
/// oldest first, in their sequence-number order. Returns the version with the epochs (None
/// when every file had one) and moves `next_epoch` past every epoch in use.
pub fn infer_epoch_numbers(v: &Version, next_epoch: &mut u64) -> Option<Version> {
    let in_use = v.levels.iter().flatten().map(|f| f.epoch_number).max().unwrap_or(0);
    if epochs_known(&v.levels) {
        *next_epoch = (*next_epoch).max(in_use + 1);
        return None;
    }
    let mut levels: Vec<Vec<Arc<FileMetaData>>> = vec![Vec::new(); v.levels.len()];
    for level in (1..v.levels.len()).rev() {
        if v.levels[level].is_empty() {
            continue;
        }
        let epoch = *next_epoch;
        *next_epoch += 1;
        levels[level] = v.levels[level].iter().map(|f| with_epoch(f, epoch)).collect();
    }
    if let Some(l0) = v.levels.first() {
        let mut files: Vec<Arc<FileMetaData>> = l0.iter().rev().map(|f| {
            let g = with_epoch(f, *next_epoch);
            *next_epoch += 1;
            g
        }).collect();
        files.reverse();
        levels[0] = files;
    }
    Some(Version { levels })
}

fn with_epoch(f: &FileMetaData, epoch: u64) -> Arc<FileMetaData> {
    let mut g = f.clone();
    g.epoch_number = epoch;
    Arc::new(g)
}

/// Levels beyond this are taken as corrupt data rather than allocated.
const MAX_LEVELS_ACCEPTED: usize = 1 << 12;

/// Applies edits to a base `Version`: deletions of an edit first, then its
/// additions (a trivial move deletes and re-adds the same number).
#[derive(Clone)]
pub struct VersionBuilder {
    levels: Vec<Vec<Arc<FileMetaData>>>,
    location: HashMap<u64, usize>,
}

fn builder_error(msg: String) -> Error {
    Error::new2(Code::Corruption, "VersionBuilder", msg)
}

impl VersionBuilder {
    pub fn new(base: &Version) -> Self {
        let mut location = HashMap::new();
        for (level, files) in base.levels.iter().enumerate() {
            for f in files {
                location.insert(f.number, level);
            }
        }
        VersionBuilder { levels: base.levels.clone(), location }
    }

    pub fn apply(&mut self, edit: &VersionEdit) -> Result<()> {
        for &(level, number) in &edit.deleted_files {
            let level = level as usize;
            match self.location.get(&number) {
                Some(&at) if at == level => {
                    self.location.remove(&number);
                    if let Some(files) = self.levels.get_mut(level) {
                        files.retain(|f| f.number != number);
                    }
                }
                Some(&at) => {
                    return Err(builder_error(format!(
                        "Cannot delete table file #{number} from level {level} since it is on level {at}"
                    )))
                }
                None => {
                    return Err(builder_error(format!(
                        "Cannot delete table file #{number} from level {level} since it is not in the LSM tree"
                    )))
                }
            }
        }
        for (level, f) in &edit.new_files {
            let level = *level as usize;
            if let Some(&at) = self.location.get(&f.number) {
                return Err(builder_error(format!(
                    "Cannot add table file #{} to level {level} since it is already in the LSM tree on level {at}",
                    f.number
                )));
            }
            if level >= MAX_LEVELS_ACCEPTED {
                return Err(builder_error(format!("table file #{} on impossible level {level}", f.number)));
            }
            if self.levels.len() <= level {
                self.levels.resize(level + 1, Vec::new());
            }
            self.location.insert(f.number, level);
            self.levels[level].push(Arc::new(f.clone()));
        }
        Ok(())
    }

    /// The deepest level holding a file, plus one (0 when empty).
    pub fn levels_in_use(&self) -> usize {
        self.levels.iter().rposition(|l| !l.is_empty()).map_or(0, |i| i + 1)
    }

    /// Sorts each level, runs the consistency checks RocksDB 7.8.3 runs with
    /// `force_consistency_checks` (its default) and returns the Version.
    pub fn build(mut self, icmp: &InternalKeyComparator, num_levels: usize) -> Result<Version> {
        if self.levels_in_use() > num_levels {
            return Err(Error::invalid_argument("db has more levels than options.num_levels"));
        }
        self.levels.resize(num_levels, Vec::new());
        let by_epoch = epochs_known(&self.levels);
        for (level, files) in self.levels.iter_mut().enumerate() {
            if level == 0 && by_epoch {
                files.sort_by(|a, b| level0_newest_first_by_epoch(a, b));
            } else if level == 0 {
                files.sort_by(|a, b| level0_newest_first(a, b));
            } else {
                files.sort_by(|a, b| icmp.compare(&a.smallest, &b.smallest).then(a.number.cmp(&b.number)));
            }
        }
        let version = Version { levels: self.levels };
        check_consistency(&version, icmp)?;
        Ok(version)
    }

    /// The Version of a column family whose comparator is unknown (one a read-only open
    /// leaves unopened): level 0 in age order, other levels as the MANIFEST lists them,
    /// unchecked. Nothing reads such a version's files.
    pub fn build_unordered(mut self, num_levels: usize) -> Result<Version> {
        if self.levels_in_use() > num_levels {
            return Err(Error::invalid_argument("db has more levels than options.num_levels"));
        }
        self.levels.resize(num_levels, Vec::new());
        if let Some(l0) = self.levels.first_mut() {
            l0.sort_by(|a, b| level0_newest_first(a, b));
        }
        Ok(Version { levels: self.levels })
    }
}

fn debug_key(ikey: &[u8]) -> String {
    let hex: String = user_key(ikey).iter().map(|b| format!("{b:02X}")).collect();
    match parse_internal_key(ikey) {
        Ok(p) => format!("'{hex}' seq:{}, type:{}", p.sequence, p.value_type as u8),
        Err(_) => format!("{hex}(bad)"),
    }
}

/// Whether `ikey` is `(k, kMaxSequenceNumber, RangeDeletion)`: the largest key of a file
/// whose last range tombstone ends (exclusively) at `k`.
pub fn is_range_deletion_sentinel(ikey: &[u8]) -> bool {
    ikey.len() >= 8
        && crate::key::trailer(ikey)
            == crate::key::pack_seq_and_type(crate::key::MAX_SEQUENCE_NUMBER, crate::key::ValueType::RangeDeletion as u8)
}

/// The checks of RocksDB's VersionBuilder::CheckConsistency.
pub fn check_consistency(v: &Version, icmp: &InternalKeyComparator) -> Result<()> {
    let fail = |msg: String| Err(Error::corruption(format!("force_consistency_checks: VersionBuilder: {msg}")));
    for (level, files) in v.levels.iter().enumerate() {
        for f in files {
            if f.smallest.len() < 8 || f.largest.len() < 8 {
                return fail(format!("table file #{} has a malformed key range", f.number));
            }
            if icmp.compare(&f.smallest, &f.largest) == Ordering::Greater {
                return fail(format!("L{level} file #{} has smallest key after its largest key", f.number));
            }
        }
        let by_epoch = epochs_known(&v.levels);
        for pair in files.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            if level == 0 && by_epoch {
                // RocksDB 7.10+'s checks when epochs are known.
                if a.epoch_number == b.epoch_number
                    && icmp.compare(&a.smallest, &b.largest) != Ordering::Greater
                    && icmp.compare(&a.largest, &b.smallest) != Ordering::Less
                {
                    return fail(format!(
                        "L0 files of same epoch number but overlapping range #{} , smallest key: {} , largest key: {} , epoch number: {} vs. file #{} , smallest key: {} , largest key: {} , epoch number: {}",
                        a.number,
                        debug_key(&a.smallest),
                        debug_key(&a.largest),
                        a.epoch_number,
                        b.number,
                        debug_key(&b.smallest),
                        debug_key(&b.largest),
                        b.epoch_number
                    ));
                }
                if level0_newest_first_by_epoch(a, b) != Ordering::Less {
                    return fail(format!(
                        "L0 files are not sorted properly: files #{} with epoch number {}, #{} with epoch number {}",
                        a.number, a.epoch_number, b.number, b.epoch_number
                    ));
                }
            } else if level == 0 {
                if level0_newest_first(a, b) != Ordering::Less {
                    return fail(format!(
                        "L0 files are not sorted properly: files #{} with seqnos (largest, smallest) {} , {}, #{} with seqnos (largest, smallest) {} , {}",
                        a.number, a.largest_seqno, a.smallest_seqno, b.number, b.largest_seqno, b.smallest_seqno
                    ));
                }
                // 7.8.3: an older file whose seqnos are all one value is an ingested file.
                if b.smallest_seqno != b.largest_seqno && a.smallest_seqno <= b.smallest_seqno {
                    return fail(format!(
                        "L0 file with seqno {} {} vs. file with global_seqno {}",
                        a.smallest_seqno, a.largest_seqno, b.smallest_seqno
                    ));
                }
            } else if icmp.compare(&a.largest, &b.smallest) != Ordering::Less {
                return fail(format!(
                    "L{level} has overlapping ranges: file #{} largest key: {} vs. file #{} smallest key: {}",
                    a.number,
                    debug_key(&a.largest),
                    b.number,
                    debug_key(&b.smallest)
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{make_internal_key, ValueType};

    fn file(number: u64, small: &[u8], large: &[u8], sseq: u64, lseq: u64) -> FileMetaData {
        FileMetaData {
            number,
            file_size: number * 100,
            smallest: make_internal_key(small, sseq, ValueType::Value),
            largest: make_internal_key(large, lseq, ValueType::Value),
            smallest_seqno: sseq,
            largest_seqno: lseq,
            ..Default::default()
        }
    }

    fn build(files: Vec<(u32, FileMetaData)>) -> Result<Version> {
        let icmp = InternalKeyComparator::default();
        let mut b = VersionBuilder::new(&Version::new(7));
        b.apply(&VersionEdit { new_files: files, ..Default::default() })?;
        b.build(&icmp, 7)
    }

    fn numbers(files: &[Arc<FileMetaData>]) -> Vec<u64> {
        files.iter().map(|f| f.number).collect()
    }

    #[test]
    fn levels_are_ordered_and_counted() {
        let v = build(vec![
            (0, file(4, b"a", b"z", 1, 5)),
            (0, file(7, b"c", b"d", 6, 9)),
            (1, file(9, b"m", b"p", 1, 1)),
            (1, file(8, b"a", b"f", 1, 1)),
        ])
        .unwrap();
        assert_eq!(numbers(&v.levels[0]), vec![7, 4]);
        assert_eq!(numbers(&v.levels[1]), vec![8, 9]);
        assert_eq!(v.num_files(1), 2);
        assert_eq!(v.level_bytes(1), 1700);
        assert_eq!(v.num_files(9), 0);
        let mut all: Vec<u64> = v.all_file_numbers().collect();
        all.sort();
        assert_eq!(all, vec![4, 7, 8, 9]);
    }

    #[test]
    fn overlapping_l1_files_fail_the_consistency_check() {
        let err = build(vec![(1, file(8, b"a", b"m", 1, 1)), (1, file(9, b"k", b"z", 2, 2))]).unwrap_err();
        assert!(err.is_corruption());
        assert!(err.to_string().contains("L1 has overlapping ranges: file #8"), "{err}");
    }

    #[test]
    fn l0_seqno_rule_of_7_8_3_is_enforced() {
        // Newer file (larger largest_seqno) starting at or before the older one's smallest_seqno.
        let err = build(vec![(0, file(4, b"a", b"b", 5, 10)), (0, file(5, b"a", b"b", 3, 12))]).unwrap_err();
        assert!(err.to_string().contains("L0 file with seqno"), "{err}");
        // Unless the older file looks ingested.
        assert!(build(vec![(0, file(4, b"a", b"b", 7, 7)), (0, file(5, b"a", b"b", 3, 12))]).is_ok());
    }

    #[test]
    fn too_many_levels_is_invalid_argument() {
        let err = build(vec![(7, file(3, b"a", b"b", 1, 1))]).unwrap_err();
        assert_eq!(err.to_string(), "Invalid argument: db has more levels than options.num_levels");
    }

    #[test]
    fn deleting_a_missing_file_or_adding_twice_fails() {
        let v = build(vec![(1, file(3, b"a", b"b", 1, 1))]).unwrap();
        let mut b = VersionBuilder::new(&v);
        let err = b.apply(&VersionEdit { deleted_files: vec![(2, 3)], ..Default::default() }).unwrap_err();
        assert!(err.to_string().contains("Cannot delete table file #3 from level 2 since it is on level 1"));
        let mut b = VersionBuilder::new(&v);
        let err = b.apply(&VersionEdit { new_files: vec![(2, file(3, b"x", b"y", 1, 1))], ..Default::default() });
        assert!(err.unwrap_err().to_string().contains("already in the LSM tree on level 1"));
        // A trivial move: delete and re-add in one edit.
        let mut b = VersionBuilder::new(&v);
        b.apply(&VersionEdit {
            deleted_files: vec![(1, 3)],
            new_files: vec![(2, file(3, b"a", b"b", 1, 1))],
            ..Default::default()
        })
        .unwrap();
        let moved = b.build(&InternalKeyComparator::default(), 7).unwrap();
        assert_eq!((moved.num_files(1), moved.num_files(2)), (0, 1));
    }

    #[test]
    fn overlap_and_point_lookup() {
        let icmp = InternalKeyComparator::default();
        let v = build(vec![
            (0, file(10, b"c", b"e", 10, 12)),
            (0, file(11, b"e", b"h", 13, 14)),
            (0, file(12, b"x", b"y", 15, 16)),
            (1, file(1, b"a", b"c", 1, 1)),
            (1, file(2, b"d", b"f", 1, 1)),
            (1, file(3, b"k", b"n", 1, 1)),
        ])
        .unwrap();
        // L0: [d, d] touches #10, which reaches e, which touches #11.
        let mut l0 = numbers(&v.overlapping_files(&icmp, 0, Some(b"d"), Some(b"d")));
        l0.sort();
        assert_eq!(l0, vec![10, 11]);
        assert_eq!(numbers(&v.overlapping_files(&icmp, 1, Some(b"e"), Some(b"l"))), vec![2, 3]);
        assert_eq!(numbers(&v.overlapping_files(&icmp, 1, None, Some(b"c"))), vec![1]);
        assert_eq!(numbers(&v.overlapping_files(&icmp, 1, Some(b"o"), None)), Vec::<u64>::new());
        let ucmp = Comparator::Bytewise;
        assert_eq!(v.file_for_key(&ucmp, 1, b"e").map(|f| f.number), Some(2));
        assert_eq!(v.file_for_key(&ucmp, 1, b"g").map(|f| f.number), None);
        assert_eq!(v.file_for_key(&ucmp, 1, b"z").map(|f| f.number), None);
        assert_eq!(v.file_for_key(&ucmp, 0, b"e").map(|f| f.number), Some(11));
    }

    #[test]
    fn a_file_ending_in_a_tombstone_sentinel_does_not_hold_that_key() {
        // #1's last range tombstone ends at "k", where #2 starts (a tombstone split by compaction).
        let mut f1 = file(1, b"a", b"k", 5, 5);
        f1.largest = make_internal_key(b"k", crate::key::MAX_SEQUENCE_NUMBER, ValueType::RangeDeletion);
        assert!(is_range_deletion_sentinel(&f1.largest));
        assert!(!is_range_deletion_sentinel(&make_internal_key(b"k", 7, ValueType::RangeDeletion)));
        let v = build(vec![(1, f1), (1, file(2, b"k", b"p", 3, 3))]).unwrap();
        let ucmp = Comparator::Bytewise;
        assert_eq!(v.file_for_key(&ucmp, 1, b"j").map(|f| f.number), Some(1));
        assert_eq!(v.file_for_key(&ucmp, 1, b"k").map(|f| f.number), Some(2));
        assert_eq!(v.file_for_key(&ucmp, 1, b"p").map(|f| f.number), Some(2));
    }

    fn with_epoch(mut f: FileMetaData, epoch: u64) -> FileMetaData {
        f.epoch_number = epoch;
        f
    }

    #[test]
    fn level0_follows_epochs_once_every_file_has_one() {
        // #5 was ingested (global seqno 51) before #6 was flushed (seqnos 41-50).
        let ingested = file(5, b"a", b"b", 51, 51);
        let flushed = file(6, b"x", b"y", 41, 50);
        let v = build(vec![(0, ingested.clone()), (0, flushed.clone())]).unwrap();
        assert_eq!(numbers(&v.levels[0]), vec![5, 6], "without epochs: by sequence numbers");
        let v = build(vec![(0, with_epoch(ingested.clone(), 4)), (0, with_epoch(flushed.clone(), 5))]).unwrap();
        assert_eq!(numbers(&v.levels[0]), vec![6, 5], "with epochs: the later flush is newer");
        // Two level-0 files of one epoch may not overlap.
        let err = build(vec![(0, with_epoch(file(7, b"a", b"m", 1, 5), 3)), (0, with_epoch(file(8, b"k", b"z", 6, 9), 3))]).unwrap_err();
        assert!(err.to_string().contains("L0 files of same epoch number but overlapping range"), "{err}");
    }

    #[test]
    fn missing_epochs_are_inferred_as_rocksdb_does() {
        let v = build(vec![
            (0, file(10, b"a", b"z", 20, 30)),
            (0, file(11, b"a", b"z", 31, 40)),
            (1, file(3, b"a", b"c", 5, 5)),
            (1, file(4, b"d", b"f", 6, 6)),
            (6, file(1, b"a", b"z", 0, 0)),
        ])
        .unwrap();
        let mut next = 1;
        let inferred = infer_epoch_numbers(&v, &mut next).unwrap();
        let epochs = |l: usize| inferred.levels[l].iter().map(|f| (f.number, f.epoch_number)).collect::<Vec<_>>();
        // The last level first, then each level up, then L0 oldest first.
        assert_eq!(epochs(6), vec![(1, 1)]);
        assert_eq!(epochs(1), vec![(3, 2), (4, 2)]);
        assert_eq!(epochs(0), vec![(11, 4), (10, 3)]);
        assert_eq!(next, 5);
        // Nothing to infer: the next epoch passes the largest in use.
        let mut next = 1;
        assert!(infer_epoch_numbers(&inferred, &mut next).is_none());
        assert_eq!(next, 5);
    }
}
