//! Leveled compaction picking as RocksDB's `LevelCompactionPicker` does it: the level with
//! the highest score (`score.rs`) at 1 or more is compacted first, its file chosen by the
//! smallest overlapping ratio (RocksDB's default `kMinOverlappingRatio`), a file overlapping
//! nothing below is moved trivially, level 0 goes whole into the base level (or, when the
//! base level is busy, merges among itself bounded by `max_compaction_bytes`), and files
//! marked for compaction (`suggest_compact_range`) are compacted when no level scores 1 or
//! more.
//!
//! Pure: a `Version`, the options and the database's file states (which files running jobs
//! own, which are marked) in; a `CompactionPlan` out. No I/O, no shared mutable state.
//! Data-driven tests: `testdata/picker/*.txt`, run by `picker_tests.rs`.

use super::plan::{key_range, max_compaction_bytes, CompactionKind, CompactionPlan, FileSet};
use super::score::{compaction_scores, level_targets, LevelTargets};
use crate::key::{user_key, InternalKeyComparator};
use crate::options::Options;
use crate::version::edit::FileMetaData;
use crate::version::version::Version;
use std::cmp::Ordering;
use std::sync::Arc;

/// Intra-L0 compaction needs at least this many files (RocksDB's kMinFilesForIntraL0Compaction).
const MIN_FILES_FOR_INTRA_L0: usize = 4;

/// What the database knows of its files beyond the version: which are inputs of running
/// compactions (a picker leaves them alone) and which are marked for compaction.
#[derive(Clone, Copy, Debug)]
pub struct FileStates<'a> {
    pub compacting: &'a FileSet,
    pub marked: &'a FileSet,
}

impl FileStates<'_> {
    fn busy(&self, f: &FileMetaData) -> bool {
        self.compacting.contains(&f.number)
    }
    fn marked(&self, f: &FileMetaData) -> bool {
        self.marked.contains(&f.number) && !self.busy(f)
    }
}

/// Returns the next compaction to run, if any level's score is at least 1 or a marked file
/// can be compacted.
pub fn pick_compaction(v: &Version, icmp: &InternalKeyComparator, opts: &Options, files: FileStates<'_>) -> Option<CompactionPlan> {
    if opts.disable_auto_compactions || v.levels.len() < 2 {
        return None;
    }
    let targets = level_targets(v, opts);
    let scores = compaction_scores(v, opts, &targets, files.compacting);
    let mut order: Vec<usize> = (0..scores.len()).filter(|l| scores[*l] >= 1.0).collect();
    order.sort_by(|a, b| scores[*b].partial_cmp(&scores[*a]).unwrap_or(Ordering::Equal));
    let picker = Picker { v, icmp, opts, files };
    for level in order {
        let plan = if level == 0 { picker.level0(&targets) } else { picker.level_n(level) };
        if plan.is_some() {
            return plan;
        }
    }
    picker.marked(&targets)
}

/// The levels whose marked files may be compacted: all above the last level holding data
/// (RocksDB's ComputeFilesMarkedForCompaction: a file of the last level has nowhere to go).
pub fn last_level_for_marked_files(v: &Version) -> usize {
    (1..v.levels.len()).rev().find(|l| !v.levels[*l].is_empty()).map_or(0, |l| l - 1)
}

struct Picker<'a> {
    v: &'a Version,
    icmp: &'a InternalKeyComparator,
    opts: &'a Options,
    files: FileStates<'a>,
}

