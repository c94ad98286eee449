//! `OutputWriter`: the tables a flush or a compaction writes into one level. Entries come in
//! internal-key order; a table is cut when it reaches the target size or, for a compaction
//! into a level above the last, at a grandparent boundary by RocksDB's rules (so a later
//! compaction of an output does not overlap too much of the level below). Range tombstones
//! are handed to each table clipped to its key range. `write_surviving` runs a sorted input
//! through the compaction rules (`iterator.rs`) into a writer.

use super::iterator::CompactionFilterState;
use super::store::TableStore;
use super::CompactionFilter;
use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::{parse_internal_key, InternalKeyComparator, ValueType};
use crate::options::Options;
use crate::table::builder::{TableBuildOptions, TableBuilder};
use crate::table::cuckoo::builder::{CuckooBuildInfo, CuckooTableBuilder};
use crate::table::TableProperties;
use crate::util::rate_limiter::IoPriority;
use crate::version::edit::FileMetaData;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The column family a writer's tables belong to, its table directories (by path id) and
/// the path id the writer's outputs go to.
#[derive(Clone, Copy)]
pub struct OutputColumnFamily<'a> {
    pub id: u32,
    pub name: &'a str,
    pub opts: &'a Options,
    pub dirs: &'a [PathBuf],
    pub path_id: u32,
    /// Where outputs go instead of `dirs[path_id]`: a remote compaction worker's own
    /// directory (src/db/remote_compaction.rs), which never writes into the primary's.
    pub out_dir: Option<&'a Path>,
}

impl OutputColumnFamily<'_> {
    /// The directory of the family's tables with `path_id` (the last one for an id beyond
    /// the configured paths, where such a table is then not found).
    pub fn table_dir(&self, path_id: u32) -> &Path {
        let i = (path_id as usize).min(self.dirs.len().saturating_sub(1));
        &self.dirs[i]
    }

    /// Where the writer's outputs go.
    pub fn output_dir(&self) -> &Path {
        self.out_dir.unwrap_or_else(|| self.table_dir(self.path_id))
    }
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// Writes the surviving entries of a sorted stream into one or more tables of one level.
pub struct OutputWriter<'a> {
    store: &'a dyn TableStore,
    icmp: InternalKeyComparator,
    cf: OutputColumnFamily<'a>,
    level: usize,
    /// Split when a file reaches this size (u64::MAX: never).
    target_size: u64,
    current: Option<(OutputTable, FileMetaData)>,
    outputs: Vec<FileMetaData>,
    last_user_key: Vec<u8>,
    bytes_written: u64,
    /// Files of the level below the output, to cut outputs that would overlap too much of it
    /// (a later compaction of that output would otherwise be huge).
    grandparents: Vec<Arc<FileMetaData>>,
    grandparent_index: usize,
    /// Whether the last key seen lies between grandparent files (or before the first).
    in_grandparent_gap: bool,
    /// Grandparent bytes the current output overlaps.
    overlapped_bytes: u64,
    /// Grandparent file boundaries the current output has crossed.
    boundaries_crossed: usize,
    max_grandparent_overlap: u64,
    seen_key: bool,
    /// The range tombstones of the whole output (sorted by start, then sequence
    /// descending), handed out to each table clipped to its key range.
    range_tombstones: Vec<crate::rangedel::RangeTombstone>,
    /// Where the current table's share of the tombstones starts: the user key the
    /// previous table was cut before (None for the first table).
    tombstone_lower: Option<Vec<u8>>,
    /// What the output's writes are charged to the rate limiter as (flushes high, compactions low).
    io_priority: IoPriority,
    /// The tables are a flush's (a filter policy may treat them apart, as level -1).
    flush: bool,
    /// A codec overriding the level's (CompactFiles' compression option).
    compression: Option<crate::options::CompressionType>,
    /// The current table's whole-file checksum, computed as it is written, and the name of
    /// its function (when the database has a file checksum generator).
    current_checksum: Option<(crate::util::file_checksum::ChecksumHandle, &'static str)>,
    /// Set from another thread: the job stops with "Manual compaction paused" at the next
    /// entry checked (a remote compaction worker's canceled flag).
    canceled: Option<&'a std::sync::atomic::AtomicBool>,
    entries_added: u64,
}

