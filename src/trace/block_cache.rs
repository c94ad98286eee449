//! The block cache trace (RocksDB's BlockCacheTracer, trace_replay/block_cache_tracer.cc):
//! one record per block cache lookup of the block-based table reader while a trace runs.
//!
//! ferrock's tables keep their index and filter blocks pinned, so the lookups are those of
//! data blocks (`kBlockTraceDataBlock`). A record names the block (its cache key), its size,
//! the table's column family (from its properties), file number and level (unknown to
//! ferrock's reader: UINT32_MAX, as RocksDB's for a table opened without one), who read it
//! (a Get, an iterator, a compaction), whether it was in the cache and whether it was kept
//! out of it; a Get's records add the Get's id, its key and, for the data block, what it
//! found there. Blocks are sampled by their key's hash, as RocksDB's.

use super::file::TraceFileWriter;
use super::{now_micros, trace_type, versioned_header, ExclusiveTrace, Trace};
use crate::error::{Error, Result};
use crate::util::coding::{get_fixed32, get_fixed64, get_length_prefixed_slice, put_fixed32, put_fixed64, put_length_prefixed_slice, put_varint64};
use std::sync::atomic::{AtomicU64, Ordering};

/// RocksDB's BlockCacheTraceOptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockCacheTraceOptions {
    /// One block in this many is traced (by a hash of its cache key, so a traced block's
    /// every access is); 0 and 1 trace every block.
    pub sampling_frequency: u64,
}

impl Default for BlockCacheTraceOptions {
    fn default() -> Self {
        BlockCacheTraceOptions { sampling_frequency: 1 }
    }
}

/// RocksDB's BlockCacheTraceWriterOptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockCacheTraceWriterOptions {
    /// Accesses stop being recorded once the file is larger than this (64 GiB by default).
    pub max_trace_file_size: u64,
}

impl Default for BlockCacheTraceWriterOptions {
    fn default() -> Self {
        BlockCacheTraceWriterOptions { max_trace_file_size: 64 << 30 }
    }
}

/// RocksDB's TableReaderCaller: who looked a block up.
pub mod caller {
    pub const USER_GET: u8 = 1;
    pub const USER_MULTI_GET: u8 = 2;
    pub const USER_ITERATOR: u8 = 3;
    pub const COMPACTION: u8 = 10;
    /// Readers outside a user's read or a compaction (verification, ingestion, tools).
    pub const UNCATEGORIZED: u8 = 14;
}

/// The level a record names when the reader does not know its table's (RocksDB's
/// `level_for_tracing` of a table opened without a level).
pub const UNKNOWN_LEVEL: u32 = u32::MAX;

/// One block cache lookup (RocksDB's BlockCacheTraceRecord).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlockAccess {
    pub ts: u64,
    /// `trace_type::BLOCK_*`.
    pub block_type: u8,
    /// The block's cache key: varint64 of the table's cache id, then varint64 of the block's
    /// offset (the last varint is the offset, as RocksDB's GetBlockOffsetInFile reads it).
    pub block_key: Vec<u8>,
    pub block_size: u64,
    pub cf_id: u64,
    pub cf_name: Vec<u8>,
    pub level: u32,
    pub sst_fd_number: u64,
    pub caller: u8,
    pub is_cache_hit: bool,
    pub no_insert: bool,
    /// Get and MultiGet only: the lookup's id, whether it read at a snapshot the user gave,
    /// and its internal key.
    pub get_id: u64,
    pub get_from_user_specified_snapshot: bool,
    pub referenced_key: Vec<u8>,
    /// Get and MultiGet on a data block only: the found entry's key and value bytes, the
    /// block's entries, whether the key was found in it.
    pub referenced_data_size: u64,
    pub num_keys_in_block: u64,
    pub referenced_key_exist_in_block: bool,
}

impl BlockAccess {
    fn is_get(&self) -> bool {
        self.caller == caller::USER_GET || self.caller == caller::USER_MULTI_GET
    }

    /// The record's payload (BlockCacheTraceWriterImpl::WriteBlockAccess).
    pub fn encode_payload(&self) -> Vec<u8> {
        let mut p = Vec::with_capacity(64 + self.block_key.len() + self.referenced_key.len());
        put_length_prefixed_slice(&mut p, &self.block_key);
        put_fixed64(&mut p, self.block_size);
        put_fixed64(&mut p, self.cf_id);
        put_length_prefixed_slice(&mut p, &self.cf_name);
        put_fixed32(&mut p, self.level);
        put_fixed64(&mut p, self.sst_fd_number);
        p.push(self.caller);
        p.push(self.is_cache_hit as u8);
        p.push(self.no_insert as u8);
        if self.is_get() {
            put_fixed64(&mut p, self.get_id);
            p.push(self.get_from_user_specified_snapshot as u8);
            put_length_prefixed_slice(&mut p, &self.referenced_key);
            if self.block_type == trace_type::BLOCK_DATA {
                put_fixed64(&mut p, self.referenced_data_size);
                put_fixed64(&mut p, self.num_keys_in_block);
                p.push(self.referenced_key_exist_in_block as u8);
            }
        }
        p
    }

