//! Starting and ending a database's traces (RocksDB's DB::StartTrace / EndTrace), and the
//! hooks the traced operations call. A hook costs one relaxed atomic load while no trace
//! runs (`QueryTraceSlot::is_on`); the record is built only when one does.
//!
//! The IO trace is the database's file system's (`trace::io`), the block cache trace its table
//! readers' (`table::reader`, with the Get's id from `read.rs`); the query trace's hooks are
//! here. What the query trace records, as in RocksDB: every write on arrival (or, with `preserve_write_order`, by
//! the write group's leader in the order writes are applied: `write.rs`), `Db::get_cf`,
//! `Db::multi_get_cf` and the seeks of the database's iterators (`read.rs`).

use super::{Db, DbInner};
use crate::error::Result;
use crate::trace::block_cache::{BlockCacheTraceOptions, BlockCacheTraceWriterOptions};
use crate::trace::file::TraceFileWriter;
use crate::trace::query::QueryTracer;
use crate::trace::TraceOptions;

impl Db {
    /// Starts a query trace into `writer` (its header is written now). A trace already
    /// running is replaced, without its footer, as RocksDB's.
    pub fn start_trace(&self, opts: TraceOptions, writer: TraceFileWriter) -> Result<()> {
        self.inner.check_open()?;
        self.inner.tracers.query.start(QueryTracer::start(opts, writer));
        Ok(())
    }

    /// The file system trace files go through when no env is named: the one of the options
    /// the database was opened with, not the IO-traced view of it the database uses.
    pub fn trace_file_system(&self) -> std::sync::Arc<dyn crate::env::FileSystem> {
        self.inner.opts().file_system()
    }

    /// Ends the query trace with its footer; "IO error: No trace file to close" when none runs.
    pub fn end_trace(&self) -> Result<()> {
        self.inner.tracers.query.end()
    }
}

impl Db {
    /// Starts an IO trace into `writer` (RocksDB's StartIOTrace): Busy while one runs.
    pub fn start_io_trace(&self, opts: TraceOptions, writer: TraceFileWriter) -> Result<()> {
        self.inner.check_open()?;
        self.inner.tracers.io.start(opts, writer)
    }

    /// Ends the IO trace; nothing to do when none runs.
    pub fn end_io_trace(&self) -> Result<()> {
        self.inner.tracers.io.end()
    }

    /// Starts a block cache trace into `writer` (RocksDB's StartBlockCacheTrace): Busy while
    /// one runs.
    pub fn start_block_cache_trace(
        &self,
        opts: BlockCacheTraceOptions,
        writer_opts: BlockCacheTraceWriterOptions,
        writer: TraceFileWriter,
    ) -> Result<()> {
        self.inner.check_open()?;
        self.inner.tracers.block_cache.start(opts, writer_opts, writer)
    }

    /// Ends the block cache trace; nothing to do when none runs.
    pub fn end_block_cache_trace(&self) -> Result<()> {
        self.inner.tracers.block_cache.end()
    }
}

impl DbInner {
    /// Records a Get of `key` in column family `cf_id`.
    #[inline]
    pub(crate) fn trace_get(&self, cf_id: u32, key: &[u8]) {
        if self.tracers.query.is_on() {
            self.tracers.query.with(|t| t.get(cf_id, key));
        }
    }

    /// Records a MultiGet of `keys`.
    #[inline]
    pub(crate) fn trace_multi_get(&self, keys: &[(u32, &[u8])]) {
        if self.tracers.query.is_on() {
            self.tracers.query.with(|t| t.multi_get(keys));
        }
    }

    /// Records an iterator's Seek or SeekForPrev (empty bounds are unset ones).
    #[inline]
    pub(crate) fn trace_seek(&self, for_prev: bool, cf_id: u32, key: &[u8], lower: &[u8], upper: &[u8]) {
        if self.tracers.query.is_on() {
            self.tracers.query.with(|t| t.iterator_seek(for_prev, cf_id, key, lower, upper));
        }
    }

