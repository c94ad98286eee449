//! Reads: point lookups (memtable, immutable memtables, level 0 newest first, deeper levels by
//! binary search, bloom filters skipping tables) and iterators merged over every source at a
//! consistent sequence number.

use super::{ColumnFamily, ColumnFamilyHandle, Db, DbInner, PinnableSlice, SuperVersion};
use crate::error::{Error, Result};
use crate::iter::db_iter::DbIter;
use crate::iter::level::LevelIterator;
use crate::iter::merging::MergingIterator;
use crate::iter::prefix_filter::PrefixFilteredIterator;
use crate::iter::InternalIterator;
use crate::key::{parse_internal_key, seek_key, user_key, ValueType};
use crate::options::ReadOptions;
use std::cmp::Ordering;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;

/// What a lookup found for a user key.
enum Lookup {
    /// No entry in any source.
    Missing,
    Found(Vec<u8>),
    Deleted,
    Failed(Error),
}

/// A point lookup walking the sources newest first: merge operands are gathered
/// down to a base value, a deletion or the end (docs/format/internal-key.md: Merge
/// entries), and entries older than a range tombstone over the key, from any
/// source seen so far, count as deleted (§7).
struct PointLookup<'a> {
    key: &'a [u8],
    ucmp: &'a crate::util::comparator::Comparator,
    merge_operator: Option<&'a dyn crate::merge::MergeOperator>,
    /// Newest tombstone sequence over the key visible at the read snapshot.
    max_covering_seq: u64,
    /// Merge operands, newest first.
    operands: Vec<Vec<u8>>,
    done: Option<Lookup>,
}

impl<'a> PointLookup<'a> {
    fn finish(&mut self, base: Option<&[u8]>) -> Lookup {
        if self.operands.is_empty() {
            return match base {
                Some(v) => Lookup::Found(v.to_vec()),
                None => Lookup::Deleted,
            };
        }
        let op = match self.merge_operator {
            Some(op) => op,
            None => return Lookup::Failed(crate::merge::no_operator_error()),
        };
        let oldest_first: Vec<&[u8]> = self.operands.iter().rev().map(|v| v.as_slice()).collect();
        match crate::merge::full_merge(op, self.key, base, &oldest_first) {
            Ok(v) => Lookup::Found(v),
            Err(e) => Lookup::Failed(e),
        }
    }

    /// Looks at one entry; false when the lookup is finished or the key's entries ended.
    fn visit(&mut self, ikey: &[u8], value: &[u8]) -> bool {
        let parsed = match parse_internal_key(ikey) {
            Ok(p) => p,
            Err(e) => {
                self.done = Some(Lookup::Failed(e));
                return false;
            }
        };
        if self.ucmp.compare(parsed.user_key, self.key) != Ordering::Equal {
            return false;
        }
        if parsed.sequence < self.max_covering_seq {
            let r = self.finish(None);
            self.done = Some(r);
            return false;
        }
        let r = match parsed.value_type {
            ValueType::Value => self.finish(Some(value)),
            ValueType::Deletion | ValueType::SingleDeletion | ValueType::DeletionWithTimestamp => self.finish(None),
            ValueType::Merge => {
                self.operands.push(value.to_vec());
                return true;
            }
            ValueType::BlobIndex => Lookup::Failed(Error::not_supported("blob files")),
            ValueType::WideColumnEntity => Lookup::Failed(Error::not_supported("wide columns")),
            ValueType::RangeDeletion => Lookup::Failed(Error::corruption("range deletion in data block")),
        };
        self.done = Some(r);
        false
    }

    fn cover(&mut self, seq: u64) {
        self.max_covering_seq = self.max_covering_seq.max(seq);
    }
}

/// The newest sequence <= `snapshot` of the table's tombstones over `key`, 0 when none.
pub(crate) fn table_covering_seq(table: &crate::table::reader::Table, ucmp: &crate::util::comparator::Comparator, key: &[u8], snapshot: u64) -> Result<u64> {
    if table.properties().num_range_deletions == 0 {
        return Ok(0);
    }
    let mut max = 0;
    for (ikey, end) in table.range_tombstones()? {
        let t = crate::rangedel::RangeTombstone::from_table_entry(&ikey, &end)?;
        if t.seq <= snapshot
            && t.seq > max
            && ucmp.compare(&t.start, key) != Ordering::Greater
            && ucmp.compare(key, &t.end) == Ordering::Less
        {
            max = t.seq;
        }
    }
    Ok(max)
}

