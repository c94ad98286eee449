//! Leveled compaction picking as RocksDB does it (`VersionStorageInfo::CalculateBaseBytes`,
//! `ComputeCompactionScore`, `EstimateCompactionBytesNeeded`, `LevelCompactionPicker`):
//! level targets (with `level_compaction_dynamic_level_bytes`, computed from the last level's
//! size), one score per level, the level with the highest score compacted first, files chosen by
//! the smallest overlapping ratio (RocksDB's default `kMinOverlappingRatio`), trivial moves,
//! intra-L0 compaction bounded by `max_compaction_bytes` when the base level is busy, and files
//! marked for compaction (`suggest_compact_range`) when no level scores 1 or more.
//!
//! Pure: a `Version` and the options in, a `CompactionPlan` out. No I/O.

use crate::key::{user_key, InternalKeyComparator};
use crate::options::Options;
use crate::version::edit::FileMetaData;
use crate::version::version::Version;
use std::cmp::Ordering;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;

/// RocksDB scales scores above 1.0 by this factor so that secondary factors can lower a
/// score without dropping it below the 1.0 trigger.
const SCORE_SCALE: f64 = 10.0;
/// Intra-L0 compaction needs at least this many files (RocksDB's kMinFilesForIntraL0Compaction).
const MIN_FILES_FOR_INTRA_L0: usize = 4;

/// What kind of compaction a plan is (reported by the stall report).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompactionKind {
    /// Level 0 into the base level.
    L0ToBase,
    /// Level-0 files merged into one level-0 file.
    IntraL0,
    /// Level n into level n+1.
    LevelToNext,
    /// A file moved to the next level by a MANIFEST edit alone.
    TrivialMove,
    /// Requested by the user (CompactRange).
    Manual,
    /// A file marked for compaction (SuggestCompactRange, or NeedCompaction in the MANIFEST),
    /// compacted when no level scores 1 or more.
    Marked,
}

impl CompactionKind {
    pub fn name(self) -> &'static str {
        match self {
            CompactionKind::L0ToBase => "L0->base",
            CompactionKind::IntraL0 => "intra-L0",
            CompactionKind::LevelToNext => "Ln->Ln+1",
            CompactionKind::TrivialMove => "trivial move",
            CompactionKind::Manual => "manual",
            CompactionKind::Marked => "marked",
        }
    }
}

#[derive(Debug)]
pub struct CompactionPlan {
    pub level: usize,
    pub output_level: usize,
    /// Files of `level`.
    pub inputs: Vec<Arc<FileMetaData>>,
    /// Overlapping files of `output_level` (empty for intra-L0).
    pub output_inputs: Vec<Arc<FileMetaData>>,
    /// No level below `output_level` holds data in the key range.
    pub bottommost: bool,
    /// One input file and nothing overlapping: move it by a MANIFEST edit alone.
    pub trivial_move: bool,
    pub kind: CompactionKind,
    /// Outputs are cut when they overlap this many bytes of the level below the output
    /// (RocksDB's grandparent limit, max_compaction_bytes); u64::MAX for none.
    pub max_grandparent_overlap: u64,
    /// Key ranges the job may be split into (RocksDB's CompactRangeOptions::max_subcompactions);
    /// 0 means the database's `max_subcompactions`.
    pub max_subcompactions: u32,
    /// Outputs are cut at this size (CompactFiles' output_file_size_limit); 0 means the
    /// output level's target file size.
    pub max_output_file_size: u64,
}

impl CompactionPlan {
    pub fn all_inputs(&self) -> impl Iterator<Item = &Arc<FileMetaData>> {
        self.inputs.iter().chain(self.output_inputs.iter())
    }
}

fn busy(f: &FileMetaData) -> bool {
    f.being_compacted.load(AtomicOrdering::Acquire)
}

/// max_compaction_bytes, where 0 means 25 x target_file_size_base (RocksDB's sanitization).
pub fn max_compaction_bytes(opts: &Options) -> u64 {
    if opts.max_compaction_bytes == 0 {
        opts.target_file_size_base.saturating_mul(25)
    } else {
        opts.max_compaction_bytes
    }
}

