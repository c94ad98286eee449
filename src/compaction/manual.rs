//! Planning of manual compactions, pure: CompactRange's jobs (`compact_range_job`: the
//! files overlapping a key range, level by level, down to the last level holding data, as
//! RocksDB's DBImpl::CompactRange runs them without a target level) and CompactFiles
//! (`plan_compact_files`: RocksDB's input sanitization of named files and its error texts).
//! The db runs the plans (`db/compact_range.rs`, `db/compact_files.rs`).

use super::plan::{key_range, CompactionKind, CompactionPlan, FileSet};
use crate::error::{Error, Result};
use crate::key::{user_key, InternalKeyComparator};
use crate::options::Options;
use crate::version::edit::FileMetaData;
use crate::version::filename::{parse_file_name, table_file_name, FileType};
use crate::version::version::Version;
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The next job of a CompactRange over user keys [begin, end] (None: unbounded) once every
/// level above `from_level` is done: the files of the first level from `from_level` down that
/// overlap the range, compacted into the next level holding data (or the target level), and
/// None when the range has reached its target. The target is the last level with
/// `level_compaction_dynamic_level_bytes`, else the deepest level holding data (level 0
/// moves at least into level 1); empty levels in between are skipped.
pub fn compact_range_job(
    version: &Version,
    icmp: &InternalKeyComparator,
    opts: &Options,
    from_level: usize,
    begin: Option<&[u8]>,
    end: Option<&[u8]>,
) -> Option<CompactionPlan> {
    let num_levels = opts.num_levels.max(2) as usize;
    let deepest = (0..num_levels).rev().find(|l| !version.levels.get(*l).map_or(true, |v| v.is_empty())).unwrap_or(0);
    let target = if opts.level_compaction_dynamic_level_bytes { num_levels - 1 } else { deepest.max(1) };
    let mut level = from_level;
    while level + 1 < num_levels && level < target {
        let inputs = version.overlapping_files(icmp, level, begin, end);
        let Some((lo, hi)) = key_range(icmp, &inputs) else {
            level += 1;
            continue;
        };
        let output_level = (level + 1..target).find(|l| !version.levels[*l].is_empty()).unwrap_or(target);
        let output_inputs = version.overlapping_files(icmp, output_level, Some(&lo), Some(&hi));
        let trivial = is_trivial_move(version, icmp, opts, level, &inputs, output_level, &output_inputs);
        return Some(
            CompactionPlan::new(version, icmp, opts, CompactionKind::Manual, level, inputs, output_level, output_inputs)
                .with_trivial_move(trivial),
        );
    }
    None
}

/// RocksDB's Compaction::IsTrivialMove for a CompactRange job: its files move to the output
/// level by a MANIFEST edit, unrewritten (keeping their sequence numbers, tombstones, filters),
/// when nothing there overlaps them, level 0's files do not overlap each other, no compaction
/// filter has to see the entries, the output level's compression is the input's, and no
/// input with the grandparents it overlaps exceeds max_compaction_bytes.
fn is_trivial_move(
    version: &Version,
    icmp: &InternalKeyComparator,
    opts: &Options,
    level: usize,
    inputs: &[Arc<FileMetaData>],
    output_level: usize,
    output_inputs: &[Arc<FileMetaData>],
) -> bool {
    if level == output_level || !output_inputs.is_empty() || inputs.is_empty() {
        return false;
    }
    if opts.compaction_filter.is_some() || opts.compaction_filter_factory.is_some() {
        return false;
    }
    if level == 0 && !level0_non_overlapping(version, icmp) {
        return false;
    }
    let last_level = opts.num_levels.max(2) as usize - 1;
    let compression_of = |l: usize| if l == last_level { opts.bottommost_compression.unwrap_or(opts.compression) } else { opts.compression };
    if compression_of(level) != compression_of(output_level) {
        return false;
    }
    if output_level + 1 < version.levels.len() {
        let limit = super::plan::max_compaction_bytes(opts);
        for f in inputs {
            let grandparents = version.overlapping_files(icmp, output_level + 1, Some(user_key(&f.smallest)), Some(user_key(&f.largest)));
            let size = f.file_size + grandparents.iter().map(|g| g.file_size).sum::<u64>();
            if size > limit {
                return false;
            }
        }
    }
    true
}