/// Every range tombstone of the super version's memtables and tables (of the column family
/// ordered by `icmp`).
pub(crate) fn collect_range_tombstones(
    db: &DbInner,
    cf: &super::ColumnFamily,
    sv: &SuperVersion,
) -> Result<Vec<crate::rangedel::RangeTombstone>> {
    let icmp = &cf.icmp;
    let mut out = sv.mem.range_tombstones();
    for m in &sv.imm {
        out.extend(m.range_tombstones());
    }
    for files in &sv.version.levels {
        for f in files {
            let t = db.table_cache.get(icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
            if t.properties().num_range_deletions == 0 {
                continue;
            }
            for (ikey, end) in t.range_tombstones()? {
                out.push(crate::rangedel::RangeTombstone::from_table_entry(&ikey, &end)?);
            }
        }
    }
    Ok(out)
}

/// A memtable's iterator, behind its prefix bloom when it has one of `extractor`'s prefixes;
/// in prefix mode (`extractor` given) a hash-bucketed memtable shows one bucket.
fn prefix_filtered_memtable(
    m: &Arc<crate::memtable::MemTable>,
    extractor: Option<&Arc<dyn crate::prefix::SliceTransform>>,
) -> Box<dyn InternalIterator> {
    let mut it: Box<dyn InternalIterator> = Box::new(m.iter());
    if let (Some(_), Some(buckets)) = (extractor, m.prefix_buckets()) {
        it = Box::new(crate::iter::prefix_bucket::PrefixBucketIterator::new(it, buckets.clone()));
    }
    match (extractor, m.prefix_bloom().and_then(|b| b.prefix_extractor())) {
        (Some(t), Some(bt)) if Arc::ptr_eq(t, bt) || t.name() == bt.name() => {
            let mem = m.clone();
            let may_match = Box::new(move |p: &[u8]| mem.prefix_bloom().is_none_or(|b| b.may_contain(p)));
            Box::new(PrefixFilteredIterator::new(it, t.clone(), may_match))
        }
        _ => it,
    }
}

/// The family's PlainTable options, when it writes PlainTable files.
fn plain_tuning(o: &crate::options::Options) -> Option<crate::table::plain::PlainTableOptions> {
    match &o.table_factory {
        crate::table::factory::TableFactory::Plain(p) => Some(p.clone()),
        crate::table::factory::TableFactory::BlockBased => None,
    }
}

/// A table's iterator, behind its filter when the filter holds `extractor`'s prefixes.
/// A table's iterator, or an empty one when the read's table filter rejects the table.
fn filtered_table(
    t: &Arc<crate::table::reader::Table>,
    seqnos: (u64, u64),
    fill_cache: bool,
    extractors: TableExtractors<'_>,
    table_filter: Option<&crate::options::TableFilter>,
) -> Box<dyn InternalIterator> {
    match table_filter {
        Some(f) if !f(t.properties(), seqnos) => Box::new(crate::iter::EmptyIterator::new()),
        _ => prefix_filtered_table(t, fill_cache, extractors.read, extractors.cf, extractors.plain),
    }
}

/// What a table's iterator is built with: the read's prefix extractor (when it filters by
/// prefix), the family's (a PlainTable's iterator needs it even in total order) and the
/// family's PlainTable options (with which a PlainTable builds its index).
#[derive(Clone, Copy)]
struct TableExtractors<'a> {
    read: Option<&'a Arc<dyn crate::prefix::SliceTransform>>,
    cf: Option<&'a Arc<dyn crate::prefix::SliceTransform>>,
    plain: Option<&'a crate::table::plain::PlainTableOptions>,
}

fn prefix_filtered_table(
    t: &Arc<crate::table::reader::Table>,
    fill_cache: bool,
    extractor: Option<&Arc<dyn crate::prefix::SliceTransform>>,
    cf_extractor: Option<&Arc<dyn crate::prefix::SliceTransform>>,
    plain: Option<&crate::table::plain::PlainTableOptions>,
) -> Box<dyn InternalIterator> {
    let it = Box::new(t.iter_for_read(fill_cache, extractor.is_some(), cf_extractor, plain));
    match extractor {
        Some(x) if t.has_prefix_filter_for(x.as_ref()) => {
            let table = t.clone();
            Box::new(PrefixFilteredIterator::new(it, x.clone(), Box::new(move |p: &[u8]| table.prefix_may_match(p))))
        }
        _ => it,
    }
}

impl DbInner {
    fn read_seq(&self, ro: &ReadOptions) -> u64 {
        match &ro.snapshot {
            Some(s) => s.sequence_number(),
            None => self.last_sequence.load(AtomicOrdering::Acquire),
        }
    }

    pub(crate) fn get_impl(&self, ro: &ReadOptions, cf: &ColumnFamily, key: &[u8]) -> Result<Option<Vec<u8>>> {
        self.check_open()?;
        let timer = self.timer();
        let sv = cf.super_version();
        let seq = self.read_seq(ro);
        let found = if self.tracers.block_cache.is_on() {
            // The table reader's block cache records name this Get.
            let id = self.tracers.block_cache.next_get_id();
            crate::trace::block_cache::with_current_get(id, ro.snapshot.is_some(), || self.lookup(&sv, cf, key, seq))?
        } else {
            self.lookup(&sv, cf, key, seq)?
        };
        let r = match found {
            Lookup::Found(v) => Ok(Some(v)),
            Lookup::Deleted | Lookup::Missing => Ok(None),
            Lookup::Failed(e) => Err(e),
        };
        if self.stats.is_some() {
            self.tick(crate::stats::Ticker::NumberKeysRead, 1);
            if let Ok(Some(v)) = &r {
                self.tick(crate::stats::Ticker::BytesRead, v.len() as u64);
            }
            self.measure(crate::stats::Histogram::DbGet, timer);
        }
        r
    }

