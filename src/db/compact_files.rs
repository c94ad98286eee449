//! CompactFiles (RocksDB's `DB::CompactFiles`): compacts named table files into an output
//! level, with RocksDB's input sanitization (level-0 inputs bring the older level-0 files
//! with them, a deeper level's inputs are widened to a clean cut, and the output level's
//! overlapping files join), RocksDB's error texts, and the job run like a manual compaction
//! (so `max_subcompactions` applies). A job whose inputs would span more than the start and
//! output levels (overlapping files on a level in between) is refused as Not implemented.
//!
//! Thread-safety: runs on the caller's thread under the db mutex, which is released during
//! table I/O; automatic compactions wait while it runs, as for CompactRange.

use super::{ColumnFamilyHandle, Db};
use crate::compaction::picker::{is_bottommost, key_range, max_compaction_bytes, CompactionKind, CompactionPlan};
use crate::error::{Error, Result};
use crate::key::user_key;
use crate::version::edit::FileMetaData;
use crate::version::filename::{parse_file_name, table_file_name, FileType};
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;
use std::time::Duration;

/// RocksDB's `CompactionOptions`, the fields ferrock honours.
#[derive(Clone, Debug)]
pub struct CompactFilesOptions {
    /// Key ranges the job may be split into; 0 means the database's option.
    pub max_subcompactions: u32,
    /// Outputs are cut at this size (RocksDB's default: never).
    pub output_file_size_limit: u64,
    /// Move the inputs by a MANIFEST edit when nothing in the output level overlaps them.
    pub allow_trivial_move: bool,
}

impl Default for CompactFilesOptions {
    fn default() -> Self {
        CompactFilesOptions { max_subcompactions: 0, output_file_size_limit: u64::MAX, allow_trivial_move: false }
    }
}

/// `/000012.sst`, as RocksDB names a table in its CompactFiles messages.
fn short_name(number: u64) -> String {
    format!("/{}", table_file_name(number))
}

/// The table number of a name as RocksDB accepts it (`000012.sst`, `/000012.sst` or a path).
fn table_number(name: &str) -> Option<u64> {
    let base = name.rsplit('/').next().unwrap_or(name);
    match parse_file_name(base) {
        Some((FileType::Table, n)) => Some(n),
        _ => None,
    }
}

impl Db {
    /// Compacts `input_file_names` into `output_level` and returns the paths of the tables
    /// the job installed.
    pub fn compact_files_cf(
        &self,
        cf: &ColumnFamilyHandle,
        opts: &CompactFilesOptions,
        input_file_names: &[String],
        output_level: i32,
    ) -> Result<Vec<String>> {
        let inner = &self.inner;
        inner.check_open()?;
        if inner.read_only {
            return Err(super::write::read_only_error());
        }
        let cfd = inner.cf(cf.id)?;
        let mut st = inner.state.lock();
        st.manual_compactions += 1;
        let result = (|| -> Result<Vec<u64>> {
            // Like CompactRange: no other compaction may write into the levels this one does.
            while st.running_compactions > 0 {
                inner.bg_cv.wait_for(&mut st, Duration::from_millis(50));
            }
            if let Some(e) = inner.bg_error() {
                return Err(e);
            }
            if st.manual_compaction_paused > 0 {
                return Err(super::control::manual_compaction_paused());
            }
            let version = st.versions.cf(cf.id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("Column family dropped"))?;
            let plan = plan_compact_files(&version, &cfd.icmp, &cfd.name, &cfd.opts, opts, input_file_names, output_level)?;
            inner.run_compaction(&mut st, &cfd, plan)
        })();
        st.manual_compactions -= 1;
        drop(st);
        inner.bg_cv.notify_all();
        Ok(result?.into_iter().map(|n| inner.path.join(table_file_name(n)).display().to_string()).collect())
    }
}