    /// A record back from its trace (BlockCacheTraceReader::ReadAccess).
    pub fn decode(t: &Trace) -> Result<BlockAccess> {
        let cut = |what: &str| Error::incomplete(format!("Incomplete access record: Failed to read {what}."));
        let mut p = &t.payload[..];
        let mut a = BlockAccess { ts: t.ts, block_type: t.kind, ..Default::default() };
        a.block_key = get_length_prefixed_slice(&mut p).ok_or_else(|| cut("block key"))?.to_vec();
        a.block_size = get_fixed64(&mut p).ok_or_else(|| cut("block size"))?;
        a.cf_id = get_fixed64(&mut p).ok_or_else(|| cut("column family ID"))?;
        a.cf_name = get_length_prefixed_slice(&mut p).ok_or_else(|| cut("column family name"))?.to_vec();
        a.level = get_fixed32(&mut p).ok_or_else(|| cut("level"))?;
        a.sst_fd_number = get_fixed64(&mut p).ok_or_else(|| cut("SST file number"))?;
        let mut byte = |what: &str| -> Result<u8> {
            let (&b, rest) = p.split_first().ok_or_else(|| cut(what))?;
            p = rest;
            Ok(b)
        };
        a.caller = byte("caller")?;
        a.is_cache_hit = byte("is_cache_hit")? != 0;
        a.no_insert = byte("no_insert")? != 0;
        if a.is_get() {
            a.get_id = get_fixed64(&mut p).ok_or_else(|| cut("get_id"))?;
            let (&b, rest) = p.split_first().ok_or_else(|| cut("get_from_user_specified_snapshot"))?;
            p = rest;
            a.get_from_user_specified_snapshot = b != 0;
            a.referenced_key = get_length_prefixed_slice(&mut p).ok_or_else(|| cut("the get key"))?.to_vec();
            if a.block_type == trace_type::BLOCK_DATA {
                a.referenced_data_size = get_fixed64(&mut p).ok_or_else(|| cut("the referenced data size"))?;
                a.num_keys_in_block = get_fixed64(&mut p).ok_or_else(|| cut("the number of keys in block"))?;
                let (&b, _) = p.split_first().ok_or_else(|| cut("referenced_key_exist_in_block"))?;
                a.referenced_key_exist_in_block = b != 0;
            }
        }
        Ok(a)
    }
}

/// The block key of a block of the table with cache id `cache_id` at `offset`.
pub fn block_key(cache_id: u64, offset: u64) -> Vec<u8> {
    let mut k = Vec::with_capacity(20);
    put_varint64(&mut k, cache_id);
    put_varint64(&mut k, offset);
    k
}

/// A database's block cache tracer (DBImpl::block_cache_tracer_), shared with its table readers.
#[derive(Default)]
pub struct BlockCacheTracer {
    trace: ExclusiveTrace<(BlockCacheTraceOptions, BlockCacheTraceWriterOptions)>,
    get_ids: AtomicU64,
}

impl BlockCacheTracer {
    #[inline]
    pub fn is_on(&self) -> bool {
        self.trace.is_on()
    }

    /// Starts a trace (its header first); Busy while one runs.
    pub fn start(&self, opts: BlockCacheTraceOptions, writer_opts: BlockCacheTraceWriterOptions, file: TraceFileWriter) -> Result<()> {
        if !self.is_on() {
            self.get_ids.store(1, Ordering::Relaxed);
        }
        self.trace.start((opts, writer_opts), file, &versioned_header(now_micros()))
    }

    /// Ends the trace; nothing to do when none runs.
    pub fn end(&self) -> Result<()> {
        self.trace.end()
    }

    /// The id of a new Get (never 0, RocksDB's reserved id); 0 while no trace runs.
    pub fn next_get_id(&self) -> u64 {
        if !self.is_on() {
            return 0;
        }
        let id = self.get_ids.fetch_add(1, Ordering::Relaxed);
        if id == 0 {
            self.get_ids.fetch_add(1, Ordering::Relaxed)
        } else {
            id
        }
    }

