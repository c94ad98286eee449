//! The seed corpus: real files, taken apart into what each parser reads.
//!
//! - the RocksDB 7.8.3 files checked into the repository's testdata (`src/*/testdata`);
//! - files Debian's RocksDB 7.8.3 writes now (`/usr/bin/ldb` makes a database with puts,
//!   deletes, a range deletion, a compaction and a few codecs and block sizes; skipped,
//!   saying so, when ldb is missing);
//! - files ferrock writes (column families, merges, single deletes, range deletions,
//!   two-phase transactions, an ingested file, WAL-less writes, several codecs).
//!
//! A table gives a whole-table seed, its footer, its metaindex, index, data, range
//! deletion, filter and properties blocks (decompressed); a WAL gives a log seed and one
//! WriteBatch seed per record; a MANIFEST a log seed and one VersionEdit seed per record;
//! an OPTIONS file an options seed.

use ferrock::db::Db;
use ferrock::env::{RandomAccessFile, SequentialFile};
use ferrock::log::LogReader;
use ferrock::options::{CompressionType, Options, WriteOptions};
use ferrock::table::block::{Block, KeyOrder};
use ferrock::table::format::{read_block, BlockHandle, Footer, FOOTER_SIZE};
use ferrock::util::comparator::Comparator;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

pub type Corpus = BTreeMap<&'static str, Vec<Vec<u8>>>;

struct MemFile(Vec<u8>);

impl RandomAccessFile for MemFile {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> ferrock::Result<usize> {
        let start = (offset as usize).min(self.0.len());
        let n = buf.len().min(self.0.len() - start);
        buf[..n].copy_from_slice(&self.0[start..start + n]);
        Ok(n)
    }
    fn size(&self) -> ferrock::Result<u64> {
        Ok(self.0.len() as u64)
    }
}

struct MemSeq(Vec<u8>, usize);

impl SequentialFile for MemSeq {
    fn read(&mut self, buf: &mut [u8]) -> ferrock::Result<usize> {
        let n = buf.len().min(self.0.len() - self.1);
        buf[..n].copy_from_slice(&self.0[self.1..self.1 + n]);
        self.1 += n;
        Ok(n)
    }
}

fn add(c: &mut Corpus, target: &'static str, data: Vec<u8>) {
    let v = c.entry(target).or_default();
    if data.len() <= crate::mutate::MAX_INPUT && !v.contains(&data) {
        v.push(data);
    }
}

/// The records of a log file (WAL or MANIFEST), as the reader returns them.
fn records(data: &[u8]) -> Vec<Vec<u8>> {
    let mut r = LogReader::new(Box::new(MemSeq(data.to_vec(), 0)), 0, true);
    let mut out = Vec::new();
    let mut rec = Vec::new();
    for _ in 0..10_000 {
        match r.read_record(&mut rec) {
            Ok(true) => out.push(rec.clone()),
            Ok(false) => break,
            Err(_) => continue,
        }
    }
    out
}