/// Level size targets and the base level (where level 0 compacts into).
#[derive(Clone, Debug, PartialEq)]
pub struct LevelTargets {
    pub base_level: usize,
    /// Target bytes per level; u64::MAX for levels above the base level.
    pub max_bytes: Vec<u64>,
    /// With dynamic level bytes: levels at or above this one hold data that should drain
    /// down (RocksDB's lowest_unnecessary_level); None when there is none.
    pub lowest_unnecessary_level: Option<usize>,
}

impl LevelTargets {
    pub fn target(&self, level: usize) -> u64 {
        self.max_bytes.get(level).copied().unwrap_or(u64::MAX)
    }
}

fn multiplier_additional(opts: &Options, level: usize) -> f64 {
    opts.max_bytes_for_level_multiplier_additional.get(level).map_or(1.0, |m| (*m).max(1) as f64)
}

/// RocksDB's CalculateBaseBytes.
pub fn level_targets(v: &Version, opts: &Options) -> LevelTargets {
    let num_levels = v.levels.len().max(1);
    let mut max_bytes = vec![u64::MAX; num_levels];
    if !opts.level_compaction_dynamic_level_bytes {
        for (i, slot) in max_bytes.iter_mut().enumerate().skip(1) {
            *slot = level_target_bytes(opts, i);
        }
        if num_levels > 0 {
            max_bytes[0] = opts.max_bytes_for_level_base;
        }
        return LevelTargets { base_level: 1.min(num_levels - 1), max_bytes, lowest_unnecessary_level: None };
    }
    let mult = opts.max_bytes_for_level_multiplier.max(1.0);
    let mut max_level_size = 0u64;
    let mut first_non_empty = None;
    for i in 1..num_levels {
        let size = v.level_bytes(i);
        if size > 0 && first_non_empty.is_none() {
            first_non_empty = Some(i);
        }
        max_level_size = max_level_size.max(size);
    }
    let first_non_empty = match first_non_empty {
        Some(f) if max_level_size > 0 => f,
        _ => return LevelTargets { base_level: num_levels - 1, max_bytes, lowest_unnecessary_level: None },
    };
    let base_bytes_max = opts.max_bytes_for_level_base;
    let base_bytes_min = (base_bytes_max as f64 / mult) as u64;
    let mut cur = max_level_size;
    let mut lowest_unnecessary = None;
    let mut i = num_levels as i64 - 2;
    while i >= first_non_empty as i64 {
        cur = (cur as f64 / mult) as u64;
        if lowest_unnecessary.is_none() && cur <= base_bytes_min {
            lowest_unnecessary = Some(i as usize);
        }
        i -= 1;
    }
    let (base_level, base_level_size) = if cur <= base_bytes_min {
        (first_non_empty, base_bytes_min + 1)
    } else {
        let mut base = first_non_empty;
        while base > 1 && cur > base_bytes_max {
            base -= 1;
            cur = (cur as f64 / mult) as u64;
        }
        (base, if cur > base_bytes_max { base_bytes_max } else { cur.max(1) })
    };
    let mut level_size = base_level_size as f64;
    for (i, slot) in max_bytes.iter_mut().enumerate().skip(base_level) {
        if i > base_level {
            level_size *= mult;
        }
        *slot = (level_size.min(u64::MAX as f64) as u64).max(base_bytes_max);
    }
    LevelTargets { base_level, max_bytes, lowest_unnecessary_level: lowest_unnecessary }
}

/// Target size of level `level` (>= 1) without dynamic level bytes.
pub fn level_target_bytes(opts: &Options, level: usize) -> u64 {
    let mut t = opts.max_bytes_for_level_base as f64;
    for l in 1..level {
        t *= opts.max_bytes_for_level_multiplier;
        t *= multiplier_additional(opts, l);
    }
    t.min(u64::MAX as f64) as u64
}

