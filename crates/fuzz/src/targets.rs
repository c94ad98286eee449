//! The parsers under fuzz, one function each, taking any bytes. Each drives its parser as
//! the engine does (iterators walked forward and back and sought, filters probed, records
//! read to the end) and checks what a parser must guarantee whatever the bytes: it
//! returns (an error is fine) instead of panicking, and an iterator over `n` bytes yields
//! at most `n` + 16 entries (more means it loops). A panic here is a failure of the
//! parser; `main.rs` also measures each input's allocation peak and time.

use ferrock::batch::WriteBatch;
use crate::memfile::{MemFile, MemSeq};
use ferrock::env::RandomAccessFile;
use ferrock::iter::InternalIterator;
use ferrock::key::{make_internal_key, InternalKeyComparator, ValueType};
use ferrock::log::format::{BLOCK_SIZE, HEADER_SIZE, RECYCLABLE_HEADER_SIZE};
use ferrock::log::LogReader;
use ferrock::table::block::{Block, KeyOrder};
use ferrock::table::filter::FullFilterReader;
use ferrock::table::filter_block::FilterBlockReader;
use ferrock::table::format::Footer;
use ferrock::table::properties::TableProperties;
use ferrock::table::reader::{Table, TableReadOptions};
use ferrock::util::comparator::Comparator;
use ferrock::util::crc;
use ferrock::version::edit::VersionEdit;
use ferrock::options::file::parse_options_text;
use ferrock::options::load::options_from_sections;
use std::sync::Arc;

pub struct Target {
    pub name: &'static str,
    pub run: fn(&[u8]),
    /// Repairs checksums after a mutation (so the parser behind them is reached); applied
    /// to half of the inputs.
    pub repair: Option<fn(&mut Vec<u8>)>,
    /// Bytes one input may make the parser hold at its peak: `fixed + per_byte * len`.
    pub alloc_fixed: usize,
    pub alloc_per_byte: usize,
}

pub fn all() -> Vec<Target> {
    let t = |name, run: fn(&[u8]), repair: Option<fn(&mut Vec<u8>)>| Target { name, run, repair, alloc_fixed: 16 << 20, alloc_per_byte: 64 };
    vec![
        t("data_block", data_block, None),
        t("index_block", index_block, None),
        t("footer", footer, None),
        t("filter", filter, None),
        t("properties", properties, None),
        t("log", log, Some(repair_log_checksums)),
        t("version_edit", version_edit, None),
        t("write_batch", write_batch, None),
        t("options", options, None),
        // A whole table decompresses blocks: more room, still bounded.
        Target { name: "table", run: table, repair: None, alloc_fixed: 64 << 20, alloc_per_byte: 64 },
    ]
}

/// Walks an iterator forward, backward and through seeks; panics if it yields more than
/// `budget` entries in one direction (it loops).
fn walk(it: &mut dyn InternalIterator, budget: usize, targets: &[Vec<u8>]) {
    let limit = budget + 16;
    let mut seen: Vec<Vec<u8>> = Vec::new();
    it.seek_to_first();
    let mut n = 0;
    while it.valid() {
        let (k, v) = (it.key(), it.value());
        if seen.len() < 8 {
            seen.push(k.to_vec());
        }
        let _ = v.len();
        it.next();
        n += 1;
        assert!(n <= limit, "the iterator yielded more than {limit} entries forward from {budget} bytes: it loops");
    }
    let _ = it.status();
    it.seek_to_last();
    n = 0;
    while it.valid() {
        let _ = (it.key().len(), it.value().len());
        it.prev();
        n += 1;
        assert!(n <= limit, "the iterator yielded more than {limit} entries backward from {budget} bytes: it loops");
    }
    let _ = it.status();
    for t in targets.iter().chain(seen.iter()) {
        it.seek(t);
        for _ in 0..3 {
            if !it.valid() {
                break;
            }
            it.next();
        }
        it.seek_for_prev(t);
        for _ in 0..3 {
            if !it.valid() {
                break;
            }
            it.prev();
        }
        let _ = it.status();
    }
}

fn internal_targets() -> Vec<Vec<u8>> {
    vec![
        make_internal_key(b"", 0, ValueType::Value),
        make_internal_key(b"k0000500", 1 << 40, ValueType::Value),
        make_internal_key(b"\xff\xff\xff", 7, ValueType::Deletion),
        make_internal_key(b"m", u64::MAX >> 8, ValueType::Merge),
    ]
}

fn data_block(input: &[u8]) {
    let b = Arc::new(Block::new(input.to_vec()));
    let _ = (b.num_restarts(), b.corruption());
    let mut it = b.iter(KeyOrder::Internal(InternalKeyComparator::default()));
    walk(&mut it, input.len(), &internal_targets());
    // Metaindex and properties blocks are read under the bytewise order.
    let mut it = b.iter(KeyOrder::User(Comparator::Bytewise));
    walk(&mut it, input.len(), &[b"".to_vec(), b"rocksdb.properties".to_vec(), b"zz".to_vec()]);
}