    fn lookup(&self, sv: &SuperVersion, cf: &ColumnFamily, key: &[u8], seq: u64) -> Result<Lookup> {
        let ucmp = cf.user_comparator();
        let opts = cf.opts();
        let mut pl = PointLookup {
            key,
            ucmp,
            merge_operator: opts.merge_operator.as_deref(),
            max_covering_seq: 0,
            operands: Vec::new(),
            done: None,
        };
        for mem in std::iter::once(&sv.mem).chain(sv.imm.iter()) {
            pl.cover(mem.max_covering_tombstone_seq(key, seq));
            mem.get(key, seq, &mut |ikey, value| pl.visit(ikey, value));
            if let Some(r) = pl.done.take() {
                self.tick(crate::stats::Ticker::MemtableHit, 1);
                return Ok(r);
            }
        }
        self.tick(crate::stats::Ticker::MemtableMiss, 1);
        let lookup_key = seek_key(key, seq);
        let version = &sv.version;
        for (level, files) in version.levels.iter().enumerate() {
            if files.is_empty() {
                continue;
            }
            let candidates: Vec<&Arc<crate::version::edit::FileMetaData>> = if level == 0 {
                files
                    .iter()
                    .filter(|f| {
                        ucmp.compare(key, user_key(&f.smallest)) != Ordering::Less
                            && ucmp.compare(key, user_key(&f.largest)) != Ordering::Greater
                    })
                    .collect()
            } else {
                version.file_for_key(ucmp, level, key).into_iter().collect()
            };
            for f in candidates {
                let table = self.table_cache.get(&cf.icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
                pl.cover(table_covering_seq(&table, ucmp, key, seq)?);
                let plain = if table.is_plain() { plain_tuning(&opts) } else { None };
                let read = table.get_in_family(&lookup_key, opts.prefix_extractor.as_deref(), plain.as_ref(), &mut |ikey, value| {
                    Ok(pl.visit(ikey, value))
                })?;
                if !read {
                    self.tick(crate::stats::Ticker::BloomFilterUseful, 1);
                }
                if let Some(r) = pl.done.take() {
                    self.tick(
                        match level {
                            0 => crate::stats::Ticker::GetHitL0,
                            1 => crate::stats::Ticker::GetHitL1,
                            _ => crate::stats::Ticker::GetHitL2AndUp,
                        },
                        1,
                    );
                    return Ok(r);
                }
            }
        }
        if !pl.operands.is_empty() || pl.max_covering_seq > 0 {
            return Ok(pl.finish(None));
        }
        Ok(Lookup::Missing)
    }

    /// The internal iterator of a read; with `prefix_filter` (RocksDB's prefix
    /// mode, `ReadOptions::prefix_seek_filtering`) each memtable with a prefix
    /// bloom and each table whose filter holds this extractor's prefixes is
    /// skipped by a seek whose prefix it lacks (`iter::prefix_filter`).
    pub(crate) fn new_internal_iterator(
        &self,
        cf: &super::ColumnFamily,
        sv: &Arc<SuperVersion>,
        fill_cache: bool,
        prefix_filter: Option<Arc<dyn crate::prefix::SliceTransform>>,
        table_filter: Option<crate::options::TableFilter>,
    ) -> Result<Box<dyn InternalIterator>> {
        let icmp = &cf.icmp;
        let cf_extractor = cf.opts().prefix_extractor.clone();
        let plain = plain_tuning(&cf.opts());
        let mut children: Vec<Box<dyn InternalIterator>> = Vec::new();
        for m in std::iter::once(&sv.mem).chain(sv.imm.iter()) {
            children.push(prefix_filtered_memtable(m, prefix_filter.as_ref()));
        }
        for (level, files) in sv.version.levels.iter().enumerate() {
            if files.is_empty() {
                continue;
            }
            if level == 0 {
                for f in files {
                    let t = self.table_cache.get(icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
                    let seqnos = (f.smallest_seqno, f.largest_seqno);
                    let ex = TableExtractors { read: prefix_filter.as_ref(), cf: cf_extractor.as_ref(), plain: plain.as_ref() };
                    children.push(filtered_table(&t, seqnos, fill_cache, ex, table_filter.as_ref()));
                }
            } else {
                let bounds = files.iter().map(|f| (f.smallest.clone(), f.largest.clone())).collect();
                let files = files.clone();
                let tc = self.table_cache.clone();
                let prefix_filter = prefix_filter.clone();
                let table_filter = table_filter.clone();
                let cf_extractor = cf_extractor.clone();
                let plain = plain.clone();
                let file_icmp = icmp.clone();
                let dirs = cf.dirs.clone();
                let open = Box::new(move |i: usize| -> Result<Box<dyn InternalIterator>> {
                    let f = files.get(i).ok_or_else(|| Error::corruption("level iterator index out of range"))?;
                    let dir = &dirs[(f.path_id as usize).min(dirs.len().saturating_sub(1))];
                    let t = tc.get(&file_icmp, dir, f.number, f.file_size, f.largest_seqno)?;
                    let seqnos = (f.smallest_seqno, f.largest_seqno);
                    let ex = TableExtractors { read: prefix_filter.as_ref(), cf: cf_extractor.as_ref(), plain: plain.as_ref() };
                    Ok(filtered_table(&t, seqnos, fill_cache, ex, table_filter.as_ref()))
                });
                children.push(Box::new(LevelIterator::new(icmp.clone(), bounds, open)));
            }
        }
        Ok(Box::new(MergingIterator::new(icmp.clone(), children)))
    }
}

impl Db {
    /// Reads `key` from the default column family (RocksDB's `DB::Get`): `Ok(None)` when it
    /// is absent or deleted, the value merged from its operands when a merge operator is set.
    /// Errors: Corruption or IO error from the files read, "Shutdown in progress" after close.
    pub fn get(&self, ro: &ReadOptions, key: &[u8]) -> Result<Option<Vec<u8>>> {
        self.get_cf(ro, &ColumnFamilyHandle { id: 0, name: "default".into() }, key)
    }
    /// Reads `key` from column family `cf`, at `ro.snapshot` when set (as `get`);
    /// InvalidArgument for a dropped family.
    pub fn get_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<Vec<u8>>> {
        self.get_with_trace(ro, cf, key, true)
    }
    /// `get_cf`, recorded in a running query trace when `traced` (a MultiGet's keys are
    /// recorded once, as one MultiGet).
    fn get_with_trace(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8], traced: bool) -> Result<Option<Vec<u8>>> {
        if ro.snapshot.is_some() && self.inner.secondary.get().is_some() {
            return Err(Error::not_supported("snapshot not supported in secondary mode"));
        }
        let c = self.inner.cf_for_handle(cf)?;
        if traced {
            self.inner.trace_get(c.id, key);
        }
        let v = self.inner.get_impl(ro, &c, key)?;
        // A DBWithTTL checks and strips the value's timestamp.
        match (v, self.inner.ttl.get()) {
            (Some(v), Some(_)) => crate::utilities::ttl::check_and_strip(v).map(Some),
            (v, _) => Ok(v),
        }
    }
    /// `get_cf`, the value as a [`PinnableSlice`] (RocksDB's `GetPinnableSlice`).
    pub fn get_pinned_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<PinnableSlice>> {
        Ok(self.get_cf(ro, cf, key)?.map(|data| PinnableSlice { data }))
    }
    /// One result per key, in order, all read at one sequence number.
    pub fn multi_get_cf(&self, ro: &ReadOptions, keys: &[(&ColumnFamilyHandle, &[u8])]) -> Vec<Result<Option<Vec<u8>>>> {
        self.inner.tick(crate::stats::Ticker::NumberMultigetCalls, 1);
        let mut ro = ro.clone();
        // A secondary reads its latest state (it takes no snapshots, as RocksDB's).
        if ro.snapshot.is_none() && self.inner.secondary.get().is_none() {
            match self.read_point() {
                Ok(s) => ro.snapshot = Some(s),
                Err(e) => return keys.iter().map(|_| Err(e.clone())).collect(),
            }
        }
        if self.inner.tracers.query.is_on() {
            let traced: Vec<(u32, &[u8])> = keys.iter().map(|(cf, k)| (cf.id, *k)).collect();
            self.inner.trace_multi_get(&traced);
        }
        keys.iter().map(|(cf, k)| self.get_with_trace(&ro, cf, k, false)).collect()
    }
    /// An iterator over the default column family at `ro.snapshot`, else the latest state
    /// (RocksDB's `NewIterator`). It starts invalid: call a seek first.
    pub fn iter(&self, ro: &ReadOptions) -> Result<DbIterator> {
        self.iter_cf(ro, &ColumnFamilyHandle { id: 0, name: "default".into() })
    }
    /// An iterator over column family `cf` (as `iter`).
    pub fn iter_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle) -> Result<DbIterator> {
        if self.inner.secondary.get().is_some() {
            if ro.tailing {
                return Err(Error::not_supported("tailing iterator not supported in secondary mode"));
            }
            if ro.snapshot.is_some() {
                return Err(Error::not_supported("snapshot not supported in secondary mode"));
            }
        }
        let c = self.inner.cf_for_handle(cf)?;
        let sv = c.super_version();
        let seq = self.inner.read_seq(ro);
        let prefix_filter =
            if ro.prefix_seek_filtering(c.opts().prefix_extractor.as_ref()) { c.opts().prefix_extractor.clone() } else { None };
        let internal = self.inner.new_internal_iterator(&c, &sv, ro.fill_cache, prefix_filter, ro.table_filter.clone())?;
        let tombstones = collect_range_tombstones(&self.inner, &c, &sv)?;
        let fragmented = crate::rangedel::FragmentedTombstones::new(c.user_comparator().clone(), &tombstones);
        let it = DbIter::new(internal, c.user_comparator().clone(), seq, ro.iterate_lower_bound.clone(), ro.iterate_upper_bound.clone())
            .with_merge_operator(c.opts().merge_operator.clone())
            .with_range_tombstones(Arc::new(fragmented));
        let prefix = if ro.prefix_same_as_start { c.opts().prefix_extractor.clone() } else { None };
        let ttl = self.inner.ttl.get().is_some();
        Ok(DbIterator { it, db: self.inner.clone(), cf_id: c.id, _sv: sv, _snapshot: ro.snapshot.clone(), prefix, start_prefix: None, ttl })
    }
}