/// Target size of one output table at `level` (target_file_size_base x multiplier^(level-1)).
pub fn level_target_file_size(opts: &Options, level: usize) -> u64 {
    let mut t = opts.target_file_size_base.max(1);
    for _ in 1..level {
        t = t.saturating_mul(opts.target_file_size_multiplier.max(1) as u64);
    }
    t
}

/// RocksDB's ComputeCompactionScore: one score per level (index = level); the last level
/// never compacts further and scores 0.
pub fn compaction_scores(v: &Version, opts: &Options, t: &LevelTargets) -> Vec<f64> {
    let num_levels = v.levels.len();
    let mut scores = vec![0.0; num_levels];
    if num_levels < 2 {
        return scores;
    }
    let mut total_downcompact = 0.0f64;
    // Level 0: file count against the trigger, and size against the base level.
    let mut l0_runs = 0usize;
    let mut l0_size = 0u64;
    for f in &v.levels[0] {
        total_downcompact += f.file_size as f64;
        if !busy(f) {
            l0_size += f.file_size;
            l0_runs += 1;
        }
    }
    let mut score = l0_runs as f64 / opts.level0_file_num_compaction_trigger.max(1) as f64;
    if opts.level_compaction_dynamic_level_bytes {
        if l0_size >= opts.max_bytes_for_level_base {
            score = score.max(1.01);
        }
        if l0_size > t.target(t.base_level) {
            let base_size = v.level_bytes(t.base_level);
            score = score.max(l0_size as f64 / base_size.max(t.target(t.base_level)) as f64);
        }
        if score > 1.0 {
            score *= SCORE_SCALE;
        }
    } else {
        score = score.max(l0_size as f64 / opts.max_bytes_for_level_base.max(1) as f64);
    }
    scores[0] = score;
    for level in 1..num_levels - 1 {
        let mut not_compacting = 0u64;
        let mut total = 0u64;
        for f in &v.levels[level] {
            total += f.file_size;
            if !busy(f) {
                not_compacting += f.file_size;
            }
        }
        let target = t.target(level);
        let mut s;
        if !opts.level_compaction_dynamic_level_bytes {
            s = not_compacting as f64 / target.max(1) as f64;
        } else {
            if not_compacting < target {
                s = not_compacting as f64 / target.max(1) as f64;
            } else {
                s = not_compacting as f64 / (target as f64 + total_downcompact) * SCORE_SCALE;
            }
            if let Some(lu) = t.lowest_unnecessary_level {
                if not_compacting > 0 && level <= lu {
                    s = s.max(SCORE_SCALE * (1.001 + 0.001 * (lu - level) as f64));
                }
            }
        }
        if t.lowest_unnecessary_level.map_or(false, |lu| level <= lu) {
            total_downcompact += total as f64;
        } else if total > target {
            total_downcompact += (total - target) as f64;
        }
        scores[level] = s;
    }
    scores
}

/// RocksDB's EstimateCompactionBytesNeeded: the bytes compaction must rewrite to bring every
/// level under its target. Bytes moving down are counted once per level they are merged into
/// (not once per level that is over target), which is what keeps the estimate from growing
/// with the number of over-target levels.
pub fn estimated_compaction_bytes(v: &Version, opts: &Options, t: &LevelTargets) -> u64 {
    let num_levels = v.levels.len();
    if num_levels < 2 {
        return 0;
    }
    let l0_size = v.level_bytes(0);
    let mut estimate = 0u64;
    let mut to_next = 0u64;
    let l0_triggered = v.levels[0].len() as i32 >= opts.level0_file_num_compaction_trigger || l0_size >= opts.max_bytes_for_level_base;
    if l0_triggered {
        estimate = l0_size;
        to_next = l0_size;
    }
    for level in t.base_level..num_levels - 1 {
        let mut size = v.level_bytes(level);
        if level == t.base_level && l0_triggered {
            estimate += size;
        }
        size += to_next;
        to_next = 0;
        let target = t.target(level);
        if size > target {
            to_next = size - target;
            let next = v.level_bytes(level + 1);
            if next > 0 && size > 0 {
                estimate += ((to_next as f64) * (next as f64 / size as f64 + 1.0)) as u64;
            }
        }
    }
    estimate
}