    /// Records a write of the batch `data` on arrival (`in_order` false) or as the write group
    /// applies it (`in_order` true); the trace's `preserve_write_order` picks one of the two.
    #[inline]
    pub(crate) fn trace_write(&self, data: &[u8], in_order: bool) {
        if self.tracers.query.is_on() {
            self.tracers.query.write(data, in_order);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::WriteBatch;
    use crate::options::{Options, ReadOptions, WriteOptions};
    use crate::trace::file::TraceFileReader;
    use crate::trace::query::{decode_record, parse_header, QueryRecord};
    use crate::trace::{trace_type, Trace};
    use crate::util::testutil::TempDir;
    use crate::utilities::replayer::{ReplayOptions, Replayer};

    fn opts() -> Options {
        Options { create_if_missing: true, ..Default::default() }
    }

    fn read_all(fs: &dyn crate::env::FileSystem, path: &std::path::Path) -> Vec<Trace> {
        let mut r = TraceFileReader::open(fs, path).unwrap();
        let mut out = Vec::new();
        while let Ok(enc) = r.read() {
            out.push(Trace::decode(&enc).unwrap());
        }
        out
    }

    /// A trace of a database's operations decodes record by record into what was done, and
    /// replaying it on an empty database writes the same data.
    #[test]
    fn operations_are_traced_and_replayed() {
        let d = TempDir::new("trace_db");
        let db = Db::open(&opts(), &d.0).unwrap();
        let path = d.0.join("q.trace");
        let fs = db.trace_file_system();
        db.start_trace(TraceOptions::default(), TraceFileWriter::create(fs.as_ref(), &path).unwrap()).unwrap();
        let wo = WriteOptions::default();
        db.put(&wo, b"k1", b"v1").unwrap();
        let mut b = WriteBatch::new();
        b.put(b"k2", b"v2");
        b.delete(b"gone");
        db.write(&wo, &b).unwrap();
        assert_eq!(db.get(&ReadOptions::new(), b"k1").unwrap().as_deref(), Some(&b"v1"[..]));
        let cf = db.default_column_family();
        let got = db.multi_get_cf(&ReadOptions::new(), &[(&cf, &b"k1"[..]), (&cf, &b"nope"[..])]);
        assert_eq!(got.len(), 2);
        let ro = ReadOptions { iterate_upper_bound: Some(b"z".to_vec()), ..ReadOptions::new() };
        let mut it = db.iter(&ro).unwrap();
        it.seek(b"k");
        it.seek_for_prev(b"k9");
        drop(it);
        db.end_trace().unwrap();
        assert_eq!(db.end_trace().unwrap_err().to_string(), "IO error: No trace file to close");
        // Not traced: the trace has ended.
        db.put(&wo, b"late", b"x").unwrap();

        let records = read_all(fs.as_ref(), &path);
        let kinds: Vec<u8> = records.iter().map(|r| r.kind).collect();
        assert_eq!(
            kinds,
            vec![
                trace_type::BEGIN,
                trace_type::WRITE,
                trace_type::WRITE,
                trace_type::GET,
                trace_type::MULTI_GET,
                trace_type::ITERATOR_SEEK,
                trace_type::ITERATOR_SEEK_FOR_PREV,
                trace_type::END
            ]
        );
        let (version, _) = parse_header(&records[0]).unwrap();
        assert_eq!(version, 2);
        let decoded: Vec<QueryRecord> = records[1..7].iter().map(|r| decode_record(r, version).unwrap()).collect();
        match &decoded[0] {
            QueryRecord::Write { batch, .. } => {
                let wb = WriteBatch::from_data(batch).unwrap();
                assert_eq!(wb.count(), 1);
            }
            other => panic!("{other:?}"),
        }
        match &decoded[1] {
            // The batch's bytes are RocksDB's WriteBatch rep (sequence 0 until written).
            QueryRecord::Write { batch, .. } => assert_eq!(&batch[..], b.data()),
            other => panic!("{other:?}"),
        }
        assert!(matches!(&decoded[2], QueryRecord::Get { cf_id: 0, key, .. } if key == b"k1"));
        assert!(matches!(&decoded[3], QueryRecord::MultiGet { cf_ids, keys, .. } if cf_ids == &[0, 0] && keys == &[b"k1".to_vec(), b"nope".to_vec()]));
        assert!(matches!(&decoded[4], QueryRecord::Seek { for_prev: false, key, lower, upper, .. } if key == b"k" && lower.is_empty() && upper == b"z"));
        assert!(matches!(&decoded[5], QueryRecord::Seek { for_prev: true, key, .. } if key == b"k9"));

        let d2 = TempDir::new("trace_replay");
        let target = Db::open(&opts(), &d2.0).unwrap();
        let mut r = Replayer::new(target.clone(), vec![], TraceFileReader::open(fs.as_ref(), &path).unwrap());
        assert_eq!(r.replay(&ReplayOptions::default()).unwrap_err().to_string(), "Result incomplete: Not prepared!");
        r.prepare().unwrap();
        assert_eq!(r.header_timestamp(), records[0].ts);
        assert!(r.replay(&ReplayOptions { num_threads: 1, fast_forward: 0.0 }).is_err());
        r.replay(&ReplayOptions { num_threads: 1, fast_forward: 1e6 }).unwrap();
        assert_eq!(target.get(&ReadOptions::new(), b"k1").unwrap().as_deref(), Some(&b"v1"[..]));
        assert_eq!(target.get(&ReadOptions::new(), b"k2").unwrap().as_deref(), Some(&b"v2"[..]));
        assert_eq!(target.get(&ReadOptions::new(), b"late").unwrap(), None);
        assert_eq!(r.replay(&ReplayOptions::default()).unwrap_err().to_string(), "Result incomplete: Trace end.");
        // Again, on four threads.
        r.prepare().unwrap();
        r.replay(&ReplayOptions { num_threads: 4, fast_forward: 1e6 }).unwrap();
        assert_eq!(target.get(&ReadOptions::new(), b"k2").unwrap().as_deref(), Some(&b"v2"[..]));
    }

    /// With preserve_write_order the writes are recorded by the write group, once each.
    #[test]
    fn ordered_writes_are_recorded_once() {
        let d = TempDir::new("trace_ordered");
        let db = Db::open(&opts(), &d.0).unwrap();
        let path = d.0.join("o.trace");
        let fs = db.trace_file_system();
        let o = TraceOptions { preserve_write_order: true, ..Default::default() };
        db.start_trace(o, TraceFileWriter::create(fs.as_ref(), &path).unwrap()).unwrap();
        std::thread::scope(|s| {
            for t in 0..4u8 {
                let db = &db;
                s.spawn(move || {
                    for i in 0..50u8 {
                        db.put(&WriteOptions::default(), &[t, i], b"v").unwrap();
                    }
                });
            }
        });
        db.end_trace().unwrap();
        let writes = read_all(fs.as_ref(), &path).iter().filter(|r| r.kind == trace_type::WRITE).count();
        assert_eq!(writes, 200);
    }

    /// A replayed read of a column family the replayer was not given is corruption.
    #[test]
    fn a_family_the_replayer_lacks_is_corruption() {
        let d = TempDir::new("trace_cf");
        let db = Db::open(&opts(), &d.0).unwrap();
        let cf = db.create_column_family(&opts(), "other").unwrap();
        let path = d.0.join("c.trace");
        let fs = db.trace_file_system();
        db.start_trace(TraceOptions::default(), TraceFileWriter::create(fs.as_ref(), &path).unwrap()).unwrap();
        let _ = db.get_cf(&ReadOptions::new(), &cf, b"x").unwrap();
        db.end_trace().unwrap();
        let mut r = Replayer::new(db.clone(), vec![], TraceFileReader::open(fs.as_ref(), &path).unwrap());
        r.prepare().unwrap();
        assert_eq!(r.replay(&ReplayOptions { num_threads: 1, fast_forward: 1e6 }).unwrap_err().to_string(), "Corruption: Invalid Column Family ID.");
        let mut r = Replayer::new(db.clone(), vec![db.default_column_family(), cf.clone()], TraceFileReader::open(fs.as_ref(), &path).unwrap());
        r.prepare().unwrap();
        r.replay(&ReplayOptions { num_threads: 1, fast_forward: 1e6 }).unwrap();
    }

    /// An IO trace records the database's file operations (a flush's table among them); a
    /// block cache trace records a Get's data block lookups (a miss, then a hit) with the Get's
    /// id and key, and an iterator's.
    #[test]
    fn io_and_block_cache_traces_record_the_database_reads() {
        use crate::trace::block_cache::{caller, BlockAccess};
        let d = TempDir::new("trace_io_bc");
        let db = Db::open(&opts(), &d.0).unwrap();
        let fs = db.trace_file_system();
        let wo = WriteOptions::default();
        db.put(&wo, b"k", b"v").unwrap();
        let io_path = d.0.join("io.trace");
        db.start_io_trace(TraceOptions::default(), TraceFileWriter::create(fs.as_ref(), &io_path).unwrap()).unwrap();
        assert_eq!(
            db.start_io_trace(TraceOptions::default(), TraceFileWriter::create(fs.as_ref(), &d.0.join("x")).unwrap()).unwrap_err().code(),
            crate::error::Code::Busy
        );
        db.flush(&Default::default()).unwrap();
        db.end_io_trace().unwrap();
        db.end_io_trace().unwrap();
        let records = read_all(fs.as_ref(), &io_path);
        assert_eq!(records[0].kind, trace_type::BEGIN);
        let ops: Vec<String> = records[1..]
            .iter()
            .map(|t| {
                assert_eq!(t.kind, trace_type::IO);
                let mut p = &t.payload[8..];
                String::from_utf8(crate::util::coding::get_length_prefixed_slice(&mut p).unwrap().to_vec()).unwrap()
            })
            .collect();
        assert!(ops.iter().any(|o| o == "NewWritableFile"), "{ops:?}");
        assert!(ops.iter().any(|o| o == "Append"), "{ops:?}");

        let bc_path = d.0.join("bc.trace");
        db.start_block_cache_trace(Default::default(), Default::default(), TraceFileWriter::create(fs.as_ref(), &bc_path).unwrap()).unwrap();
        for _ in 0..2 {
            assert_eq!(db.get(&ReadOptions::new(), b"k").unwrap().as_deref(), Some(&b"v"[..]));
        }
        let mut it = db.iter(&ReadOptions::new()).unwrap();
        it.seek_to_first();
        assert!(it.valid());
        drop(it);
        db.end_block_cache_trace().unwrap();
        let records = read_all(fs.as_ref(), &bc_path);
        assert_eq!(records[0].kind, trace_type::BEGIN);
        let accesses: Vec<BlockAccess> = records[1..].iter().map(|t| BlockAccess::decode(t).unwrap()).collect();
        assert_eq!(accesses.len(), 3, "{accesses:?}");
        for (a, (id, hit)) in accesses[..2].iter().zip([(1, false), (2, true)]) {
            assert_eq!(a.block_type, trace_type::BLOCK_DATA);
            assert_eq!(a.caller, caller::USER_GET);
            assert_eq!((a.get_id, a.is_cache_hit), (id, hit));
            assert_eq!(crate::key::user_key(&a.referenced_key), b"k");
            assert!(a.referenced_key_exist_in_block);
            assert_eq!(a.num_keys_in_block, 1);
            assert_eq!(a.cf_name, b"default");
            assert!(a.sst_fd_number > 0);
        }
        assert_eq!(accesses[2].caller, caller::USER_ITERATOR);
        assert!(accesses[2].is_cache_hit);
        assert_eq!(accesses[0].block_key, accesses[2].block_key);
    }
}