/// The user-facing iterator: user keys and values visible at its snapshot. It keeps the files it
/// reads alive; after the database is closed it is invalid and reports "Shutdown in progress".
pub struct DbIterator {
    it: DbIter,
    db: Arc<DbInner>,
    /// The column family read (a query trace records it with each seek).
    cf_id: u32,
    _sv: Arc<SuperVersion>,
    _snapshot: Option<super::Snapshot>,
    /// With `prefix_same_as_start`: the extractor, and the prefix of the last seek.
    prefix: Option<Arc<dyn crate::prefix::SliceTransform>>,
    start_prefix: Option<Vec<u8>>,
    /// Over a DBWithTTL: values lose their 4-byte stamp (RocksDB's TtlIterator).
    ttl: bool,
}

impl DbIterator {
    /// The merge operator of column family `cf` of this iterator's database (transactions'
    /// batch iterators resolve their merge operands with it).
    pub(crate) fn merge_operator_of(&self, cf: u32) -> Option<Arc<dyn crate::merge::MergeOperator>> {
        self.db.cf(cf).ok().and_then(|c| c.opts().merge_operator.clone())
    }

    /// The user-key order of the iterator (its column family's comparator).
    pub fn comparator(&self) -> &crate::util::comparator::Comparator {
        self.it.comparator()
    }