/// The smallest and largest user keys of `files` (None when there are none).
pub fn key_range(icmp: &InternalKeyComparator, files: &[Arc<FileMetaData>]) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut it = files.iter();
    let first = it.next()?;
    let mut lo = user_key(&first.smallest).to_vec();
    let mut hi = user_key(&first.largest).to_vec();
    for f in it {
        if icmp.user.compare(user_key(&f.smallest), &lo) == Ordering::Less {
            lo = user_key(&f.smallest).to_vec();
        }
        if icmp.user.compare(user_key(&f.largest), &hi) == Ordering::Greater {
            hi = user_key(&f.largest).to_vec();
        }
    }
    Some((lo, hi))
}

/// Whether no level below `output_level` holds data in [lo, hi].
pub fn is_bottommost(v: &Version, icmp: &InternalKeyComparator, output_level: usize, lo: &[u8], hi: &[u8]) -> bool {
    (output_level + 1..v.levels.len()).all(|l| v.overlapping_files(icmp, l, Some(lo), Some(hi)).is_empty())
}

/// Returns the next compaction to run, if any level's score is at least 1.
pub fn pick_compaction(v: &Version, icmp: &InternalKeyComparator, opts: &Options) -> Option<CompactionPlan> {
    if opts.disable_auto_compactions || v.levels.len() < 2 {
        return None;
    }
    let targets = level_targets(v, opts);
    let scores = compaction_scores(v, opts, &targets);
    let mut order: Vec<usize> = (0..scores.len()).filter(|l| scores[*l] >= 1.0).collect();
    order.sort_by(|a, b| scores[*b].partial_cmp(&scores[*a]).unwrap_or(Ordering::Equal));
    for level in order {
        let plan = if level == 0 { pick_level0(v, icmp, opts, &targets) } else { pick_level_n(v, icmp, opts, level) };
        if plan.is_some() {
            return plan;
        }
    }
    pick_marked(v, icmp, opts, &targets)
}

fn marked(f: &FileMetaData) -> bool {
    f.marked_for_compaction.load(AtomicOrdering::Acquire) && !busy(f)
}

/// The levels whose marked files may be compacted: all above the last level holding data
/// (RocksDB's ComputeFilesMarkedForCompaction: a file of the last level has nowhere to go).
pub fn last_level_for_marked_files(v: &Version) -> usize {
    (1..v.levels.len()).rev().find(|l| !v.levels[*l].is_empty()).map_or(0, |l| l - 1)
}

/// A compaction for the first marked file that can have one (RocksDB's
/// PickFilesMarkedForCompaction): a level-0 file goes with every level-0 file it overlaps to
/// the base level, a deeper file to the next level (moved when nothing there overlaps it).
fn pick_marked(v: &Version, icmp: &InternalKeyComparator, opts: &Options, t: &LevelTargets) -> Option<CompactionPlan> {
    for level in 0..=last_level_for_marked_files(v) {
        for f in v.levels.get(level).into_iter().flatten().filter(|f| marked(f)) {
            let plan = if level == 0 { pick_marked_level0(v, icmp, opts, t, f) } else { pick_marked_level_n(v, icmp, opts, level, f) };
            if plan.is_some() {
                return plan;
            }
        }
    }
    None
}

fn pick_marked_level0(v: &Version, icmp: &InternalKeyComparator, opts: &Options, t: &LevelTargets, f: &FileMetaData) -> Option<CompactionPlan> {
    if v.levels[0].iter().any(|f| busy(f)) {
        return None;
    }
    let output_level = t.base_level.max(1).min(v.levels.len() - 1);
    let inputs = v.overlapping_files(icmp, 0, Some(user_key(&f.smallest)), Some(user_key(&f.largest)));
    let (lo, hi) = key_range(icmp, &inputs)?;
    let output_inputs = v.overlapping_files(icmp, output_level, Some(&lo), Some(&hi));
    if output_inputs.iter().any(|o| busy(o)) {
        return None;
    }
    let (blo, bhi) = widen(icmp, &lo, &hi, &output_inputs);
    Some(CompactionPlan {
        level: 0,
        output_level,
        inputs,
        output_inputs,
        bottommost: is_bottommost(v, icmp, output_level, &blo, &bhi),
        trivial_move: false,
        kind: CompactionKind::Marked,
        max_grandparent_overlap: max_compaction_bytes(opts),
        max_subcompactions: 0,
        max_output_file_size: 0,
    })
}