impl Picker<'_> {
    fn plan(&self, kind: CompactionKind, level: usize, inputs: Vec<Arc<FileMetaData>>, output_level: usize, output_inputs: Vec<Arc<FileMetaData>>) -> CompactionPlan {
        CompactionPlan::new(self.v, self.icmp, self.opts, kind, level, inputs, output_level, output_inputs)
    }

    fn any_busy(&self, files: &[Arc<FileMetaData>]) -> bool {
        files.iter().any(|f| self.files.busy(f))
    }

    /// Where level 0 compacts into.
    fn base_level(&self, t: &LevelTargets) -> usize {
        t.base_level.max(1).min(self.v.levels.len() - 1)
    }

    /// A compaction for the first marked file that can have one (RocksDB's
    /// PickFilesMarkedForCompaction): a level-0 file goes with every level-0 file it overlaps
    /// to the base level, a deeper file to the next level (moved when nothing there overlaps it).
    fn marked(&self, t: &LevelTargets) -> Option<CompactionPlan> {
        for level in 0..=last_level_for_marked_files(self.v) {
            for f in self.v.levels.get(level).into_iter().flatten().filter(|f| self.files.marked(f)) {
                let plan = if level == 0 { self.marked_level0(t, f) } else { self.marked_level_n(level, f) };
                if plan.is_some() {
                    return plan;
                }
            }
        }
        None
    }

    fn marked_level0(&self, t: &LevelTargets, f: &FileMetaData) -> Option<CompactionPlan> {
        if self.any_busy(&self.v.levels[0]) {
            return None;
        }
        let output_level = self.base_level(t);
        let inputs = self.v.overlapping_files(self.icmp, 0, Some(user_key(&f.smallest)), Some(user_key(&f.largest)));
        let (lo, hi) = key_range(self.icmp, &inputs)?;
        let output_inputs = self.v.overlapping_files(self.icmp, output_level, Some(&lo), Some(&hi));
        if self.any_busy(&output_inputs) {
            return None;
        }
        Some(self.plan(CompactionKind::Marked, 0, inputs, output_level, output_inputs))
    }

    fn marked_level_n(&self, level: usize, f: &Arc<FileMetaData>) -> Option<CompactionPlan> {
        let output_level = level + 1;
        if output_level >= self.v.levels.len() {
            return None;
        }
        let output_inputs = self.v.overlapping_files(self.icmp, output_level, Some(user_key(&f.smallest)), Some(user_key(&f.largest)));
        if self.any_busy(&output_inputs) {
            return None;
        }
        let kind = if output_inputs.is_empty() { CompactionKind::TrivialMove } else { CompactionKind::Marked };
        Some(self.plan(kind, level, vec![f.clone()], output_level, output_inputs))
    }

    fn level0(&self, t: &LevelTargets) -> Option<CompactionPlan> {
        let l0 = &self.v.levels[0];
        if self.any_busy(l0) {
            return None;
        }
        let output_level = self.base_level(t);
        let inputs = l0.clone();
        let (lo, hi) = key_range(self.icmp, &inputs)?;
        let output_inputs = self.v.overlapping_files(self.icmp, output_level, Some(&lo), Some(&hi));
        if self.any_busy(&output_inputs) {
            // The base level is busy: merge level-0 files among themselves instead, so reads
            // and the L0 stall triggers see fewer files.
            return self.intra_l0();
        }
        Some(self.plan(CompactionKind::L0ToBase, 0, inputs, output_level, output_inputs))
    }

    /// Level-0 files, newest first, while their total stays within max_compaction_bytes and
    /// the per-file work keeps shrinking (RocksDB's FindIntraL0Compaction).
    fn intra_l0(&self) -> Option<CompactionPlan> {
        let limit = max_compaction_bytes(self.opts);
        let mut picked: Vec<Arc<FileMetaData>> = Vec::new();
        let mut total = 0u64;
        let mut best = 0usize;
        let mut best_per_file = f64::MAX;
        for f in &self.v.levels[0] {
            if self.files.busy(f) {
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
        Some(self.plan(CompactionKind::IntraL0, 0, picked, 0, Vec::new()))
    }

    /// One file of `level` with the smallest ratio of overlapping next-level bytes to its own
    /// size (RocksDB's kMinOverlappingRatio), with its overlap in the next level.
    fn level_n(&self, level: usize) -> Option<CompactionPlan> {
        let output_level = level + 1;
        if output_level >= self.v.levels.len() {
            return None;
        }
        let mut best: Option<(f64, Arc<FileMetaData>, Vec<Arc<FileMetaData>>)> = None;
        for f in &self.v.levels[level] {
            if self.files.busy(f) {
                continue;
            }
            let overlap = self.v.overlapping_files(self.icmp, output_level, Some(user_key(&f.smallest)), Some(user_key(&f.largest)));
            if self.any_busy(&overlap) {
                continue;
            }
            let overlap_bytes: u64 = overlap.iter().map(|o| o.file_size).sum();
            let ratio = overlap_bytes as f64 * 1024.0 / f.file_size.max(1) as f64;
            if best.as_ref().map_or(true, |(r, _, _)| ratio < *r) {
                best = Some((ratio, f.clone(), overlap));
            }
        }
        let (_, file, output_inputs) = best?;
        let kind = if output_inputs.is_empty() { CompactionKind::TrivialMove } else { CompactionKind::LevelToNext };
        Some(self.plan(kind, level, vec![file], output_level, output_inputs))
    }
}