    fn closed(&self) -> bool {
        self.db.closed.load(AtomicOrdering::Acquire)
    }
    /// Whether the iterator is on an entry; false past either end or after an error ([`status`](Self::status)).
    pub fn valid(&self) -> bool {
        !self.closed() && self.it.valid() && self.within_prefix()
    }
    /// With `prefix_same_as_start`, keys of another prefix than the seek's end the iteration.
    fn within_prefix(&self) -> bool {
        match (&self.prefix, &self.start_prefix) {
            (Some(t), Some(p)) => {
                let k = self.it.key();
                t.in_domain(k) && t.transform(k) == &p[..]
            }
            _ => true,
        }
    }
    fn remember_prefix_of(&mut self, target: Option<&[u8]>) {
        self.start_prefix = None;
        if let Some(t) = &self.prefix {
            let k = match target {
                Some(k) => k,
                None if self.it.valid() => self.it.key(),
                None => return,
            };
            if t.in_domain(k) {
                self.start_prefix = Some(t.transform(k).to_vec());
            }
        }
    }
    /// Moves to the first key (at or after `iterate_lower_bound`).
    pub fn seek_to_first(&mut self) {
        if !self.closed() {
            self.it.seek_to_first();
            self.remember_prefix_of(None);
        }
    }
    /// Moves to the last key (before `iterate_upper_bound`).
    pub fn seek_to_last(&mut self) {
        if !self.closed() {
            self.it.seek_to_last();
            self.remember_prefix_of(None);
        }
    }
    /// Moves to the first key at or after `key`.
    pub fn seek(&mut self, key: &[u8]) {
        if !self.closed() {
            if self.db.tracers.query.is_on() {
                let (lower, upper) = self.it.bounds();
                self.db.trace_seek(false, self.cf_id, key, lower, upper);
            }
            let t = self.db.timer();
            self.it.seek(key);
            self.remember_prefix_of(Some(key));
            self.db.tick(crate::stats::Ticker::NumberDbSeek, 1);
            self.db.measure(crate::stats::Histogram::DbSeek, t);
        }
    }
    /// Moves to the last key at or before `key`.
    pub fn seek_for_prev(&mut self, key: &[u8]) {
        if !self.closed() {
            if self.db.tracers.query.is_on() {
                let (lower, upper) = self.it.bounds();
                self.db.trace_seek(true, self.cf_id, key, lower, upper);
            }
            self.it.seek_for_prev(key);
            self.remember_prefix_of(Some(key));
        }
    }
    /// Moves to the next key. Requires: `valid()`.
    pub fn next(&mut self) {
        if self.valid() {
            self.it.next();
            self.db.tick(crate::stats::Ticker::NumberDbNext, 1);
        }
    }
    /// Moves to the previous key. Requires: `valid()`.
    pub fn prev(&mut self) {
        if self.valid() {
            self.it.prev();
            self.db.tick(crate::stats::Ticker::NumberDbPrev, 1);
        }
    }
    /// Requires: `valid()`.
    pub fn key(&self) -> &[u8] {
        if self.valid() {
            self.it.key()
        } else {
            &[]
        }
    }
    /// Requires: `valid()`.
    pub fn value(&self) -> &[u8] {
        if self.valid() {
            let v = self.it.value();
            if self.ttl {
                &v[..v.len().saturating_sub(crate::utilities::ttl::TS_LENGTH)]
            } else {
                v
            }
        } else {
            &[]
        }
    }
    /// Ok, or the error that made the iterator invalid (Corruption, IO error, "Shutdown in
    /// progress"); check it when `valid()` turns false.
    pub fn status(&self) -> Result<()> {
        if self.closed() {
            return Err(Error::shutdown(""));
        }
        self.it.status()
    }
}

