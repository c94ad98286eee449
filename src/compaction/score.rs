//! Level targets and compaction scores as RocksDB computes them for leveled compaction
//! (`VersionStorageInfo::CalculateBaseBytes`, `ComputeCompactionScore`,
//! `EstimateCompactionBytesNeeded`): the size target of each level (with
//! `level_compaction_dynamic_level_bytes`, derived from the last level's size), one score per
//! level, and the bytes compaction still has to rewrite (the pending-bytes stall trigger).
//!
//! Pure: a `Version`, the options and the files being compacted in; numbers out.

use super::plan::FileSet;
use crate::options::Options;
use crate::version::version::Version;

/// RocksDB scales scores above 1.0 by this factor so that secondary factors can lower a
/// score without dropping it below the 1.0 trigger.
const SCORE_SCALE: f64 = 10.0;

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
/// never compacts further and scores 0. Files in `compacting` (inputs of running
/// compactions) do not count towards their level's score.
pub fn compaction_scores(v: &Version, opts: &Options, t: &LevelTargets, compacting: &FileSet) -> Vec<f64> {
    let busy = |f: &crate::version::edit::FileMetaData| compacting.contains(&f.number);
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