impl<'a> OutputWriter<'a> {
    /// Tables of `level` cut at `target_size` (u64::MAX: never), ordered by `icmp`.
    pub fn new(store: &'a dyn TableStore, icmp: InternalKeyComparator, cf: OutputColumnFamily<'a>, level: usize, target_size: u64) -> Self {
        OutputWriter {
            store,
            icmp,
            cf,
            level,
            target_size,
            current: None,
            current_checksum: None,
            canceled: None,
            entries_added: 0,
            outputs: Vec::new(),
            last_user_key: Vec::new(),
            bytes_written: 0,
            grandparents: Vec::new(),
            grandparent_index: 0,
            in_grandparent_gap: true,
            overlapped_bytes: 0,
            boundaries_crossed: 0,
            max_grandparent_overlap: u64::MAX,
            seen_key: false,
            range_tombstones: Vec::new(),
            tombstone_lower: None,
            io_priority: IoPriority::Low,
            flush: false,
            compression: None,
        }
    }

    /// A flush's output: charged to the rate limiter at high priority, as RocksDB's flushes are.
    pub fn for_flush(mut self) -> Self {
        self.io_priority = IoPriority::High;
        self.flush = true;
        self
    }

    /// The range tombstones the output must carry; each table gets the part of them
    /// within its key range (`finish_current`).
    pub fn set_range_tombstones(&mut self, tombstones: Vec<crate::rangedel::RangeTombstone>) {
        self.range_tombstones = tombstones;
    }

    /// The tombstones clipped to `[tombstone_lower, upper)` (`None` = unbounded), as
    /// RocksDB's CompactionOutputs::AddRangeDels hands them to one output table: a
    /// tombstone across a cut is split there, so each table's range ends before the next
    /// table's first key and the level's tables never overlap.
    fn tombstones_up_to(&self, upper: Option<&[u8]>) -> Vec<crate::rangedel::RangeTombstone> {
        let ucmp = &self.icmp.user;
        let lower = self.tombstone_lower.as_deref();
        let mut out = Vec::new();
        for t in &self.range_tombstones {
            let start = match lower {
                Some(l) if ucmp.compare(&t.start, l) == std::cmp::Ordering::Less => l,
                _ => &t.start[..],
            };
            let end = match upper {
                Some(u) if ucmp.compare(u, &t.end) == std::cmp::Ordering::Less => u,
                _ => &t.end[..],
            };
            if ucmp.compare(start, end) == std::cmp::Ordering::Less {
                out.push(crate::rangedel::RangeTombstone { start: start.to_vec(), end: end.to_vec(), seq: t.seq });
            }
        }
        out
    }

    /// Outputs are also cut at boundaries of `files` (the level below the output), RocksDB's way.
    /// The outputs' codec instead of the level's (None: the level's).
    pub fn with_compression(mut self, compression: Option<crate::options::CompressionType>) -> Self {
        self.compression = compression;
        self
    }

    pub fn with_canceled(mut self, canceled: Option<&'a std::sync::atomic::AtomicBool>) -> Self {
        self.canceled = canceled;
        self
    }

    pub fn with_grandparents(mut self, files: Vec<Arc<FileMetaData>>, limit: u64) -> Self {
        self.grandparents = files;
        self.max_grandparent_overlap = limit;
        self
    }