fn pick_marked_level_n(v: &Version, icmp: &InternalKeyComparator, opts: &Options, level: usize, f: &Arc<FileMetaData>) -> Option<CompactionPlan> {
    let output_level = level + 1;
    if output_level >= v.levels.len() {
        return None;
    }
    let output_inputs = v.overlapping_files(icmp, output_level, Some(user_key(&f.smallest)), Some(user_key(&f.largest)));
    if output_inputs.iter().any(|o| busy(o)) {
        return None;
    }
    let inputs = vec![f.clone()];
    let (lo, hi) = key_range(icmp, &inputs)?;
    let (blo, bhi) = widen(icmp, &lo, &hi, &output_inputs);
    let trivial_move = output_inputs.is_empty();
    Some(CompactionPlan {
        level,
        output_level,
        inputs,
        output_inputs,
        bottommost: is_bottommost(v, icmp, output_level, &blo, &bhi),
        trivial_move,
        kind: if trivial_move { CompactionKind::TrivialMove } else { CompactionKind::Marked },
        max_grandparent_overlap: max_compaction_bytes(opts),
        max_subcompactions: 0,
        max_output_file_size: 0,
    })
}

fn pick_level0(v: &Version, icmp: &InternalKeyComparator, opts: &Options, t: &LevelTargets) -> Option<CompactionPlan> {
    let l0 = &v.levels[0];
    if l0.iter().any(|f| busy(f)) {
        return None;
    }
    let output_level = t.base_level.max(1).min(v.levels.len() - 1);
    let inputs = l0.clone();
    let (lo, hi) = key_range(icmp, &inputs)?;
    let output_inputs = v.overlapping_files(icmp, output_level, Some(&lo), Some(&hi));
    if output_inputs.iter().any(|f| busy(f)) {
        // The base level is busy: merge level-0 files among themselves instead, so reads
        // and the L0 stall triggers see fewer files.
        return pick_intra_l0(v, opts);
    }
    let (blo, bhi) = widen(icmp, &lo, &hi, &output_inputs);
    let bottommost = is_bottommost(v, icmp, output_level, &blo, &bhi);
    Some(CompactionPlan {
        level: 0,
        output_level,
        inputs,
        output_inputs,
        bottommost,
        trivial_move: false,
        kind: CompactionKind::L0ToBase,
        max_grandparent_overlap: max_compaction_bytes(opts),
        max_subcompactions: 0,
        max_output_file_size: 0,
    })
}

/// Level-0 files, newest first, while their total stays within max_compaction_bytes and the
/// per-file work keeps shrinking (RocksDB's FindIntraL0Compaction).
fn pick_intra_l0(v: &Version, opts: &Options) -> Option<CompactionPlan> {
    let l0 = &v.levels[0];
    let limit = max_compaction_bytes(opts);
    let mut picked: Vec<Arc<FileMetaData>> = Vec::new();
    let mut total = 0u64;
    let mut best = 0usize;
    let mut best_per_file = f64::MAX;
    for f in l0 {
        if busy(f) {
            break;
        }
        if total + f.file_size > limit && !picked.is_empty() {
            break;
        }
        total += f.file_size;
        picked.push(f.clone());
        let per_file = total as f64 / (picked.len() - 1).max(1) as f64;
        if picked.len() >= MIN_FILES_FOR_INTRA_L0 && per_file <= best_per_file {
            best = picked.len();
            best_per_file = per_file;
        }
    }
    if best < MIN_FILES_FOR_INTRA_L0 {
        return None;
    }
    picked.truncate(best);
    Some(CompactionPlan {
        level: 0,
        output_level: 0,
        inputs: picked,
        output_inputs: Vec::new(),
        bottommost: false,
        trivial_move: false,
        kind: CompactionKind::IntraL0,
        max_grandparent_overlap: u64::MAX,
        max_subcompactions: 0,
        max_output_file_size: 0,
    })
}