/// RocksDB's SanitizeAndConvertCompactionInputFiles and SanitizeCompactionInputFilesForAllLevels,
/// for a job ferrock can run (inputs on the start level and the output level only).
fn plan_compact_files(
    version: &crate::version::version::Version,
    icmp: &crate::key::InternalKeyComparator,
    cf_name: &str,
    cf_opts: &crate::options::Options,
    opts: &CompactFilesOptions,
    names: &[String],
    output_level: i32,
) -> Result<CompactionPlan> {
    let num_levels = version.num_levels();
    if output_level < 0 {
        return Err(Error::invalid_argument("Output level cannot be negative."));
    }
    let output_level = output_level as usize;
    if output_level >= num_levels {
        return Err(Error::invalid_argument(format!(
            "Output level for column family {cf_name} must between [0, {}].",
            num_levels.saturating_sub(1)
        )));
    }
    if names.is_empty() {
        return Err(Error::invalid_argument("A compaction must contain at least one file."));
    }
    let mut wanted: BTreeSet<u64> = BTreeSet::new();
    for name in names {
        let number = table_number(name).ok_or_else(|| {
            Error::invalid_argument(format!("Specified compaction input file {name} does not exist in column family {cf_name}."))
        })?;
        let found = version.all_files().find(|(_, f)| f.number == number);
        let Some((level, f)) = found else {
            return Err(Error::invalid_argument(format!(
                "Specified compaction input file {} does not exist in column family {cf_name}.",
                short_name(number)
            )));
        };
        if f.being_compacted.load(AtomicOrdering::Acquire) {
            return Err(Error::aborted(format!("Specified compaction input file {} is already being compacted.", short_name(number))));
        }
        if level > output_level {
            return Err(Error::invalid_argument(format!(
                "Cannot compact file to up level, input file: {} level {level} > output level {output_level}",
                short_name(number)
            )));
        }
        wanted.insert(number);
    }
    let ucmp = &icmp.user;
    // Per level from the first with an input to the output level: the files the job takes.
    let mut taken: Vec<(usize, Vec<Arc<FileMetaData>>)> = Vec::new();
    let mut range: Option<(Vec<u8>, Vec<u8>)> = None;
    for level in 0..=output_level {
        let files = version.files(level);
        let picked: Vec<usize> = (0..files.len()).filter(|i| wanted.contains(&files[*i].number)).collect();
        let mut chosen: Vec<Arc<FileMetaData>> = match (picked.first(), picked.last()) {
            (Some(&first), Some(&last)) => {
                let (mut first, mut last) = (first, last);
                if level > 0 {
                    // A clean cut: neighbours sharing a user key at the edges come along.
                    while first > 0 && ucmp.compare(user_key(&files[first - 1].largest), user_key(&files[first].smallest)) != Ordering::Less {
                        first -= 1;
                    }
                    while last + 1 < files.len() && ucmp.compare(user_key(&files[last + 1].smallest), user_key(&files[last].largest)) != Ordering::Greater {
                        last += 1;
                    }
                } else if output_level > 0 {
                    // Level 0 is newest first: every older level-0 file goes down too.
                    last = files.len() - 1;
                }
                files[first..=last].to_vec()
            }
            _ => Vec::new(),
        };
        if let Some((lo, hi)) = &range {
            // Files overlapping what the job already holds must join it.
            for f in version.overlapping_files(icmp, level, Some(lo), Some(hi)) {
                if !chosen.iter().any(|c| c.number == f.number) {
                    chosen.push(f);
                }
            }
            chosen.sort_by_key(|f| files.iter().position(|g| g.number == f.number));
        }
        if chosen.is_empty() {
            continue;
        }
        if let Some(busy) = chosen.iter().find(|f| f.being_compacted.load(AtomicOrdering::Acquire)) {
            return Err(Error::aborted(format!("Necessary compaction input file {} is currently being compacted.", short_name(busy.number))));
        }
        let (lo, hi) = key_range(icmp, &chosen).ok_or_else(|| Error::corruption("compaction input without a key range"))?;
        range = Some(match range {
            None => (lo, hi),
            Some((a, b)) => (
                if ucmp.compare(&lo, &a) == Ordering::Less { lo } else { a },
                if ucmp.compare(&hi, &b) == Ordering::Greater { hi } else { b },
            ),
        });
        taken.push((level, chosen));
    }
    let start_level = taken.first().map(|(l, _)| *l).unwrap_or(output_level);
    if taken.iter().any(|(l, _)| *l != start_level && *l != output_level) {
        return Err(Error::not_supported("compact_files whose inputs span more than two levels"));
    }
    let (lo, hi) = range.ok_or_else(|| Error::invalid_argument("A compaction must contain at least one file."))?;
    let mut levels = taken.into_iter();
    let inputs = levels.next().map(|(_, f)| f).unwrap_or_default();
    let output_inputs = levels.next().map(|(_, f)| f).unwrap_or_default();
    let trivial_move = opts.allow_trivial_move && start_level > 0 && start_level != output_level && output_inputs.is_empty();
    Ok(CompactionPlan {
        level: start_level,
        output_level,
        inputs,
        output_inputs,
        bottommost: is_bottommost(version, icmp, output_level, &lo, &hi),
        trivial_move,
        kind: CompactionKind::Manual,
        max_grandparent_overlap: max_compaction_bytes(cf_opts),
        max_subcompactions: opts.max_subcompactions,
        max_output_file_size: opts.output_file_size_limit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};

    fn level_files(db: &Db, level: usize) -> Vec<u64> {
        let st = db.inner.state.lock();
        st.versions.cf(0).map(|c| c.current.files(level).iter().map(|f| f.number).collect()).unwrap_or_default()
    }

    #[test]
    fn named_files_are_compacted_into_the_output_level() {
        let d = crate::util::testutil::TempDir::new("compactfiles");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        let db = Db::open(&o, &d.0).unwrap();
        let wo = WriteOptions::default();
        for round in 0..3 {
            for i in 0..200 {
                db.put(&wo, format!("k{:04}", i * 3 + round).as_bytes(), format!("r{round}").as_bytes()).unwrap();
            }
            db.put(&wo, b"shared", format!("r{round}").as_bytes()).unwrap();
            db.flush(&FlushOptions::default()).unwrap();
        }
        let l0 = level_files(&db, 0);
        assert_eq!(l0.len(), 3);
        let cf = db.default_column_family();
        // The newest level-0 file alone into L1: the older ones must come along.
        let newest = format!("{}/{}", d.0.display(), table_file_name(l0[0]));
        let out = db.compact_files_cf(&cf, &CompactFilesOptions::default(), &[newest], 1).unwrap();
        assert_eq!(level_files(&db, 0), Vec::<u64>::new());
        // No output size limit by default: one table, named by its path.
        assert_eq!(out.len(), 1);
        assert_eq!(level_files(&db, 1), vec![table_number(&out[0]).unwrap()]);
        assert!(std::path::Path::new(&out[0]).exists());
        assert_eq!(db.get(&ReadOptions::new(), b"shared").unwrap(), Some(b"r2".to_vec()));
        assert_eq!(db.get(&ReadOptions::new(), b"k0001").unwrap(), Some(b"r1".to_vec()));
        // A trivial move when allowed and nothing below overlaps.
        let l1 = format!("{:06}.sst", level_files(&db, 1)[0]);
        let moved = CompactFilesOptions { allow_trivial_move: true, ..Default::default() };
        let out = db.compact_files_cf(&cf, &moved, &[l1.clone()], 3).unwrap();
        assert_eq!(level_files(&db, 3), vec![table_number(&out[0]).unwrap()]);
        assert_eq!(table_number(&out[0]), table_number(&l1), "moved, not rewritten");
        // The moved file is free for the next job (copies used to keep "being compacted").
        let moved_free = {
            let st = db.inner.state.lock();
            st.versions.cf(0).map(|c| c.current.files(3).iter().all(|f| !f.being_compacted.load(AtomicOrdering::Acquire)))
        };
        assert_eq!(moved_free, Some(true));
        // An output size limit cuts the outputs.
        let small = CompactFilesOptions { output_file_size_limit: 1024, ..Default::default() };
        let out = db.compact_files_cf(&cf, &small, &[l1], 4).unwrap();
        assert!(out.len() > 1, "{out:?}");
        assert_eq!(level_files(&db, 4).len(), out.len());
        assert_eq!(db.get(&ReadOptions::new(), b"k0599").unwrap(), Some(b"r2".to_vec()));
    }

    #[test]
    fn bad_requests_get_rocksdb_errors() {
        let d = crate::util::testutil::TempDir::new("compactfiles-err");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        let db = Db::open(&o, &d.0).unwrap();
        db.put(&WriteOptions::default(), b"a", b"1").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        let cf = db.default_column_family();
        let f = format!("{:06}.sst", level_files(&db, 0)[0]);
        let opts = CompactFilesOptions::default();
        let err = |names: &[String], level: i32| db.compact_files_cf(&cf, &opts, names, level).unwrap_err().to_string();
        assert_eq!(err(&[f.clone()], 7), "Invalid argument: Output level for column family default must between [0, 6].");
        assert_eq!(err(&[f.clone()], -1), "Invalid argument: Output level cannot be negative.");
        assert_eq!(err(&[], 1), "Invalid argument: A compaction must contain at least one file.");
        assert_eq!(
            err(&["000999.sst".to_string()], 1),
            "Invalid argument: Specified compaction input file /000999.sst does not exist in column family default."
        );
        db.compact_files_cf(&cf, &opts, &[f], 2).unwrap();
        let f2 = format!("{:06}.sst", level_files(&db, 2)[0]);
        assert_eq!(
            err(&[f2.clone()], 1),
            format!("Invalid argument: Cannot compact file to up level, input file: /{f2} level 2 > output level 1")
        );
    }
}
