//! `CompactionPlan`: what one compaction rewrites (input files of a start level and the
//! overlapping files of the output level) and how (its kind, whether it is bottommost, a
//! trivial move, its output limits). `CompactionPlan::new` is the one place a plan is built,
//! for the automatic picker (`picker.rs`), manual compactions (`manual.rs`) and tests, so
//! every plan decides bottommost-ness and its grandparent limit by the same rules.
//!
//! Pure: a `Version` and the options in, a plan out.

use crate::key::{user_key, InternalKeyComparator};
use crate::options::Options;
use crate::version::edit::FileMetaData;
use crate::version::version::Version;
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Table file numbers (a set of files in the compaction state of a database).
pub type FileSet = BTreeSet<u64>;

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
    /// Requested by the user (CompactRange, CompactFiles).
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
    /// Nothing older than the inputs holds data in their key range (no level below
    /// `output_level`, nor an older level-0 file when the output is level 0).
    pub bottommost: bool,
    /// Move the inputs by a MANIFEST edit alone (nothing overlaps them in the output level).
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
    /// Which of the family's table directories the outputs go to: `None` chooses by the
    /// output level (RocksDB's GetPathId, for automatic compactions); a manual compaction
    /// writes to its CompactRangeOptions::target_path_id (0 by default) or CompactFiles'
    /// output_path_id.
    pub output_path_id: Option<u32>,
    /// The outputs' codec instead of the output level's (CompactFiles' compression option).
    pub compression: Option<crate::options::CompressionType>,
}

impl CompactionPlan {
    /// A plan compacting `inputs` (of `level`) with `output_inputs` (of `output_level`).
    /// A `TrivialMove` plan moves its inputs; every other kind rewrites them (a manual plan
    /// may ask to move with `with_trivial_move`). Intra-L0 outputs are not cut at
    /// grandparent boundaries (there is no grandparent level).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        v: &Version,
        icmp: &InternalKeyComparator,
        opts: &Options,
        kind: CompactionKind,
        level: usize,
        inputs: Vec<Arc<FileMetaData>>,
        output_level: usize,
        output_inputs: Vec<Arc<FileMetaData>>,
    ) -> CompactionPlan {
        let bottommost = is_bottommost(v, icmp, output_level, &inputs, &output_inputs);
        CompactionPlan {
            level,
            output_level,
            inputs,
            output_inputs,
            bottommost,
            trivial_move: kind == CompactionKind::TrivialMove,
            kind,
            max_grandparent_overlap: if kind == CompactionKind::IntraL0 { u64::MAX } else { max_compaction_bytes(opts) },
            max_subcompactions: 0,
            max_output_file_size: 0,
            output_path_id: if kind == CompactionKind::Manual { Some(0) } else { None },
            compression: None,
        }
    }

    pub fn with_output_path_id(mut self, path_id: u32) -> Self {
        self.output_path_id = Some(path_id);
        self
    }

    pub fn with_trivial_move(mut self, trivial_move: bool) -> Self {
        self.trivial_move = trivial_move;
        self
    }

    pub fn with_max_subcompactions(mut self, n: u32) -> Self {
        self.max_subcompactions = n;
        self
    }

    pub fn with_compression(mut self, compression: Option<crate::options::CompressionType>) -> Self {
        self.compression = compression;
        self
    }

    pub fn with_max_output_file_size(mut self, limit: u64) -> Self {
        self.max_output_file_size = limit;
        self
    }

    pub fn all_inputs(&self) -> impl Iterator<Item = &Arc<FileMetaData>> {
        self.inputs.iter().chain(self.output_inputs.iter())
    }
}

/// max_compaction_bytes, where 0 means 25 x target_file_size_base (RocksDB's sanitization).
pub fn max_compaction_bytes(opts: &Options) -> u64 {
    if opts.max_compaction_bytes == 0 {
        opts.target_file_size_base.saturating_mul(25)
    } else {
        opts.max_compaction_bytes
    }
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

/// RocksDB's Compaction::IsBottommostLevel: whether no data older than the compaction's
/// inputs can exist in the key range of all of them (the output level's files included, as
/// the output covers their range): no file of a level below `output_level`, and, for an
/// output in level 0, no level-0 file older than the inputs (RangeMightExistAfterSortedRun).
pub fn is_bottommost(
    v: &Version,
    icmp: &InternalKeyComparator,
    output_level: usize,
    inputs: &[Arc<FileMetaData>],
    output_inputs: &[Arc<FileMetaData>],
) -> bool {
    let all: Vec<Arc<FileMetaData>> = inputs.iter().chain(output_inputs).cloned().collect();
    let Some((lo, hi)) = key_range(icmp, &all) else { return true };
    if output_level == 0 {
        let l0 = v.files(0);
        // Level 0 is newest first: the files after the last input are older.
        let last_input = l0.iter().rposition(|f| all.iter().any(|i| i.number == f.number));
        let older = &l0[last_input.map_or(0, |p| p + 1)..];
        let ucmp = &icmp.user;
        let overlaps = |f: &FileMetaData| {
            ucmp.compare(user_key(&f.largest), &lo) != Ordering::Less && ucmp.compare(user_key(&f.smallest), &hi) != Ordering::Greater
        };
        if older.iter().any(|f| overlaps(f)) {
            return false;
        }
    }
    (output_level + 1..v.levels.len()).all(|l| v.overlapping_files(icmp, l, Some(&lo), Some(&hi)).is_empty())
}