/// Takes a table apart into its footer and blocks.
fn table_parts(c: &mut Corpus, data: &[u8]) {
    if data.len() < FOOTER_SIZE {
        return;
    }
    let tail_at = data.len() - FOOTER_SIZE;
    add(c, "footer", data[tail_at..].to_vec());
    let Ok(footer) = Footer::decode(&data[tail_at..], tail_at as u64) else { return };
    let file = MemFile(data.to_vec());
    let read = |h: &BlockHandle| read_block(&file, &footer, h, true, true, "seed").ok();
    let Some(meta) = read(&footer.metaindex_handle) else { return };
    add(c, "data_block", meta.clone());
    let meta = Arc::new(Block::new(meta));
    let mut it = meta.iter(KeyOrder::User(Comparator::Bytewise));
    it.seek_to_first();
    let mut index_handle = (!footer.index_handle.is_null()).then_some(footer.index_handle);
    use ferrock::iter::InternalIterator;
    while it.valid() {
        let name = String::from_utf8_lossy(it.key()).into_owned();
        let mut v = it.value();
        if let Ok(h) = BlockHandle::decode_from(&mut v) {
            if let Some(b) = read(&h) {
                if name == "rocksdb.properties" {
                    add(c, "properties", b);
                } else if name.contains("filter") {
                    add(c, "filter", b);
                } else if name == "rocksdb.range_del" {
                    add(c, "data_block", b);
                } else if name == "rocksdb.index" {
                    index_handle = Some(h);
                }
            }
        }
        it.next();
    }
    let Some(ih) = index_handle else { return };
    let Some(index) = read(&ih) else { return };
    add(c, "index_block", index.clone());
    let index = Arc::new(Block::new(index));
    for delta in [true, false] {
        let mut it = index.index_iter(KeyOrder::User(Comparator::Bytewise), delta);
        it.seek_to_first();
        let mut n = 0;
        while it.valid() && n < 12 {
            if let Ok(h) = it.handle() {
                if let Some(b) = read(&h) {
                    add(c, "data_block", b);
                    n += 1;
                }
            }
            it.next();
        }
    }
}

fn classify(c: &mut Corpus, path: &Path) {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else { return };
    let Ok(data) = std::fs::read(path) else { return };
    if name.ends_with(".sst") {
        add(c, "table", data.clone());
        table_parts(c, &data);
    } else if name.ends_with(".log") {
        for r in records(&data) {
            add(c, "write_batch", r);
        }
        add(c, "log", data);
    } else if name.contains("MANIFEST-") {
        for r in records(&data) {
            add(c, "version_edit", r);
        }
        add(c, "log", data);
    } else if name.starts_with("OPTIONS-") {
        add(c, "options", data);
    }
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir).map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    v.sort();
    v
}

/// Databases written by Debian's RocksDB 7.8.3 through its ldb tool.
fn debian_files(scratch: &Path) -> Result<Vec<PathBuf>, String> {
    let ldb = Path::new("/usr/bin/ldb");
    if !ldb.exists() {
        return Err("/usr/bin/ldb is not installed".into());
    }
    let mut out = Vec::new();
    for (i, (codec, block)) in [("no", "256"), ("snappy", "4096"), ("lz4", "1024"), ("zstd", "16384"), ("zlib", "512")].iter().enumerate() {
        let dir = scratch.join(format!("rocksdb783-{i}"));
        let _ = std::fs::remove_dir_all(&dir);
        let db = format!("--db={}", dir.display());
        let opts = [format!("--compression_type={codec}"), format!("--block_size={block}"), "--bloom_bits=10".into()];
        let run = |args: &[String]| -> Result<(), String> {
            let o = Command::new(ldb).env_remove("LD_LIBRARY_PATH").arg(&db).args(&opts).args(args).output().map_err(|e| e.to_string())?;
            if o.status.success() {
                Ok(())
            } else {
                Err(format!("ldb {args:?}: {}", String::from_utf8_lossy(&o.stderr)))
            }
        };
        let mut batch: Vec<String> = vec!["--create_if_missing".into(), "batchput".into()];
        for k in 0..300 {
            batch.push(format!("k{k:07}"));
            batch.push(format!("value-{k}-{}", "x".repeat(k % 40)));
        }
        run(&batch)?;
        run(&["delete".into(), "k0000007".into()])?;
        run(&["deleterange".into(), "k0000100".into(), "k0000120".into()])?;
        run(&["compact".into()])?;
        run(&["put".into(), "after".into(), "compaction".into()])?;
        run(&["delete".into(), "k0000200".into()])?;
        out.extend(files_in(&dir));
    }
    Ok(out)
}

