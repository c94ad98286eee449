//! `CompactionJob`: running a `CompactionPlan` — its inputs merged (level 0 file by file,
//! deeper levels through a level iterator), split into subcompaction ranges
//! (`subcompaction.rs`), each range run through the compaction rules and the user's filter
//! into tables of the output level cut at the target size and at grandparent boundaries
//! (`output.rs`) — and the `VersionEdit` that installs the result (`output_edit`, or
//! `moved_edit` for a trivial move).
//!
//! Thread-safety: `run` takes no lock; it shares only the `TableStore` with the db. The db
//! (`db/compaction.rs`) reserves the inputs before and installs the edit after.

use super::output::{write_surviving, OutputColumnFamily, OutputWriter};
use super::plan::{CompactionKind, CompactionPlan};
use super::score::level_target_file_size;
use super::store::TableStore;
use super::subcompaction::{run_subcompactions, subcompaction_ranges, KeyRange};
use super::{CompactionFilter, CountingFilter};
use crate::error::{Error, Result};
use crate::iter::level::LevelIterator;
use crate::iter::merging::MergingIterator;
use crate::iter::InternalIterator;
use crate::key::InternalKeyComparator;
use crate::rangedel::RangeTombstone;
use crate::table::reader::Table;
use crate::version::edit::{FileMetaData, VersionEdit};
use crate::version::version::Version;
use std::sync::Arc;

/// What a job tells the db while it runs (listeners and statistics); every method is called
/// on the thread running the range concerned.
pub trait JobObserver: Sync {
    /// Subcompaction `id` starts.
    fn range_begin(&self, id: usize);
    /// Subcompaction `id` ended after `elapsed`: the tables it wrote and their bytes, or its
    /// error.
    fn range_completed(&self, id: usize, elapsed: std::time::Duration, outcome: &Result<(Vec<FileMetaData>, u64)>);
    /// A finished range's user filter removed `n` values.
    fn filter_removed(&self, n: u64);
}

/// The tables a job wrote, in key order, not yet installed.
pub struct JobOutput {
    pub files: Vec<FileMetaData>,
    pub bytes_written: u64,
    /// How many subcompactions the job ran.
    pub ranges: usize,
}

pub struct CompactionJob<'a> {
    pub plan: &'a CompactionPlan,
    pub store: &'a dyn TableStore,
    pub icmp: InternalKeyComparator,
    pub cf: OutputColumnFamily<'a>,
    /// Live snapshot sequence numbers, ascending.
    pub snapshots: &'a [u64],
    /// The files of the level below the output level, where outputs may be cut.
    pub grandparents: Vec<Arc<FileMetaData>>,
    /// The database's `max_subcompactions` (a plan may say otherwise).
    pub db_max_subcompactions: u32,
}

/// The files a plan's outputs are cut against: the level below its output level, for an
/// output level above the last (none for level 0).
pub fn grandparents(plan: &CompactionPlan, v: &Version) -> Vec<Arc<FileMetaData>> {
    if plan.output_level + 1 < v.levels.len() && plan.output_level > 0 {
        v.levels[plan.output_level + 1].clone()
    } else {
        Vec::new()
    }
}

