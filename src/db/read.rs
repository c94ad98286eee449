//! Reads: point lookups (memtable, immutable memtables, level 0 newest first, deeper levels by
//! binary search, bloom filters skipping tables) and iterators merged over every source at a
//! consistent sequence number.

use super::{ColumnFamily, ColumnFamilyHandle, Db, DbInner, PinnableSlice, SuperVersion};
use crate::error::{Error, Result};
use crate::iter::db_iter::DbIter;
use crate::iter::level::LevelIterator;
use crate::iter::merging::MergingIterator;
use crate::iter::InternalIterator;
use crate::key::{parse_internal_key, seek_key, user_key, ValueType};
use crate::options::ReadOptions;
use std::cmp::Ordering;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;

/// What a lookup found for a user key in one source.
enum Lookup {
    /// No entry in this source: look in older ones.
    Missing,
    Found(Vec<u8>),
    Deleted,
    Failed(Error),
}

fn interpret(user_key_wanted: &[u8], ucmp: crate::util::comparator::Comparator, ikey: &[u8], value: &[u8]) -> Option<Lookup> {
    let parsed = match parse_internal_key(ikey) {
        Ok(p) => p,
        Err(e) => return Some(Lookup::Failed(e)),
    };
    if ucmp.compare(parsed.user_key, user_key_wanted) != Ordering::Equal {
        return None;
    }
    Some(match parsed.value_type {
        ValueType::Value => Lookup::Found(value.to_vec()),
        ValueType::Deletion | ValueType::SingleDeletion | ValueType::DeletionWithTimestamp => Lookup::Deleted,
        ValueType::Merge => Lookup::Failed(Error::not_supported("Merge operator")),
        ValueType::BlobIndex => Lookup::Failed(Error::not_supported("blob files")),
        ValueType::WideColumnEntity => Lookup::Failed(Error::not_supported("wide columns")),
        ValueType::RangeDeletion => Lookup::Failed(Error::corruption("range deletion in data block")),
    })
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
        let r = match self.lookup(&sv, cf, key, seq)? {
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
        let ucmp = cf.opts.comparator;
        for mem in std::iter::once(&sv.mem).chain(sv.imm.iter()) {
            let mut res = Lookup::Missing;
            mem.get(key, seq, &mut |ikey, value| {
                match interpret(key, ucmp, ikey, value) {
                    Some(r) => {
                        res = r;
                        false
                    }
                    None => false,
                }
            });
            if !matches!(res, Lookup::Missing) {
                self.tick(crate::stats::Ticker::MemtableHit, 1);
                return Ok(res);
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
                let table = self.table_cache.get(f.number, f.file_size)?;
                let mut res = Lookup::Missing;
                table.get(&lookup_key, &mut |ikey, value| {
                    Ok(match interpret(key, ucmp, ikey, value) {
                        Some(r) => {
                            res = r;
                            false
                        }
                        None => false,
                    })
                })?;
                if !matches!(res, Lookup::Missing) {
                    self.tick(
                        match level {
                            0 => crate::stats::Ticker::GetHitL0,
                            1 => crate::stats::Ticker::GetHitL1,
                            _ => crate::stats::Ticker::GetHitL2AndUp,
                        },
                        1,
                    );
                    return Ok(res);
                }
            }
        }
        Ok(Lookup::Missing)
    }

    pub(crate) fn new_internal_iterator(&self, sv: &Arc<SuperVersion>, fill_cache: bool) -> Result<Box<dyn InternalIterator>> {
        let mut children: Vec<Box<dyn InternalIterator>> = Vec::new();
        children.push(Box::new(sv.mem.iter()));
        for m in &sv.imm {
            children.push(Box::new(m.iter()));
        }
        for (level, files) in sv.version.levels.iter().enumerate() {
            if files.is_empty() {
                continue;
            }
            if level == 0 {
                for f in files {
                    let t = self.table_cache.get(f.number, f.file_size)?;
                    children.push(Box::new(t.iter(fill_cache)));
                }
            } else {
                let bounds = files.iter().map(|f| (f.smallest.clone(), f.largest.clone())).collect();
                let files = files.clone();
                let tc = self.table_cache.clone();
                let open = Box::new(move |i: usize| -> Result<Box<dyn InternalIterator>> {
                    let f = files.get(i).ok_or_else(|| Error::corruption("level iterator index out of range"))?;
                    let t = tc.get(f.number, f.file_size)?;
                    Ok(Box::new(t.iter(fill_cache)) as Box<dyn InternalIterator>)
                });
                children.push(Box::new(LevelIterator::new(self.icmp, bounds, open)));
            }
        }
        Ok(Box::new(MergingIterator::new(self.icmp, children)))
    }
}