    /// Moves the grandparent cursor to `ikey` and returns how many grandparent file boundaries
    /// (a file's start or end) the output crossed to reach it; the bytes of the grandparent
    /// files it entered count as overlapped.
    fn advance_grandparents(&mut self, ikey: &[u8]) -> usize {
        let icmp = &self.icmp;
        let mut crossed = 0;
        while let Some(g) = self.grandparents.get(self.grandparent_index) {
            if self.in_grandparent_gap {
                if icmp.compare(ikey, &g.smallest) == std::cmp::Ordering::Less {
                    break;
                }
                if self.seen_key {
                    crossed += 1;
                    self.boundaries_crossed += 1;
                    self.overlapped_bytes += g.file_size;
                }
                self.in_grandparent_gap = false;
            } else {
                // A key equal to a file's largest key stays in that file unless the next file
                // starts there too.
                let still_inside = match icmp.compare(ikey, &g.largest) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Equal => self
                        .grandparents
                        .get(self.grandparent_index + 1)
                        .is_none_or(|next| icmp.compare(ikey, &next.smallest) == std::cmp::Ordering::Less),
                    std::cmp::Ordering::Greater => false,
                };
                if still_inside {
                    break;
                }
                if self.seen_key {
                    crossed += 1;
                    self.boundaries_crossed += 1;
                }
                self.in_grandparent_gap = true;
                self.grandparent_index += 1;
            }
        }
        if !self.seen_key {
            self.overlapped_bytes = self.current_grandparent_bytes();
        }
        self.seen_key = true;
        crossed
    }

    /// The size of the grandparent file the cursor is inside (0 in a gap).
    fn current_grandparent_bytes(&self) -> u64 {
        match (self.in_grandparent_gap, self.grandparents.get(self.grandparent_index)) {
            (false, Some(g)) => g.file_size,
            _ => 0,
        }
    }

    /// RocksDB's rules for cutting an output of a level above the last at a grandparent
    /// boundary, given `crossed` boundaries just crossed and the output's `size`: when its
    /// overlap with the grandparent level would exceed max_compaction_bytes; when the key
    /// jumped over a grandparent file of more than an eighth of the target size; and, to
    /// align outputs with the files a later compaction will merge them into, once the output
    /// is at least 50% of the target size, plus 5% per boundary it has already crossed (at
    /// most 90%).
    fn grandparents_say_cut(&self, crossed: usize, overlapped_before: u64, size: u64) -> bool {
        if crossed == 0 {
            return false;
        }
        if self.overlapped_bytes.saturating_add(size) > self.max_grandparent_overlap {
            return true;
        }
        let skippable = if self.in_grandparent_gap { 2 } else { 3 };
        if crossed >= skippable && self.overlapped_bytes - overlapped_before > self.target_size / 8 {
            return true;
        }
        let percent = 50 + (self.boundaries_crossed * 5).min(40) as u64;
        size >= self.target_size.div_ceil(100).saturating_mul(percent)
    }

    fn open_output(&mut self) -> Result<()> {
        let (number, file) = self.store.create_table(self.cf.output_dir(), self.io_priority)?;
        let file = match self.store.file_checksum_gen_factory() {
            Some(factory) => {
                let (file, handle) = crate::util::file_checksum::ChecksummingFile::wrap(file);
                self.current_checksum = Some((handle, factory.func_name()));
                file
            }
            None => {
                self.current_checksum = None;
                file
            }
        };
        let o = &self.cf.opts;
        let last_level = (o.num_levels.max(1) - 1) as usize;
        let level_compression =
            if self.level == last_level { o.bottommost_compression.unwrap_or(o.compression) } else { o.compression };
        let compression = self.compression.unwrap_or(level_compression);
        let now = now_secs();
        let opts = TableBuildOptions {
            comparator: self.icmp.clone(),
            block_size: o.table.block_size,
            block_restart_interval: o.table.block_restart_interval,
            index_block_restart_interval: o.table.index_block_restart_interval,
            bloom_bits_per_key: o.table.bloom_bits_per_key,
            // A flush counts as level -1 for a Ribbon policy's bloom_before_level.
            ribbon_filter: o.table.ribbon_filter_for(if self.flush { -1 } else { self.level as i32 }),
            whole_key_filtering: o.table.whole_key_filtering,
            prefix_extractor: o.prefix_extractor.clone(),
            compression,
            compression_level: o.compression_level,
            column_family_id: self.cf.id,
            column_family_name: self.cf.name.to_string(),
            db_id: self.store.db_id().to_string(),
            db_session_id: self.store.session_id().to_string(),
            file_number: number,
            creation_time: now,
            oldest_key_time: now,
            file_creation_time: now,
        };
        let mut meta = FileMetaData::default();
        meta.number = number;
        meta.path_id = self.cf.path_id;
        meta.smallest_seqno = u64::MAX;
        meta.file_creation_time = now;
        meta.oldest_ancester_time = now;
        let builder = match &o.cuckoo_table {
            Some(c) => {
                let info = CuckooBuildInfo {
                    column_family_id: self.cf.id,
                    column_family_name: self.cf.name.to_string(),
                    db_id: self.store.db_id().to_string(),
                    db_session_id: self.store.session_id().to_string(),
                    file_number: number,
                };
                OutputTable::Cuckoo(CuckooTableBuilder::new(*c, self.icmp.user.clone(), info, file))
            }
            None => {
                let mut builder = match &o.table_factory {
                    crate::table::factory::TableFactory::BlockBased => TableBuilder::new(opts, file),
                    crate::table::factory::TableFactory::Plain(p) => {
                        // RocksDB's PlainTableReader refuses such a table when the flush opens it to check it.
                        if o.prefix_extractor.is_none() && p.hash_table_ratio != 0.0 {
                            self.store.discard_tables(self.cf.output_dir(), &[number]);
                            return Err(Error::not_supported("PlainTable requires a prefix extractor enable prefix hash mode."));
                        }
                        TableBuilder::new_plain(opts, p, file)
                    }
                };
                if let Some(op) = &o.merge_operator {
                    builder.set_merge_operator_name(&op.name());
                }
                OutputTable::Block(builder)
            }
        };
        self.current = Some((builder, meta));
        Ok(())
    }

    /// Adds range tombstones (sorted by start, then sequence descending, already
    /// clipped to the table's range by `finish_current_before`) to the current
    /// table, and widens its bounds to cover them: the end bound is `(end, kMaxSequenceNumber, 0x0F)`
    /// as RocksDB writes it (docs/format/minimal-sst.md).
    fn add_range_tombstones(&mut self, tombstones: &[crate::rangedel::RangeTombstone]) -> Result<()> {
        if tombstones.is_empty() {
            return Ok(());
        }
        if self.current.is_none() {
            self.open_output()?;
        }
        let icmp = &self.icmp;
        let (b, meta) = self.current.as_mut().ok_or_else(|| Error::corruption("no output table"))?;
        for t in tombstones {
            let start = crate::key::make_internal_key(&t.start, t.seq, ValueType::RangeDeletion);
            b.add_range_tombstone(&start, &t.end)?;
            if meta.smallest.is_empty() || icmp.compare(&start, &meta.smallest) == std::cmp::Ordering::Less {
                meta.smallest = start;
            }
            let end = crate::key::make_internal_key(&t.end, crate::key::MAX_SEQUENCE_NUMBER, ValueType::RangeDeletion);
            if meta.largest.is_empty() || icmp.compare(&end, &meta.largest) == std::cmp::Ordering::Greater {
                meta.largest = end;
            }
            meta.smallest_seqno = meta.smallest_seqno.min(t.seq);
            meta.largest_seqno = meta.largest_seqno.max(t.seq);
            meta.num_entries += 1;
            meta.num_deletions += 1;
        }
        Ok(())
    }

    pub fn add(&mut self, ikey: &[u8], value: &[u8]) -> Result<()> {
        // The flag is read every 256 entries (an atomic load per entry would be cheap too, but
        // the check need not be finer than RocksDB's per-key one is in effect).
        self.entries_added += 1;
        if self.entries_added % 256 == 0 && self.canceled.is_some_and(|c| c.load(std::sync::atomic::Ordering::Acquire)) {
            return Err(Error::with_subcode(crate::error::Code::Incomplete, crate::error::SubCode::ManualCompactionPaused, ""));
        }
        let parsed = parse_internal_key(ikey)?;
        let overlapped_before = self.overlapped_bytes;
        let crossed = if self.grandparents.is_empty() { 0 } else { self.advance_grandparents(ikey) };
        if let Some((b, _)) = &self.current {
            let size = b.file_size();
            // RocksDB's partitioner asks first (compaction outputs above level 0 only).
            let partition = self.level > 0
                && !self.flush
                && self.cf.opts.sst_partitioner_factory.is_some_and(|p| p.should_partition(&self.last_user_key, parsed.user_key));
            if (partition || size >= self.target_size || self.grandparents_say_cut(crossed, overlapped_before, size))
                && self.icmp.user.compare(&self.last_user_key, parsed.user_key) != std::cmp::Ordering::Equal
            {
                self.finish_current_before(Some(parsed.user_key))?;
                // The next output starts here: it overlaps only the grandparent file this key is in.
                self.boundaries_crossed = 0;
                self.overlapped_bytes = self.current_grandparent_bytes();
            }
        }
        if self.current.is_none() {
            self.open_output()?;
        }
        let (b, meta) = self.current.as_mut().ok_or_else(|| Error::corruption("no output table"))?;
        if meta.smallest.is_empty() {
            meta.smallest = ikey.to_vec();
        }
        meta.largest.clear();
        meta.largest.extend_from_slice(ikey);
        meta.smallest_seqno = meta.smallest_seqno.min(parsed.sequence);
        meta.largest_seqno = meta.largest_seqno.max(parsed.sequence);
        meta.num_entries += 1;
        meta.raw_key_size += ikey.len() as u64;
        meta.raw_value_size += value.len() as u64;
        if matches!(parsed.value_type, ValueType::Deletion | ValueType::SingleDeletion) {
            meta.num_deletions += 1;
        }
        self.last_user_key.clear();
        self.last_user_key.extend_from_slice(parsed.user_key);
        b.add(ikey, value)
    }

    /// Finishes the current table, which ends before user key `upper` (`None`: it is the
    /// last one), with its share of the range tombstones.
    fn finish_current_before(&mut self, upper: Option<&[u8]>) -> Result<()> {
        let share = self.tombstones_up_to(upper);
        if !share.is_empty() {
            self.add_range_tombstones(&share)?;
        }
        self.tombstone_lower = upper.map(|u| u.to_vec());
        self.finish_current()
    }

    fn finish_current(&mut self) -> Result<()> {
        if let Some((b, mut meta)) = self.current.take() {
            if let OutputTable::Cuckoo(c) = &b {
                // RocksDB's BuildTable abandons a table no entry was accepted into, reporting why.
                if c.is_empty() {
                    let status = c.status();
                    self.store.discard_tables(self.cf.output_dir(), &[meta.number]);
                    return status;
                }
            }
            let cuckoo = matches!(b, OutputTable::Cuckoo(_));
            let (_props, mut file) = b.finish()?;
            file.sync()?;
            file.close()?;
            meta.file_size = file.size();
            if let Some((handle, func_name)) = self.current_checksum.take() {
                meta.file_checksum = handle.checksum();
                meta.file_checksum_func_name = func_name.to_string();
            }
            if cuckoo {
                // RocksDB opens every table it wrote to check it is usable; a cuckoo table is not without
                // allow_mmap_reads, so the flush or compaction fails with the reader's error.
                if let Err(e) = self.store.open_table(&self.icmp, self.cf.output_dir(), &meta) {
                    self.store.discard_tables(self.cf.output_dir(), &[meta.number]);
                    return Err(e);
                }
            }
            self.bytes_written += meta.file_size;
            self.outputs.push(meta);
        }
        Ok(())
    }

    /// Finishes the last table and makes the new directory entries durable.
    pub fn finish(mut self) -> Result<(Vec<FileMetaData>, u64)> {
        self.finish_current_before(None)?;
        if !self.outputs.is_empty() {
            self.store.sync_dir(self.cf.output_dir())?;
        }
        Ok((self.outputs, self.bytes_written))
    }

    /// Removes what was written after a failure.
    pub fn abandon(mut self) {
        let mut numbers: Vec<u64> = self.outputs.iter().map(|m| m.number).collect();
        if let Some((_, meta)) = self.current.take() {
            numbers.push(meta.number);
        }
        self.store.discard_tables(self.cf.output_dir(), &numbers);
    }
}