impl CompactionJob<'_> {
    /// Writes the plan's outputs; on failure no table of the job is left behind.
    /// Requires: not a trivial move (those need only `moved_edit`).
    pub fn run(&self, observer: &dyn JobObserver) -> Result<JobOutput> {
        let ranges = subcompaction_ranges(self.store, &self.icmp, &self.cf, self.db_max_subcompactions, self.plan);
        let compact_range_told = |range: &KeyRange| {
            let id = ranges.iter().position(|r| std::ptr::eq(r, range)).unwrap_or(0);
            observer.range_begin(id);
            let start = std::time::Instant::now();
            let r = self.compact_range(range, observer);
            observer.range_completed(id, start.elapsed(), &r);
            r
        };
        let out = run_subcompactions(self.store, self.cf.output_dir(), &ranges, &compact_range_told)?;
        Ok(JobOutput { files: out.files, bytes_written: out.bytes_written, ranges: out.ranges })
    }

    /// Where outputs are cut (CompactFiles' limit, else the output level's target file size).
    fn target_file_size(&self) -> u64 {
        match self.plan.max_output_file_size {
            0 => level_target_file_size(self.cf.opts, self.plan.output_level),
            limit => limit,
        }
    }

    /// One range's work; with subcompactions several run at once, each in its own key range.
    fn compact_range(&self, range: &KeyRange, observer: &dyn JobObserver) -> Result<(Vec<FileMetaData>, u64)> {
        let plan = self.plan;
        let opts = self.cf.opts;
        let inputs = self.open_tables(&plan.inputs)?;
        let output_inputs = self.open_tables(&plan.output_inputs)?;
        let mut children: Vec<Box<dyn InternalIterator>> = Vec::new();
        if plan.level == 0 {
            children.extend(inputs.iter().map(|t| Box::new(t.iter_for_compaction()) as Box<dyn InternalIterator>));
        } else {
            children.push(self.level_iterator(&plan.inputs, &inputs));
        }
        if !plan.output_inputs.is_empty() {
            children.push(self.level_iterator(&plan.output_inputs, &output_inputs));
        }
        let mut input = range.bound(self.icmp.user.clone(), MergingIterator::new(self.icmp.clone(), children));
        let mut out = OutputWriter::new(self.store, self.icmp.clone(), self.cf, plan.output_level, self.target_file_size())
            .with_grandparents(self.grandparents.clone(), plan.max_grandparent_overlap)
            .with_compression(plan.compression);
        let tombstones = match table_tombstones(inputs.iter().chain(&output_inputs)) {
            Ok(t) => range.clip_tombstones(&self.icmp.user, t),
            Err(e) => {
                out.abandon();
                return Err(e);
            }
        };
        // The options' filter, else one from the factory for this compaction.
        let is_manual = plan.kind == CompactionKind::Manual;
        let user_filter = opts
            .compaction_filter
            .clone()
            .or_else(|| opts.compaction_filter_factory.as_ref().and_then(|f| f.create(plan.bottommost && plan.level == 0, is_manual)));
        let counting = user_filter.as_deref().map(CountingFilter::new);
        let level = plan.level as i32;
        let filter = counting.as_ref().map(|f| (f as &dyn CompactionFilter, level));
        match write_surviving(opts, &mut input, &tombstones, self.snapshots, plan.bottommost, filter, &mut out) {
            Ok(()) => {
                observer.filter_removed(counting.as_ref().map_or(0, |c| c.removed()));
                out.finish()
            }
            Err(e) => {
                out.abandon();
                Err(e)
            }
        }
    }

    fn open_tables(&self, files: &[Arc<FileMetaData>]) -> Result<Vec<Arc<Table>>> {
        files.iter().map(|f| self.store.open_table(&self.icmp, self.cf.table_dir(f.path_id), f)).collect()
    }

    /// The tables of one sorted level (not level 0), read one after the other.
    fn level_iterator(&self, files: &[Arc<FileMetaData>], tables: &[Arc<Table>]) -> Box<dyn InternalIterator> {
        let bounds = files.iter().map(|f| (f.smallest.clone(), f.largest.clone())).collect();
        let tables = tables.to_vec();
        Box::new(LevelIterator::new(
            self.icmp.clone(),
            bounds,
            Box::new(move |i: usize| -> Result<Box<dyn InternalIterator>> {
                let t = tables.get(i).ok_or_else(|| Error::corruption("level iterator index out of range"))?;
                Ok(Box::new(t.iter_for_compaction()) as Box<dyn InternalIterator>)
            }),
        ))
    }
}

/// Range tombstones of input tables.
fn table_tombstones<'t>(tables: impl Iterator<Item = &'t Arc<Table>>) -> Result<Vec<RangeTombstone>> {
    let mut out = Vec::new();
    for t in tables {
        if t.properties().num_range_deletions == 0 {
            continue;
        }
        for (ikey, end) in t.range_tombstones()? {
            out.push(RangeTombstone::from_table_entry(&ikey, &end)?);
        }
    }
    Ok(out)
}

/// The edit removing a plan's inputs from their levels.
fn deletions(cf_id: u32, plan: &CompactionPlan) -> VersionEdit {
    let mut edit = VersionEdit::default();
    edit.column_family = cf_id;
    for f in &plan.inputs {
        edit.deleted_files.push((plan.level as u32, f.number));
    }
    for f in &plan.output_inputs {
        edit.deleted_files.push((plan.output_level as u32, f.number));
    }
    edit
}

/// The edit of a trivial move: the inputs leave their level and enter the output level as they are.
pub fn moved_edit(cf_id: u32, plan: &CompactionPlan) -> VersionEdit {
    let mut edit = deletions(cf_id, plan);
    for f in &plan.inputs {
        edit.new_files.push((plan.output_level as u32, (**f).clone()));
    }
    edit
}

/// The edit installing a job's outputs in place of its inputs. Every output takes the
/// smallest epoch number of the inputs, as RocksDB does.
pub fn output_edit(cf_id: u32, plan: &CompactionPlan, outputs: Vec<FileMetaData>) -> VersionEdit {
    let mut edit = deletions(cf_id, plan);
    let epoch = plan.all_inputs().map(|f| f.epoch_number).min().unwrap_or(0);
    for mut f in outputs {
        f.epoch_number = epoch;
        edit.new_files.push((plan.output_level as u32, f));
    }
    edit
}