impl Db {
    pub fn get(&self, ro: &ReadOptions, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let cf = self.inner.cf_for_handle(&ColumnFamilyHandle { id: 0, name: "default".into() })?;
        self.inner.get_impl(ro, &cf, key)
    }
    pub fn get_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<Vec<u8>>> {
        let c = self.inner.cf_for_handle(cf)?;
        self.inner.get_impl(ro, &c, key)
    }
    pub fn get_pinned_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle, key: &[u8]) -> Result<Option<PinnableSlice>> {
        Ok(self.get_cf(ro, cf, key)?.map(|data| PinnableSlice { data }))
    }
    /// One result per key, in order, all read at one sequence number.
    pub fn multi_get_cf(&self, ro: &ReadOptions, keys: &[(&ColumnFamilyHandle, &[u8])]) -> Vec<Result<Option<Vec<u8>>>> {
        self.inner.tick(crate::stats::Ticker::NumberMultigetCalls, 1);
        let mut ro = ro.clone();
        if ro.snapshot.is_none() {
            match self.snapshot() {
                Ok(s) => ro.snapshot = Some(s),
                Err(e) => return keys.iter().map(|_| Err(e.clone())).collect(),
            }
        }
        keys.iter().map(|(cf, k)| self.get_cf(&ro, cf, k)).collect()
    }
    pub fn iter(&self, ro: &ReadOptions) -> Result<DbIterator> {
        self.iter_cf(ro, &ColumnFamilyHandle { id: 0, name: "default".into() })
    }
    pub fn iter_cf(&self, ro: &ReadOptions, cf: &ColumnFamilyHandle) -> Result<DbIterator> {
        let c = self.inner.cf_for_handle(cf)?;
        let sv = c.super_version();
        let seq = self.inner.read_seq(ro);
        let internal = self.inner.new_internal_iterator(&sv, ro.fill_cache)?;
        let it = DbIter::new(internal, c.opts.comparator, seq, ro.iterate_lower_bound.clone(), ro.iterate_upper_bound.clone());
        Ok(DbIterator { it, db: self.inner.clone(), _sv: sv, _snapshot: ro.snapshot.clone() })
    }
}

/// The user-facing iterator: user keys and values visible at its snapshot. It keeps the files it
/// reads alive; after the database is closed it is invalid and reports "Shutdown in progress".
pub struct DbIterator {
    it: DbIter,
    db: Arc<DbInner>,
    _sv: Arc<SuperVersion>,
    _snapshot: Option<super::Snapshot>,
}

impl DbIterator {
    fn closed(&self) -> bool {
        self.db.closed.load(AtomicOrdering::Acquire)
    }
    pub fn valid(&self) -> bool {
        !self.closed() && self.it.valid()
    }
    pub fn seek_to_first(&mut self) {
        if !self.closed() {
            self.it.seek_to_first()
        }
    }
    pub fn seek_to_last(&mut self) {
        if !self.closed() {
            self.it.seek_to_last()
        }
    }
    pub fn seek(&mut self, key: &[u8]) {
        if !self.closed() {
            let t = self.db.timer();
            self.it.seek(key);
            self.db.tick(crate::stats::Ticker::NumberDbSeek, 1);
            self.db.measure(crate::stats::Histogram::DbSeek, t);
        }
    }
    pub fn seek_for_prev(&mut self, key: &[u8]) {
        if !self.closed() {
            self.it.seek_for_prev(key)
        }
    }
    pub fn next(&mut self) {
        if self.valid() {
            self.it.next();
            self.db.tick(crate::stats::Ticker::NumberDbNext, 1);
        }
    }
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
            self.it.value()
        } else {
            &[]
        }
    }
    pub fn status(&self) -> Result<()> {
        if self.closed() {
            return Err(Error::shutdown(""));
        }
        self.it.status()
    }
}