/// Runs `input` through the compaction rules (the column family's merge operator, range
/// tombstones, snapshots, an optional user filter with the level it is told) into `out`,
/// which writes the surviving tombstone fragments into its tables, each clipped to its
/// table's key range.
pub fn write_surviving(
    cf_opts: &Options,
    input: &mut dyn InternalIterator,
    tombstones: &[crate::rangedel::RangeTombstone],
    snapshots: &[u64],
    bottommost: bool,
    user_filter: Option<(&dyn CompactionFilter, i32)>,
    out: &mut OutputWriter<'_>,
) -> Result<()> {
    let fragmented = crate::rangedel::FragmentedTombstones::new(out.icmp.user.clone(), tombstones);
    out.set_range_tombstones(fragmented.for_output(snapshots, bottommost));
    CompactionFilterState::new(out.icmp.user.clone(), snapshots, bottommost)
        .with_merge_operator(cf_opts.merge_operator.as_deref())
        .with_range_tombstones(&fragmented)
        .with_compaction_filter(user_filter.map(|(f, _)| f), user_filter.map_or(0, |(_, l)| l))
        .run(input, &mut |k, v| out.add(k, v))
}

/// The builder of the table being written: block-based, or cuckoo when the family's table factory is
/// RocksDB's CuckooTable (`Options::cuckoo_table`).
enum OutputTable {
    Block(TableBuilder),
    Cuckoo(CuckooTableBuilder),
}

impl OutputTable {
    fn add(&mut self, ikey: &[u8], value: &[u8]) -> Result<()> {
        match self {
            OutputTable::Block(b) => b.add(ikey, value),
            // As RocksDB's: an entry the format refuses is left out, its reason kept in the builder.
            OutputTable::Cuckoo(c) => {
                c.add(ikey, value);
                Ok(())
            }
        }
    }

    fn add_range_tombstone(&mut self, begin_ikey: &[u8], end_user_key: &[u8]) -> Result<()> {
        match self {
            OutputTable::Block(b) => b.add_range_tombstone(begin_ikey, end_user_key),
            // RocksDB adds range tombstones like entries; the cuckoo builder refuses their type.
            OutputTable::Cuckoo(c) => {
                c.add(begin_ikey, end_user_key);
                Ok(())
            }
        }
    }

    fn file_size(&self) -> u64 {
        match self {
            OutputTable::Block(b) => b.file_size(),
            OutputTable::Cuckoo(c) => c.file_size(),
        }
    }

    fn finish(self) -> Result<(TableProperties, Box<dyn crate::env::WritableFile>)> {
        match self {
            OutputTable::Block(b) => b.finish(),
            OutputTable::Cuckoo(c) => c.finish(),
        }
    }
}
