//! A first leveled picker: level-0 files into level 1 once L0 reaches its trigger, and a level whose
//! size is over its target into the next level one file at a time, with trivial moves when nothing
//! overlaps. Pure: a `Version` and options in, a `CompactionPlan` out. (The full RocksDB scoring,
//! dynamic level bytes and intra-L0 compaction are the leveled-compaction issue.)

use crate::key::{user_key, InternalKeyComparator};
use crate::options::Options;
use crate::version::edit::FileMetaData;
use crate::version::version::Version;
use std::cmp::Ordering;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;

#[derive(Debug)]
pub struct CompactionPlan {
    pub level: usize,
    pub output_level: usize,
    /// Files of `level`.
    pub inputs: Vec<Arc<FileMetaData>>,
    /// Overlapping files of `output_level`.
    pub output_inputs: Vec<Arc<FileMetaData>>,
    /// No level below `output_level` holds data in the key range.
    pub bottommost: bool,
    /// One input file and nothing overlapping: move it by a MANIFEST edit alone.
    pub trivial_move: bool,
}

impl CompactionPlan {
    pub fn all_inputs(&self) -> impl Iterator<Item = &Arc<FileMetaData>> {
        self.inputs.iter().chain(self.output_inputs.iter())
    }
}

fn busy(f: &FileMetaData) -> bool {
    f.being_compacted.load(AtomicOrdering::Acquire)
}

/// Target size of level `level` (>= 1) as RocksDB computes it without dynamic level bytes.
pub fn level_target_bytes(opts: &Options, level: usize) -> u64 {
    let mut t = opts.max_bytes_for_level_base as f64;
    for l in 1..level {
        t *= opts.max_bytes_for_level_multiplier;
        if let Some(extra) = opts.max_bytes_for_level_multiplier_additional.get(l - 1) {
            t *= (*extra).max(1) as f64;
        }
    }
    t as u64
}

fn key_range(icmp: &InternalKeyComparator, files: &[Arc<FileMetaData>]) -> Option<(Vec<u8>, Vec<u8>)> {
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

fn is_bottommost(v: &Version, icmp: &InternalKeyComparator, output_level: usize, lo: &[u8], hi: &[u8]) -> bool {
    (output_level + 1..v.levels.len()).all(|l| v.overlapping_files(icmp, l, Some(lo), Some(hi)).is_empty())
}

/// Returns the next compaction to run, if any level needs one.
pub fn pick_compaction(v: &Version, icmp: &InternalKeyComparator, opts: &Options) -> Option<CompactionPlan> {
    if opts.disable_auto_compactions || v.levels.len() < 2 {
        return None;
    }
    let l0 = &v.levels[0];
    if l0.len() >= opts.level0_file_num_compaction_trigger.max(1) as usize && !l0.iter().any(|f| busy(f)) {
        if let Some(plan) = plan_for(v, icmp, 0, l0.clone()) {
            return Some(plan);
        }
    }
    // The deepest-first check keeps small upper levels from starving big ones only loosely; the
    // leveled-compaction issue replaces this with RocksDB's scores.
    let last = v.levels.len() - 1;
    let mut best: Option<(f64, usize)> = None;
    for level in 1..last {
        let bytes = v.level_bytes(level);
        let score = bytes as f64 / level_target_bytes(opts, level).max(1) as f64;
        if score > 1.0 && best.map_or(true, |(s, _)| score > s) {
            best = Some((score, level));
        }
    }
    let (_, level) = best?;
    // The file with the largest key range overlap ratio is what RocksDB's min_overlapping_ratio
    // would avoid; here: the first file not being compacted whose next-level overlap is free.
    for f in &v.levels[level] {
        if busy(f) {
            continue;
        }
        if let Some(plan) = plan_for(v, icmp, level, vec![f.clone()]) {
            return Some(plan);
        }
    }
    None
}

fn plan_for(v: &Version, icmp: &InternalKeyComparator, level: usize, inputs: Vec<Arc<FileMetaData>>) -> Option<CompactionPlan> {
    let output_level = level + 1;
    let (lo, hi) = key_range(icmp, &inputs)?;
    let output_inputs = v.overlapping_files(icmp, output_level, Some(&lo), Some(&hi));
    if output_inputs.iter().any(|f| busy(f)) {
        return None;
    }
    let (blo, bhi) = match key_range(icmp, &output_inputs) {
        Some((a, b)) => (
            if icmp.user.compare(&a, &lo) == Ordering::Less { a } else { lo.clone() },
            if icmp.user.compare(&b, &hi) == Ordering::Greater { b } else { hi.clone() },
        ),
        None => (lo.clone(), hi.clone()),
    };
    let bottommost = is_bottommost(v, icmp, output_level, &blo, &bhi);
    let trivial_move = inputs.len() == 1 && output_inputs.is_empty() && level > 0;
    Some(CompactionPlan { level, output_level, inputs, output_inputs, bottommost, trivial_move })
}

/// Target size of one output table at `level` (target_file_size_base x multiplier^(level-1)).
pub fn level_target_file_size(opts: &Options, level: usize) -> u64 {
    let mut t = opts.target_file_size_base.max(1);
    for _ in 1..level {
        t = t.saturating_mul(opts.target_file_size_multiplier.max(1) as u64);
    }
    t
}