    /// Records `access` if its block is sampled and the file is within its size limit.
    pub fn record(&self, access: &BlockAccess) {
        self.trace.with(|(opts, writer_opts), file| {
            if !sampled(&access.block_key, opts.sampling_frequency) || file.file_size() > writer_opts.max_trace_file_size {
                return;
            }
            let t = Trace { ts: access.ts, kind: access.block_type, payload: access.encode_payload() };
            let _ = file.write(&t.encode());
        });
    }
}

/// RocksDB's ShouldTrace: spatial sampling by the block key's hash, so a sampled block has
/// its whole history (GetSliceRangedNPHash(key, frequency) == 0).
fn sampled(block_key: &[u8], frequency: u64) -> bool {
    if frequency <= 1 {
        return true;
    }
    let h = crate::util::xxph3::xxph3_64(block_key);
    ((h as u128 * frequency as u128) >> 64) == 0
}

std::thread_local! {
    /// The Get this thread is serving while a block cache trace runs: its id and whether it
    /// reads at a snapshot the user gave (set by the database's get, read by the table reader).
    static CURRENT_GET: std::cell::Cell<Option<(u64, bool)>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` as the Get `get_id` (`CURRENT_GET`), for the table reader's records.
pub fn with_current_get<T>(get_id: u64, user_snapshot: bool, f: impl FnOnce() -> T) -> T {
    let prev = CURRENT_GET.with(|c| c.replace(Some((get_id, user_snapshot))));
    let r = f();
    CURRENT_GET.with(|c| c.set(prev));
    r
}

/// The Get this thread serves, if any.
pub fn current_get() -> Option<(u64, bool)> {
    CURRENT_GET.with(|c| c.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::file::TraceFileReader;

    #[test]
    fn accesses_round_trip_and_sample_by_block() {
        let dir = crate::util::testutil::TempDir::created("bc_trace");
        let fs = crate::env::default_fs();
        let path = dir.0.join("bc.trace");
        let t = BlockCacheTracer::default();
        assert_eq!(t.next_get_id(), 0);
        t.start(Default::default(), Default::default(), TraceFileWriter::create(fs.as_ref(), &path).unwrap()).unwrap();
        assert_eq!(t.next_get_id(), 1);
        assert_eq!(t.next_get_id(), 2);
        let get = BlockAccess {
            ts: 5,
            block_type: trace_type::BLOCK_DATA,
            block_key: block_key(3, 4096),
            block_size: 4000,
            cf_id: 0,
            cf_name: b"default".to_vec(),
            level: UNKNOWN_LEVEL,
            sst_fd_number: 9,
            caller: caller::USER_GET,
            is_cache_hit: true,
            get_id: 2,
            referenced_key: b"key\x01\0\0\0\0\0\0\0".to_vec(),
            referenced_data_size: 14,
            num_keys_in_block: 7,
            referenced_key_exist_in_block: true,
            ..Default::default()
        };
        let scan = BlockAccess { caller: caller::USER_ITERATOR, get_id: 0, referenced_key: vec![], ..get.clone() };
        t.record(&get);
        t.record(&scan);
        t.end().unwrap();
        let mut r = TraceFileReader::open(fs.as_ref(), &path).unwrap();
        let header = Trace::decode(&r.read().unwrap()).unwrap();
        assert_eq!(header.payload, versioned_header(header.ts).payload);
        let a = Trace::decode(&r.read().unwrap()).unwrap();
        assert_eq!(a.payload.len(), 1 + 3 + 8 + 8 + 1 + 7 + 4 + 8 + 3 + 8 + 1 + 1 + 11 + 8 + 8 + 1);
        assert_eq!(BlockAccess::decode(&a).unwrap(), get);
        let b = Trace::decode(&r.read().unwrap()).unwrap();
        // Not a Get: no Get fields, and they decode as zero.
        assert_eq!(b.payload.len(), 1 + 3 + 8 + 8 + 1 + 7 + 4 + 8 + 3);
        assert_eq!(BlockAccess::decode(&b).unwrap(), BlockAccess { referenced_data_size: 0, num_keys_in_block: 0, referenced_key_exist_in_block: false, ..scan });

        // One block in ten or so, always the same ones.
        let kept: Vec<u64> = (0..1000).filter(|&o| sampled(&block_key(1, o), 10)).collect();
        assert!(kept.len() > 50 && kept.len() < 150, "{}", kept.len());
        assert_eq!(kept, (0..1000).filter(|&o| sampled(&block_key(1, o), 10)).collect::<Vec<u64>>());
        assert!(sampled(b"any", 0) && sampled(b"any", 1));
    }
}