impl Db {
    /// Approximate bytes of table data, and with `include_memtables` of memtable
    /// entries, for user keys in each `[start, limit)` (RocksDB's GetApproximateSizes).
    pub fn approximate_sizes_cf(
        &self,
        cf: &ColumnFamilyHandle,
        ranges: &[(&[u8], &[u8])],
        include_files: bool,
        include_memtables: bool,
    ) -> Result<Vec<u64>> {
        let c = self.inner.cf_for_handle(cf)?;
        let ucmp = c.user_comparator();
        let sv = c.super_version();
        let mut out = Vec::with_capacity(ranges.len());
        for (start, limit) in ranges {
            let mut total = 0u64;
            if ucmp.compare(start, limit) != Ordering::Less {
                out.push(0);
                continue;
            }
            if include_files {
                let start_ikey = seek_key(start, crate::key::MAX_SEQUENCE_NUMBER);
                let limit_ikey = seek_key(limit, crate::key::MAX_SEQUENCE_NUMBER);
                for files in &sv.version.levels {
                    for f in files {
                        let (fs, fl) = (user_key(&f.smallest), user_key(&f.largest));
                        if ucmp.compare(fl, start) == Ordering::Less || ucmp.compare(fs, limit) != Ordering::Less {
                            continue;
                        }
                        if ucmp.compare(start, fs) != Ordering::Greater && ucmp.compare(fl, limit) == Ordering::Less {
                            total += f.file_size;
                            continue;
                        }
                        let t = self.inner.table_cache.get(&c.icmp, c.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
                        let a = t.approximate_offset_of(&start_ikey);
                        let b = t.approximate_offset_of(&limit_ikey);
                        total += b.saturating_sub(a);
                    }
                }
            }
            if include_memtables {
                for mem in std::iter::once(&sv.mem).chain(sv.imm.iter()) {
                    let mut it = mem.iter();
                    it.seek(&seek_key(start, crate::key::MAX_SEQUENCE_NUMBER));
                    while it.valid() && ucmp.compare(user_key(it.key()), limit) == Ordering::Less {
                        total += (it.key().len() + it.value().len()) as u64;
                        it.next();
                    }
                }
            }
            out.push(total);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod approximate_size_tests {
    use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};
    use crate::db::Db;

    #[test]
    fn approximate_sizes_grow_with_the_range() {
        let dir = std::env::temp_dir().join(format!("ferrock-approx-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let o = Options { create_if_missing: true, compression: crate::options::CompressionType::None, ..Default::default() };
        let db = Db::open(&o, &dir).unwrap();
        let wo = WriteOptions::default();
        for i in 0..2000u32 {
            db.put(&wo, format!("k{i:05}").as_bytes(), &[b'x'; 100]).unwrap();
        }
        let cf = db.default_column_family();
        let mem = db.approximate_sizes_cf(&cf, &[(b"k00000", b"k01000")], false, true).unwrap();
        assert!(mem[0] >= 100 * 1000, "{mem:?}");
        db.flush(&FlushOptions::default()).unwrap();
        let s = db
            .approximate_sizes_cf(&cf, &[(b"k00000", b"k01000"), (b"k00000", b"k02000"), (b"z", b"zz"), (b"k1", b"k0")], true, false)
            .unwrap();
        assert!(s[0] > 80_000 && s[0] < 140_000, "{s:?}");
        assert!(s[1] > s[0], "{s:?}");
        assert_eq!((s[2], s[3]), (0, 0));
        let _ = ReadOptions::new();
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[cfg(test)]
mod prefix_tests {
    use crate::db::Db;
    use crate::options::{Options, ReadOptions, WriteOptions};
    use std::sync::Arc;

    #[test]
    fn prefix_same_as_start_stops_at_the_prefix_end() {
        let dir = std::env::temp_dir().join(format!("ferrock-prefix-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.prefix_extractor = Some(Arc::new(crate::prefix::FixedPrefix(2)));
        let db = Db::open(&o, &dir).unwrap();
        for k in ["aa1", "aa2", "ab1", "ac1", "b"] {
            db.put(&WriteOptions::default(), k.as_bytes(), b"v").unwrap();
        }
        let keys = |ro: &ReadOptions, seek: &[u8], forward: bool| {
            let mut it = db.iter(ro).unwrap();
            if forward { it.seek(seek) } else { it.seek_for_prev(seek) }
            let mut out = Vec::new();
            while it.valid() {
                out.push(String::from_utf8_lossy(it.key()).to_string());
                if forward { it.next() } else { it.prev() }
            }
            out
        };
        let mut ro = ReadOptions::new();
        ro.prefix_same_as_start = true;
        assert_eq!(keys(&ro, b"aa", true), vec!["aa1", "aa2"]);
        assert_eq!(keys(&ro, b"ab0", true), vec!["ab1"]);
        assert_eq!(keys(&ro, b"aa9", false), vec!["aa2", "aa1"]);
        ro.prefix_same_as_start = false;
        assert_eq!(keys(&ro, b"ab", true), vec!["ab1", "ac1", "b"]);
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn tmp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("ferrock-prefix-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn prefix_options(prefix_len: usize) -> Options {
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.prefix_extractor = Some(Arc::new(crate::prefix::FixedPrefix(prefix_len)));
        o.table.bloom_bits_per_key = 10.0;
        o
    }

    /// The first key at or after `target`, if any.
    fn first_from(db: &Db, ro: &ReadOptions, target: &[u8]) -> Option<Vec<u8>> {
        let mut it = db.iter(ro).unwrap();
        it.seek(target);
        it.status().unwrap();
        it.valid().then(|| it.key().to_vec())
    }

    /// Prefix mode is observable past the prefix: a seek to a prefix no source
    /// holds skips every source whose filter says so (RocksDB leaves results
    /// past the prefix unspecified), while total order still finds the next key.
    fn check_sources_are_skipped(db: &Db) {
        let prefix_mode = ReadOptions::new();
        assert_eq!(first_from(db, &prefix_mode, b"bb"), None, "prefix bb is in no filter: nothing to see");
        assert_eq!(first_from(db, &prefix_mode, b"aa2").as_deref(), Some(&b"aa2"[..]));
        assert_eq!(first_from(db, &prefix_mode, b"b").as_deref(), Some(&b"cc1"[..]), "b is outside the domain");
        let mut total = ReadOptions::new();
        total.total_order_seek = true;
        assert_eq!(first_from(db, &total, b"bb").as_deref(), Some(&b"cc1"[..]));
        let mut auto = ReadOptions::new();
        auto.auto_prefix_mode = true;
        assert_eq!(first_from(db, &auto, b"bb").as_deref(), Some(&b"cc1"[..]));
        let mut same = ReadOptions::new();
        same.prefix_same_as_start = true;
        same.total_order_seek = true; // prefix_same_as_start keeps prefix filtering on
        assert_eq!(first_from(db, &same, b"bb"), None);
        assert_eq!(first_from(db, &same, b"cc").as_deref(), Some(&b"cc1"[..]));
        for k in ["aa1", "aa2", "cc1", "cc2"] {
            assert_eq!(db.get(&ReadOptions::new(), k.as_bytes()).unwrap().as_deref(), Some(k.as_bytes()));
        }
        assert_eq!(db.get(&ReadOptions::new(), b"bb1").unwrap(), None);
    }

    #[test]
    fn prefix_seeks_skip_tables_and_memtables_whose_filters_lack_the_prefix() {
        for whole_key in [true, false] {
            let dir = tmp(&format!("skip-{whole_key}"));
            let mut o = prefix_options(2);
            o.table.whole_key_filtering = whole_key;
            o.memtable_prefix_bloom_size_ratio = 0.1;
            let db = Db::open(&o, &dir).unwrap();
            for k in ["aa1", "aa2", "cc1", "cc2"] {
                db.put(&WriteOptions::default(), k.as_bytes(), k.as_bytes()).unwrap();
            }
            // In the memtable, through its prefix bloom.
            check_sources_are_skipped(&db);
            // In a level-0 table, then in a level-1 table behind a level iterator.
            db.flush(&crate::options::FlushOptions::default()).unwrap();
            check_sources_are_skipped(&db);
            db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
            check_sources_are_skipped(&db);
            db.close().unwrap();
            // Reopened with another extractor: the tables' filters hold other prefixes and
            // are not used for seeks, so total order shows through.
            let o3 = prefix_options(3);
            let db = Db::open(&o3, &dir).unwrap();
            assert_eq!(first_from(&db, &ReadOptions::new(), b"bb").as_deref(), Some(&b"cc1"[..]));
            for k in ["aa1", "aa2", "cc1", "cc2"] {
                assert_eq!(db.get(&ReadOptions::new(), k.as_bytes()).unwrap().as_deref(), Some(k.as_bytes()));
            }
            db.close().unwrap();
            let _ = std::fs::remove_dir_all(&dir);
        }
        // Without a memtable bloom, the memtable is always searched.
        let dir = tmp("nobloom");
        let db = Db::open(&prefix_options(2), &dir).unwrap();
        db.put(&WriteOptions::default(), b"cc1", b"v").unwrap();
        assert_eq!(first_from(&db, &ReadOptions::new(), b"bb").as_deref(), Some(&b"cc1"[..]));
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn prefix_same_as_start_matches_a_model_across_flushes_compactions_and_extractor_changes() {
        use std::collections::BTreeMap;
        let dir = tmp("model");
        let mut model: BTreeMap<Vec<u8>, Vec<u8>> = BTreeMap::new();
        let mut rng = crate::util::testutil::Rng(0x5eed);
        let mut o = prefix_options(3);
        o.memtable_prefix_bloom_size_ratio = 0.05;
        o.table.whole_key_filtering = false;
        o.write_buffer_size = 64 << 10;
        o.level0_file_num_compaction_trigger = 3;
        let check = |db: &Db, model: &BTreeMap<Vec<u8>, Vec<u8>>, plen: usize| {
            let mut ro = ReadOptions::new();
            ro.prefix_same_as_start = true;
            let mut it = db.iter(&ro).unwrap();
            for p in 0..40u32 {
                let prefix = format!("{p:03}").into_bytes()[..plen].to_vec();
                let want: Vec<(Vec<u8>, Vec<u8>)> =
                    model.range(prefix.clone()..).take_while(|(k, _)| k.starts_with(&prefix)).map(|(k, v)| (k.clone(), v.clone())).collect();
                let mut got = Vec::new();
                it.seek(&prefix);
                while it.valid() {
                    got.push((it.key().to_vec(), it.value().to_vec()));
                    it.next();
                }
                it.status().unwrap();
                assert!(got == want, "forward over prefix {:?}: {} keys, want {}", String::from_utf8_lossy(&prefix), got.len(), want.len());
                // Backward from the end of the prefix.
                let mut end = prefix.clone();
                end.push(0xff);
                let mut back = Vec::new();
                it.seek_for_prev(&end);
                while it.valid() {
                    back.push((it.key().to_vec(), it.value().to_vec()));
                    it.prev();
                }
                back.reverse();
                assert!(back == want, "backward over prefix {:?}: {} keys, want {}", String::from_utf8_lossy(&prefix), back.len(), want.len());
            }
            for (k, v) in model {
                assert_eq!(db.get(&ReadOptions::new(), k).unwrap().as_ref(), Some(v));
            }
        };
        let mut db = Db::open(&o, &dir).unwrap();
        let mut plen = 3;
        for round in 0..6 {
            for _ in 0..1500 {
                // Prefixes 000..029 only: 030..039 are checked as absent.
                let k = format!("{:03}{:04}", rng.below(30), rng.below(200)).into_bytes();
                if rng.below(5) == 0 {
                    db.delete(&WriteOptions::default(), &k).unwrap();
                    model.remove(&k);
                } else {
                    let v = format!("v{round}-{}", rng.below(1000)).into_bytes();
                    db.put(&WriteOptions::default(), &k, &v).unwrap();
                    model.insert(k, v);
                }
            }
            db.wait_for_background_work().unwrap();
            check(&db, &model, plen);
            if round == 3 {
                db.close().unwrap();
                // A shorter extractor: old tables' filters no longer apply, new ones do.
                o = prefix_options(2);
                o.memtable_prefix_bloom_size_ratio = 0.05;
                db = Db::open(&o, &dir).unwrap();
                plen = 2;
                check(&db, &model, plen);
            }
        }
        db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
        check(&db, &model, 2);
        db.close().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn rocksdb_783_reads_our_prefix_filtered_tables() {
        let cc = std::path::Path::new("/usr/bin/cc");
        if !cc.exists() || !std::path::Path::new("/usr/include/rocksdb/c.h").exists() {
            return;
        }
        let dir = tmp("rocksdb783");
        std::fs::create_dir_all(&dir).unwrap();
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/table/testdata/prefix_rocksdb783.c");
        let exe = dir.join("prefix");
        let out = crate::util::testutil::system_command(cc).arg(&src).arg("-lrocksdb").arg("-o").arg(&exe).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let db_dir = dir.join("db");
        let mut o = prefix_options(4);
        o.table.whole_key_filtering = false;
        o.compression = crate::options::CompressionType::None;
        let db = Db::open(&o, &db_dir).unwrap();
        let n = 3000usize;
        let key = |i: usize| format!("p{:03}-{:05}", i / 7, i);
        // Three level-0 tables, then a compaction of the first two into level 1.
        for (part, range) in [0..1000, 1000..2000, 2000..3000].into_iter().enumerate() {
            for i in range {
                db.put(&WriteOptions::default(), key(i).as_bytes(), format!("v{i}").as_bytes()).unwrap();
            }
            db.flush(&crate::options::FlushOptions::default()).unwrap();
            if part == 1 {
                db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
            }
        }
        db.close().unwrap();
        for entry in std::fs::read_dir(&db_dir).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "sst") {
                let out = crate::util::testutil::system_command("/usr/bin/sst_dump")
                    .arg(format!("--file={}", p.display()))
                    .arg("--command=verify")
                    .output()
                    .unwrap();
                let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
                assert!(out.status.success() && !text.contains("Corruption"), "{text}");
            }
        }
        let out = crate::util::testutil::system_command(&exe).arg("read").arg(&db_dir).arg(n.to_string()).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(out.status.success(), "{text} {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(text.trim(), format!("ok {n} {n} 0"), "every key by Get and by prefix seeks, nothing for absent prefixes");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