fn widen(icmp: &InternalKeyComparator, lo: &[u8], hi: &[u8], more: &[Arc<FileMetaData>]) -> (Vec<u8>, Vec<u8>) {
    match key_range(icmp, more) {
        Some((a, b)) => (
            if icmp.user.compare(&a, lo) == Ordering::Less { a } else { lo.to_vec() },
            if icmp.user.compare(&b, hi) == Ordering::Greater { b } else { hi.to_vec() },
        ),
        None => (lo.to_vec(), hi.to_vec()),
    }
}

/// One file of `level` with the smallest ratio of overlapping next-level bytes to its own size
/// (RocksDB's kMinOverlappingRatio), with its overlap in the next level.
fn pick_level_n(v: &Version, icmp: &InternalKeyComparator, opts: &Options, level: usize) -> Option<CompactionPlan> {
    let output_level = level + 1;
    if output_level >= v.levels.len() {
        return None;
    }
    let mut best: Option<(f64, Arc<FileMetaData>, Vec<Arc<FileMetaData>>)> = None;
    for f in &v.levels[level] {
        if busy(f) {
            continue;
        }
        let overlap = v.overlapping_files(icmp, output_level, Some(user_key(&f.smallest)), Some(user_key(&f.largest)));
        if overlap.iter().any(|o| busy(o)) {
            continue;
        }
        let overlap_bytes: u64 = overlap.iter().map(|o| o.file_size).sum();
        let ratio = overlap_bytes as f64 * 1024.0 / f.file_size.max(1) as f64;
        if best.as_ref().map_or(true, |(r, _, _)| ratio < *r) {
            best = Some((ratio, f.clone(), overlap));
        }
    }
    let (_, file, output_inputs) = best?;
    let inputs = vec![file];
    let (lo, hi) = key_range(icmp, &inputs)?;
    let (blo, bhi) = widen(icmp, &lo, &hi, &output_inputs);
    let bottommost = is_bottommost(v, icmp, output_level, &blo, &bhi);
    let trivial_move = output_inputs.is_empty();
    Some(CompactionPlan {
        level,
        output_level,
        inputs,
        output_inputs,
        bottommost,
        trivial_move,
        kind: if trivial_move { CompactionKind::TrivialMove } else { CompactionKind::LevelToNext },
        max_grandparent_overlap: max_compaction_bytes(opts),
        max_subcompactions: 0,
        max_output_file_size: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{make_internal_key, ValueType};

    fn file(number: u64, lo: &str, hi: &str, size: u64, seq: u64) -> Arc<FileMetaData> {
        let mut f = FileMetaData::default();
        f.number = number;
        f.file_size = size;
        f.smallest = make_internal_key(lo.as_bytes(), seq, ValueType::Value);
        f.largest = make_internal_key(hi.as_bytes(), seq, ValueType::Value);
        f.smallest_seqno = seq;
        f.largest_seqno = seq;
        Arc::new(f)
    }

    fn version(levels: Vec<Vec<Arc<FileMetaData>>>) -> Version {
        let mut v = Version::default();
        v.levels = levels;
        v.levels.resize(7, Vec::new());
        v
    }

    const MB: u64 = 1 << 20;

    #[test]
    fn dynamic_targets_follow_the_last_level() {
        let o = Options::default(); // 256 MiB base, x10, dynamic on
        // Empty tree: base level is the last level.
        let t = level_targets(&version(vec![]), &o);
        assert_eq!(t.base_level, 6);
        // 10 GiB at L6: dividing by 10 gives 1 GiB at L5 and ~102 MiB at L4, the first level
        // under max_bytes_for_level_base: L4 is the base level, and no target is below 256 MiB.
        let v = version(vec![vec![], vec![], vec![], vec![], vec![], vec![], vec![file(1, "a", "z", 10 << 30, 1)]]);
        let t = level_targets(&v, &o);
        assert_eq!(t.base_level, 4);
        assert_eq!(t.target(3), u64::MAX);
        assert_eq!(t.target(4), 256 * MB);
        assert_eq!(t.target(5), 1_073_741_820);
        assert_eq!(t.target(6), 10_737_418_200);
        // Static targets without dynamic level bytes.
        let mut s = o.clone();
        s.level_compaction_dynamic_level_bytes = false;
        let t = level_targets(&v, &s);
        assert_eq!((t.base_level, t.target(1), t.target(2)), (1, 256 * MB, 2560 * MB));
    }

    #[test]
    fn level0_score_counts_files_and_l0_goes_to_the_base_level() {
        let o = Options::default();
        let l0: Vec<_> = (0..4).map(|i| file(10 + i, "a", "m", MB, 100 - i)).collect();
        let v = version(vec![l0.clone(), vec![], vec![], vec![], vec![], vec![], vec![file(1, "a", "z", 500 * MB, 1)]]);
        let t = level_targets(&v, &o);
        let s = compaction_scores(&v, &o, &t);
        // 4 files / trigger 4 = 1.0: due, but not scaled (only scores above 1.0 are).
        assert_eq!(s[0], 1.0);
        let plan = pick_compaction(&v, &InternalKeyComparator::default(), &o).unwrap();
        assert_eq!((plan.level, plan.output_level, plan.kind), (0, t.base_level, CompactionKind::L0ToBase));
        assert_eq!(plan.inputs.len(), 4);
        // 500 MiB at L6 makes L5 the base level (L5 target 256 MiB), which is empty.
        assert_eq!(t.base_level, 5);
        assert!(plan.output_inputs.is_empty());
        // More L0 files raise the score (scaled x10 above 1.0).
        let l0: Vec<_> = (0..8).map(|i| file(10 + i, "a", "m", MB, 100 - i)).collect();
        let v = version(vec![l0, vec![], vec![], vec![], vec![], vec![], vec![file(1, "a", "z", 500 * MB, 1)]]);
        assert_eq!(compaction_scores(&v, &o, &level_targets(&v, &o))[0], 20.0);
    }

    #[test]
    fn intra_l0_when_the_base_level_is_busy_bounded_by_max_compaction_bytes() {
        let mut o = Options::default();
        o.target_file_size_base = MB; // max_compaction_bytes 0 -> 25 MiB
        let l0: Vec<_> = (0..8).map(|i| file(10 + i, "a", "m", 4 * MB, 100 - i)).collect();
        // 2 GiB at L6 makes L5 the base level; its one file is being compacted.
        let base = file(1, "a", "z", 100 * MB, 2);
        base.being_compacted.store(true, AtomicOrdering::Release);
        let v = version(vec![l0, vec![], vec![], vec![], vec![], vec![base], vec![file(2, "a", "z", 2 << 30, 1)]]);
        assert_eq!(level_targets(&v, &o).base_level, 5);
        let plan = pick_compaction(&v, &InternalKeyComparator::default(), &o).unwrap();
        assert_eq!(plan.kind, CompactionKind::IntraL0);
        assert_eq!(plan.output_level, 0);
        // 6 files of 4 MiB fit in 25 MiB; a 7th would not.
        assert_eq!(plan.inputs.len(), 6);
        assert_eq!(plan.inputs[0].number, 10);
    }

    #[test]
    fn level_n_picks_smallest_overlap_and_moves_trivially() {
        let mut o = Options::default();
        o.level_compaction_dynamic_level_bytes = false;
        o.max_bytes_for_level_base = 10 * MB;
        let l1 = vec![file(1, "a", "c", 6 * MB, 5), file(2, "d", "f", 6 * MB, 5), file(3, "g", "i", 6 * MB, 5)];
        let l2 = vec![file(4, "a", "b", 20 * MB, 1), file(5, "d", "e", 1 * MB, 1)];
        let v = version(vec![vec![], l1, l2]);
        let plan = pick_compaction(&v, &InternalKeyComparator::default(), &o).unwrap();
        // File 3 overlaps nothing: ratio 0, moved by a MANIFEST edit.
        assert_eq!((plan.level, plan.inputs[0].number, plan.trivial_move), (1, 3, true));
        assert_eq!(plan.kind, CompactionKind::TrivialMove);
        let v = version(vec![vec![], vec![file(1, "a", "c", 6 * MB, 5), file(2, "d", "f", 6 * MB, 5)], vec![file(4, "a", "b", 20 * MB, 1), file(5, "d", "e", MB, 1)]]);
        let plan = pick_compaction(&v, &InternalKeyComparator::default(), &o).unwrap();
        assert_eq!((plan.inputs[0].number, plan.output_inputs.len(), plan.output_inputs[0].number), (2, 1, 5));
        assert!(plan.bottommost);
    }

    #[test]
    fn pending_bytes_do_not_multiply_across_levels() {
        let mut o = Options::default();
        o.level_compaction_dynamic_level_bytes = false;
        o.max_bytes_for_level_base = 10 * MB;
        // L1 is 5 MiB over target; L2 is at its target of 100 MiB.
        let v = version(vec![vec![], vec![file(1, "a", "z", 15 * MB, 2)], vec![file(2, "a", "z", 100 * MB, 1)]]);
        let t = level_targets(&v, &o);
        let est = estimated_compaction_bytes(&v, &o, &t);
        // 5 MiB move down, merged with L2's share: 5 * (100/15 + 1) MiB, counted once.
        let want = (5.0 * MB as f64 * (100.0 / 15.0 + 1.0)) as u64;
        assert_eq!(est, want);
    }

    #[test]
    fn marked_files_are_compacted_when_no_level_needs_it() {
        let o = Options::default();
        let icmp = InternalKeyComparator::default();
        // Two L0 files below the trigger, one overlapping the other, and data at L6.
        let l0 = vec![file(11, "c", "f", MB, 20), file(10, "e", "h", MB, 10), file(9, "x", "z", MB, 5)];
        let l6 = vec![file(1, "a", "m", 50 * MB, 1), file(2, "n", "z", 50 * MB, 1)];
        let v = version(vec![l0.clone(), vec![], vec![], vec![], vec![], vec![], l6.clone()]);
        assert!(pick_compaction(&v, &icmp, &o).is_none());
        // Marking #11 brings #10 (overlapping) along, into the base level (L6 here).
        l0[0].marked_for_compaction.store(true, AtomicOrdering::Release);
        let plan = pick_compaction(&v, &icmp, &o).unwrap();
        assert_eq!((plan.kind, plan.level, plan.output_level), (CompactionKind::Marked, 0, 6));
        let mut numbers: Vec<u64> = plan.inputs.iter().map(|f| f.number).collect();
        numbers.sort();
        assert_eq!(numbers, vec![10, 11]);
        assert_eq!(plan.output_inputs.iter().map(|f| f.number).collect::<Vec<_>>(), vec![1]);
        // Files of the last level holding data are never picked for a mark.
        l0[0].marked_for_compaction.store(false, AtomicOrdering::Release);
        l6[0].marked_for_compaction.store(true, AtomicOrdering::Release);
        assert!(pick_compaction(&v, &icmp, &o).is_none());
        // A level score of 1 or more comes first.
        l0[0].marked_for_compaction.store(true, AtomicOrdering::Release);
        let l0_full: Vec<_> = (0..4).map(|i| file(20 + i, "a", "b", MB, 100 - i)).chain(l0.iter().cloned()).collect();
        let v = version(vec![l0_full, vec![], vec![], vec![], vec![], vec![], l6]);
        assert_eq!(pick_compaction(&v, &icmp, &o).unwrap().kind, CompactionKind::L0ToBase);
    }
}