/// Whether no two level-0 files' key ranges meet (VersionStorageInfo::level0_non_overlapping).
fn level0_non_overlapping(version: &Version, icmp: &InternalKeyComparator) -> bool {
    let mut files: Vec<&Arc<FileMetaData>> = version.files(0).iter().collect();
    files.sort_by(|a, b| icmp.compare(&a.smallest, &b.smallest));
    files.windows(2).all(|w| icmp.user.compare(user_key(&w[0].largest), user_key(&w[1].smallest)) == Ordering::Less)
}

/// RocksDB's `CompactionOptions`, the fields ferrock honours.
#[derive(Clone, Debug)]
pub struct CompactFilesOptions {
    /// Key ranges the job may be split into; 0 means the database's option.
    pub max_subcompactions: u32,
    /// Outputs are cut at this size (RocksDB's default: never).
    pub output_file_size_limit: u64,
    /// Move the inputs by a MANIFEST edit when nothing in the output level overlaps them.
    pub allow_trivial_move: bool,
    /// The table directory the outputs go to; -1 (C++'s default argument) means path 0 when
    /// the family has one, and is refused when it has several.
    pub output_path_id: i32,
    /// The outputs' codec (RocksDB's CompactionOptions::compression); None
    /// (kDisableCompressionOption, the default) keeps the output level's.
    pub compression: Option<crate::options::CompressionType>,
}

impl Default for CompactFilesOptions {
    fn default() -> Self {
        CompactFilesOptions { max_subcompactions: 0, output_file_size_limit: u64::MAX, allow_trivial_move: false, output_path_id: -1, compression: None }
    }
}

/// `/000012.sst`, as RocksDB names a table in its CompactFiles messages.
fn short_name(number: u64) -> String {
    format!("/{}", table_file_name(number))
}

/// The table number of a name as RocksDB accepts it (`000012.sst`, `/000012.sst` or a path).
pub fn table_number(name: &str) -> Option<u64> {
    let base = name.rsplit('/').next().unwrap_or(name);
    match parse_file_name(base) {
        Some((FileType::Table, n)) => Some(n),
        _ => None,
    }
}

/// RocksDB's SanitizeAndConvertCompactionInputFiles and SanitizeCompactionInputFilesForAllLevels,
/// for a job ferrock can run (inputs on the start level and the output level only).
/// `compacting`: the inputs of running compactions, which a job may not take.
#[allow(clippy::too_many_arguments)]
pub fn plan_compact_files(
    version: &Version,
    icmp: &InternalKeyComparator,
    cf_name: &str,
    cf_opts: &Options,
    opts: &CompactFilesOptions,
    compacting: &FileSet,
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
        if compacting.contains(&f.number) {
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
        if let Some(busy) = chosen.iter().find(|f| compacting.contains(&f.number)) {
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
    if range.is_none() {
        return Err(Error::invalid_argument("A compaction must contain at least one file."));
    }
    let mut levels = taken.into_iter();
    let inputs = levels.next().map(|(_, f)| f).unwrap_or_default();
    let output_inputs = levels.next().map(|(_, f)| f).unwrap_or_default();
    let trivial_move = opts.allow_trivial_move && start_level > 0 && start_level != output_level && output_inputs.is_empty();
    Ok(CompactionPlan::new(version, icmp, cf_opts, CompactionKind::Manual, start_level, inputs, output_level, output_inputs)
        .with_trivial_move(trivial_move)
        .with_max_subcompactions(opts.max_subcompactions)
        .with_max_output_file_size(opts.output_file_size_limit)
        .with_compression(opts.compression))
}