/// Databases ferrock writes: every record and block kind the engine produces.
fn ferrock_files(scratch: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let e = |e: ferrock::Error| e.to_string();
    for (i, codec) in [CompressionType::None, CompressionType::Lz4, CompressionType::Snappy, CompressionType::Zstd].iter().enumerate() {
        let dir = scratch.join(format!("ferrock-{i}"));
        let _ = std::fs::remove_dir_all(&dir);
        let mut o = Options { create_if_missing: true, create_missing_column_families: true, compression: *codec, ..Default::default() };
        o.table.block_size = 512;
        o.table.bloom_bits_per_key = if i % 2 == 0 { 10.0 } else { 0.0 };
        o.merge_operator = Some(Arc::new(ferrock::merge::StringAppendOperator::new(b",")));
        let cfs = vec![("default".to_string(), o.clone()), ("x".to_string(), o.clone())];
        let (db, h) = Db::open_cf(&o, &dir, &cfs).map_err(e)?;
        let w = WriteOptions::default();
        for k in 0..400u32 {
            let key = format!("k{k:07}");
            db.put_cf(&w, &h[(k % 2) as usize], key.as_bytes(), format!("v{k}").repeat(1 + (k % 7) as usize).as_bytes()).map_err(e)?;
            if k % 5 == 0 {
                db.merge_cf(&w, &h[0], key.as_bytes(), b"m").map_err(e)?;
            }
        }
        db.single_delete(&w, b"k0000002").map_err(e)?;
        db.delete_range_cf(&w, &h[0], b"k0000050", b"k0000060").map_err(e)?;
        db.flush_cf(&Default::default(), &h[0]).map_err(e)?;
        db.flush_cf(&Default::default(), &h[1]).map_err(e)?;
        let mut b = ferrock::batch::WriteBatch::new();
        b.put_cf(h[1].id(), b"batch", b"1");
        b.delete(b"k0000003");
        b.put_log_data(b"blob");
        db.write(&w, &b).map_err(e)?;
        db.put(&WriteOptions { disable_wal: true, ..w }, b"nowal", b"x").map_err(e)?;
        db.close().map_err(e)?;
        out.extend(files_in(&dir));
    }
    // Two-phase commit markers in a WAL.
    let dir = scratch.join("ferrock-txn");
    let _ = std::fs::remove_dir_all(&dir);
    let o = Options { create_if_missing: true, ..Default::default() };
    let t = ferrock::txn::TransactionDb::open(&o, &Default::default(), &dir).map_err(e)?;
    for n in 0..3 {
        let x = t.begin(&WriteOptions::default(), &Default::default(), None);
        x.put(format!("t{n}").as_bytes(), b"v").map_err(e)?;
        x.set_name(&format!("xid{n}")).map_err(e)?;
        x.prepare().map_err(e)?;
        if n == 1 {
            x.rollback().map_err(e)?;
        } else {
            x.commit().map_err(e)?;
        }
    }
    t.close().map_err(e)?;
    out.extend(files_in(&dir));
    Ok(out)
}

/// The corpus, and a line per source saying what it gave (or why it was skipped).
pub fn collect(repo: &Path, scratch: &Path) -> (Corpus, Vec<String>) {
    let mut c = Corpus::new();
    let mut notes = Vec::new();
    let mut testdata = Vec::new();
    for d in ["src/table/testdata", "src/log/testdata"] {
        testdata.extend(files_in(&repo.join(d)));
    }
    notes.push(format!("{} files from the repository's testdata", testdata.len()));
    for f in &testdata {
        classify(&mut c, f);
    }
    match debian_files(scratch) {
        Ok(files) => {
            notes.push(format!("{} files written by Debian's RocksDB 7.8.3 (ldb)", files.len()));
            for f in &files {
                classify(&mut c, f);
            }
        }
        Err(e) => notes.push(format!("no RocksDB 7.8.3 files: {e}")),
    }
    match ferrock_files(scratch) {
        Ok(files) => {
            notes.push(format!("{} files written by ferrock", files.len()));
            for f in &files {
                classify(&mut c, f);
            }
        }
        Err(e) => notes.push(format!("no ferrock files: {e}")),
    }
    (c, notes)
}