fn index_block(input: &[u8]) {
    let b = Arc::new(Block::new(input.to_vec()));
    for (order, delta) in [
        (KeyOrder::User(Comparator::Bytewise), true),
        (KeyOrder::User(Comparator::Bytewise), false),
        (KeyOrder::Internal(InternalKeyComparator::default()), false),
    ] {
        let mut it = b.index_iter(order.clone(), delta);
        it.seek_to_first();
        let mut n = 0;
        while it.valid() {
            let _ = it.handle();
            it.next();
            n += 1;
            assert!(n <= input.len() + 16, "the index iterator loops");
        }
        let targets = match order {
            KeyOrder::Internal(_) => internal_targets(),
            KeyOrder::User(_) => vec![b"".to_vec(), b"k0000500".to_vec(), b"\xff".to_vec()],
        };
        walk(&mut it, input.len(), &targets);
    }
}

fn footer(input: &[u8]) {
    for offset in [0u64, 4096, 1 << 40] {
        if let Ok(f) = Footer::decode(input, offset) {
            let _ = (f.metaindex_handle.is_null(), f.index_handle.is_null(), f.format_version);
        }
    }
}

fn probe_keys() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = (0..16u32).map(|i| format!("k{:07}", i * 61).into_bytes()).collect();
    v.push(Vec::new());
    v.push(vec![0xff; 300]);
    v
}

fn filter(input: &[u8]) {
    let full = FullFilterReader::new(input.to_vec());
    let block = FilterBlockReader::new(input.to_vec());
    let _ = full.is_evaluated();
    for k in probe_keys() {
        let _ = full.may_match(&k);
        let _ = block.may_match(&k);
    }
}

fn properties(input: &[u8]) {
    if let Ok(p) = TableProperties::decode_block(input.to_vec()) {
        let _ = (p.num_entries, p.column_family_name.len());
    }
}

fn log(input: &[u8]) {
    // Log number 5: what the recyclable records of the seeds carry, so they read as current.
    for (log_number, verify) in [(5u64, true), (0, false)] {
        let mut r = LogReader::new(Box::new(MemSeq::new(input.to_vec())), log_number, verify);
        let mut record = Vec::new();
        let mut n = 0;
        // Every call consumes at least a header or ends: at most one call per header's worth.
        let limit = input.len() / HEADER_SIZE + 16;
        loop {
            match r.read_record(&mut record) {
                Ok(false) => break,
                Ok(true) | Err(_) => {}
            }
            n += 1;
            assert!(n <= limit, "the log reader returned more than {limit} records or errors from {} bytes: it loops", input.len());
        }
        let _ = (r.tail_truncated(), r.dropped_bytes());
    }
}

/// Recomputes the CRC of every physical record in a log, so mutated payloads and headers
/// get past the checksum to the fragment and record logic.
pub fn repair_log_checksums(data: &mut Vec<u8>) {
    let mut block_start = 0;
    while block_start < data.len() {
        let block_end = (block_start + BLOCK_SIZE).min(data.len());
        let mut at = block_start;
        while at + HEADER_SIZE <= block_end {
            let len = u16::from_le_bytes([data[at + 4], data[at + 5]]) as usize;
            let kind = data[at + 6];
            let header = if (5..=8).contains(&kind) { RECYCLABLE_HEADER_SIZE } else { HEADER_SIZE };
            if at + header + len > block_end {
                break;
            }
            let c = crc::mask(crc::extend(crc::value(&data[at + 6..at + header]), &data[at + header..at + header + len]));
            data[at..at + 4].copy_from_slice(&c.to_le_bytes());
            at += header + len;
        }
        block_start += BLOCK_SIZE;
    }
}

fn version_edit(input: &[u8]) {
    if let Ok(e) = VersionEdit::decode(input) {
        // What decodes must encode and decode again.
        let mut out = Vec::new();
        e.encode(&mut out);
        if let Err(err) = VersionEdit::decode(&out) {
            panic!("a decoded VersionEdit does not decode again after encoding: {err}");
        }
    }
}

fn write_batch(input: &[u8]) {
    if let Ok(b) = WriteBatch::from_data(input) {
        let _ = (b.count(), b.sequence());
        let mut n = 0usize;
        let _ = b.for_each(|_| {
            n += 1;
            assert!(n <= input.len() + 16, "the batch yielded more records than it has bytes");
            Ok(())
        });
        let _ = b.iter().take(input.len() + 16).count();
    }
}

fn options(input: &[u8]) {
    let text = String::from_utf8_lossy(input);
    if let Ok(sections) = parse_options_text(&text) {
        let _ = options_from_sections(&sections, true);
        let _ = options_from_sections(&sections, false);
    }
}

fn table(input: &[u8]) {
    let file: Arc<dyn RandomAccessFile> = Arc::new(MemFile(input.to_vec()));
    for verify in [false, true] {
        let opts = TableReadOptions { verify_checksums: verify, ..Default::default() };
        let Ok(t) = Table::open(file.clone(), input.len() as u64, opts) else { continue };
        let _ = t.properties().num_entries;
        let _ = t.range_tombstones();
        for k in probe_keys() {
            let _ = t.key_may_match(&k);
            let ik = make_internal_key(&k, u64::MAX >> 8, ValueType::Value);
            let _ = t.get(&ik, &mut |_, _| Ok(false));
            let _ = t.approximate_offset_of(&ik);
        }
        let mut it = t.iter(false);
        walk(&mut it, input.len(), &internal_targets());
    }
}
