//! Round trips, RocksDB's verified bytes, torn tails and corruption for the log format.

use super::format::{BLOCK_SIZE, HEADER_SIZE, RECYCLABLE_HEADER_SIZE};
use super::{LogReader, LogWriter};
use crate::env::SequentialFile;
use crate::error::{Code, Result};
use parking_lot::Mutex;
use std::sync::Arc;

use crate::util::testutil::MemFile as MemWritable;

/// Reads `data` back in pieces of at most `chunk` bytes, to exercise short reads.
struct MemSequential {
    data: Vec<u8>,
    at: usize,
    chunk: usize,
}

impl SequentialFile for MemSequential {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize> {
        let n = buf.len().min(self.data.len() - self.at).min(self.chunk);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn write_log(records: &[Vec<u8>], recycle: bool, log_number: u64) -> Vec<u8> {
    let bytes = Arc::new(Mutex::new(Vec::new()));
    let mut w = LogWriter::new(Box::new(MemWritable(bytes.clone())), log_number, recycle);
    for r in records {
        w.add_record(r).unwrap();
    }
    w.close().unwrap();
    let out = bytes.lock().clone();
    assert_eq!(w.file_size(), out.len() as u64);
    out
}

fn reader(data: Vec<u8>, log_number: u64) -> LogReader {
    LogReader::new(Box::new(MemSequential { data, at: 0, chunk: 10_000 }), log_number, true)
}

fn read_all(r: &mut LogReader) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rec = Vec::new();
    while r.read_record(&mut rec).unwrap() {
        out.push(rec.clone());
    }
    out
}

fn record(len: usize, seed: u8) -> Vec<u8> {
    (0..len).map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed)).collect()
}

#[test]
fn first_manifest_record_matches_rocksdb_bytes() {
    let mut payload = vec![0x01, 0x1a];
    payload.extend_from_slice(b"leveldb.BytewiseComparator");
    let bytes = write_log(std::slice::from_ref(&payload), false, 1);
    let mut want = vec![0x56, 0xf9, 0xb8, 0xf8, 0x1c, 0x00, 0x01];
    want.extend_from_slice(&payload);
    assert_eq!(bytes, want);
    assert_eq!(read_all(&mut reader(bytes, 1)), vec![payload]);
}

#[test]
fn round_trips_records_of_many_sizes() {
    let first_room = BLOCK_SIZE - HEADER_SIZE;
    let records = vec![
        record(0, 1),
        record(1, 2),
        record(first_room - 1 - 2 * HEADER_SIZE, 3), // fills the first block exactly
        record(100, 4),
        record(100_000, 5), // FIRST, MIDDLE, MIDDLE, LAST
        record(0, 6),
        record(BLOCK_SIZE, 7),
        record(12345, 8),
    ];
    let bytes = write_log(&records, false, 7);
    for chunk in [1usize, 4096, 10_000, BLOCK_SIZE] {
        let mut r = LogReader::new(Box::new(MemSequential { data: bytes.clone(), at: 0, chunk }), 7, true);
        assert_eq!(read_all(&mut r), records, "read in pieces of {chunk}");
        assert!(!r.tail_truncated());
        assert_eq!(r.dropped_bytes(), 0);
    }
}

#[test]
fn record_exactly_filling_block_remainder_and_padding() {
    // First record leaves exactly 7 bytes: the next record starts with an empty
    // FIRST fragment there (RocksDB's rule), then continues in the next block.
    let a = record(BLOCK_SIZE - 2 * HEADER_SIZE, 1);
    let b = record(10, 2);
    let bytes = write_log(&[a.clone(), b.clone()], false, 1);
    assert_eq!(bytes[BLOCK_SIZE - HEADER_SIZE + 4..BLOCK_SIZE - HEADER_SIZE + 7], [0, 0, 2]);
    assert_eq!(bytes[BLOCK_SIZE + 6], 4, "LAST fragment opens the next block");
    assert_eq!(read_all(&mut reader(bytes, 1)), vec![a, b.clone()]);

    // First record leaves 3 bytes: they are zero padding.
    let a = record(BLOCK_SIZE - HEADER_SIZE - 3, 3);
    let bytes = write_log(&[a.clone(), b.clone()], false, 1);
    assert_eq!(bytes[BLOCK_SIZE - 3..BLOCK_SIZE], [0, 0, 0]);
    assert_eq!(bytes[BLOCK_SIZE + 6], 1, "FULL fragment opens the next block");
    assert_eq!(bytes.len(), BLOCK_SIZE + HEADER_SIZE + 10);
    assert_eq!(read_all(&mut reader(bytes, 1)), vec![a, b]);
}

#[test]
fn large_record_uses_first_middle_last() {
    let big = record(100_000, 9);
    let bytes = write_log(std::slice::from_ref(&big), false, 1);
    let kinds: Vec<u8> = (0..bytes.len()).step_by(BLOCK_SIZE).map(|b| bytes[b + 6]).collect();
    assert_eq!(kinds, vec![2, 3, 3, 4]);
    assert_eq!(read_all(&mut reader(bytes, 1)), vec![big]);
}

#[test]
fn recyclable_records_round_trip_and_stale_ones_end_the_log() {
    let records = vec![record(5, 1), record(70_000, 2), record(0, 3)];
    let bytes = write_log(&records, true, 0x1_0000_0042);
    assert_eq!(bytes[6], 5, "recyclable FULL");
    assert_eq!(bytes[7..11], [0x42, 0, 0, 0]);
    assert_eq!(bytes[RECYCLABLE_HEADER_SIZE + 5 + 6], 6);
    assert_eq!(read_all(&mut reader(bytes.clone(), 0x1_0000_0042)), records);
    // The same bytes read as a later log number are leftovers of an earlier use.
    let mut r = reader(bytes, 0x43);
    assert_eq!(read_all(&mut r), Vec::<Vec<u8>>::new());
    assert!(!r.tail_truncated());
}

#[test]
fn torn_tail_at_every_offset_of_the_last_record() {
    let records = vec![record(10, 1), record(40_000, 2), record(300, 3)];
    let full = write_log(&records, false, 1);
    let last_start = write_log(&records[..2], false, 1).len();
    for cut in last_start..full.len() {
        let mut r = reader(full[..cut].to_vec(), 1);
        assert_eq!(read_all(&mut r), records[..2].to_vec(), "cut at {cut}");
        assert_eq!(r.tail_truncated(), cut > last_start, "cut at {cut}");
    }
    // Cutting inside the 40 KB record (spanning two blocks) loses only it.
    let second_start = write_log(&records[..1], false, 1).len();
    for cut in [second_start + 3, second_start + 100, BLOCK_SIZE, BLOCK_SIZE + 5, last_start - 1] {
        let mut r = reader(full[..cut].to_vec(), 1);
        assert_eq!(read_all(&mut r), records[..1].to_vec(), "cut at {cut}");
        assert!(r.tail_truncated(), "cut at {cut}");
    }
}

#[test]
fn flipped_byte_is_corruption_and_later_blocks_still_read() {
    let records = vec![record(100, 1), record(200, 2), record(BLOCK_SIZE, 3), record(50, 4), record(60, 5)];
    let mut bytes = write_log(&records, false, 1);
    bytes[HEADER_SIZE + 100 + HEADER_SIZE + 17] ^= 0x40; // inside record 2's payload
    let mut r = reader(bytes, 1);
    let mut rec = Vec::new();
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!(rec, records[0]);
    let e = r.read_record(&mut rec).unwrap_err();
    assert_eq!(e.code(), Code::Corruption);
    assert_eq!(e.to_string(), "Corruption: checksum mismatch");
    // The rest of the first block (record 2 and record 3's FIRST) is dropped;
    // record 3's tail in block 2 is an orphan fragment.
    let e = r.read_record(&mut rec).unwrap_err();
    assert_eq!(e.to_string(), "Corruption: missing start of fragmented record(2)");
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!(rec, records[3]);
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!(rec, records[4]);
    assert!(!r.read_record(&mut rec).unwrap());
    assert!(r.dropped_bytes() >= (BLOCK_SIZE - HEADER_SIZE - 100) as u64);
    assert!(!r.tail_truncated());
}

#[test]
fn zero_filled_tail_is_skipped_and_unknown_types_are_corruption() {
    let a = record(20, 1);
    let mut bytes = write_log(std::slice::from_ref(&a), false, 1);
    bytes.resize(BLOCK_SIZE, 0); // preallocated space
    bytes.extend_from_slice(&write_log(&[record(30, 2)], false, 1));
    assert_eq!(read_all(&mut reader(bytes, 1)), vec![a.clone(), record(30, 2)]);

    // A record of type 12 (unknown to 7.8.3) with a valid CRC.
    let mut odd = write_log(&[record(5, 3)], false, 1);
    odd[6] = 12;
    let crc = crate::util::crc::mask(crate::util::crc::value(&odd[6..]));
    odd[..4].copy_from_slice(&crc.to_le_bytes());
    let mut bytes = odd;
    bytes.extend_from_slice(&write_log(std::slice::from_ref(&a), false, 1));
    let mut r = reader(bytes, 1);
    let mut rec = Vec::new();
    assert_eq!(r.read_record(&mut rec).unwrap_err().to_string(), "Corruption: unknown record type 12");
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!(rec, a);
}

#[test]
fn set_compression_type_none_is_accepted_and_others_refused() {
    let frame = |compression: u32| {
        let mut f = vec![0, 0, 0, 0, 4, 0, 9];
        f.extend_from_slice(&compression.to_le_bytes());
        let crc = crate::util::crc::mask(crate::util::crc::value(&f[6..]));
        f[..4].copy_from_slice(&crc.to_le_bytes());
        f
    };
    let a = record(9, 1);
    let mut bytes = frame(0);
    bytes.extend_from_slice(&write_log(std::slice::from_ref(&a), false, 1)[..]);
    assert_eq!(read_all(&mut reader(bytes, 1)), vec![a]);

    let mut r = reader(frame(7), 1); // ZSTD
    let mut rec = Vec::new();
    assert_eq!(r.read_record(&mut rec).unwrap_err().to_string(), "Corruption: WAL compression not supported");
}

#[test]
fn partial_record_followed_by_full_record_reports_then_returns_it() {
    let big = record(BLOCK_SIZE, 1);
    let a = record(10, 2);
    let with_big = write_log(&[big], false, 1);
    // Keep only the FIRST fragment (block 1), then a FULL record in block 2.
    let mut bytes = with_big[..BLOCK_SIZE].to_vec();
    bytes.extend_from_slice(&write_log(std::slice::from_ref(&a), false, 1));
    let mut r = reader(bytes, 1);
    let mut rec = Vec::new();
    assert_eq!(r.read_record(&mut rec).unwrap_err().to_string(), "Corruption: partial record without end");
    assert!(r.read_record(&mut rec).unwrap());
    assert_eq!(rec, a);
    assert_eq!(r.dropped_bytes(), (BLOCK_SIZE - HEADER_SIZE) as u64);
}

/// Reads every record of a log, then writes them again: the bytes must be the same.
fn reencode(original: &[u8]) -> (Vec<Vec<u8>>, Vec<u8>) {
    let mut r = reader(original.to_vec(), 4);
    let records = read_all(&mut r);
    assert!(!r.tail_truncated());
    assert_eq!(r.dropped_bytes(), 0);
    (records.clone(), write_log(&records, false, 4))
}

#[test]
fn rocksdb_783_wal_and_manifest_read_and_rewrite_identically() {
    // testdata/rocksdb783_db.c: put a, put big (300 bytes), put "", delete a; then close.
    let wal = include_bytes!("testdata/rocksdb783_000004.log");
    let (records, again) = reencode(wal);
    assert_eq!(records.len(), 4, "one WriteBatch per write");
    assert_eq!(&again[..], &wal[..]);
    let batch = crate::batch::WriteBatch::from_data(&records[3]).unwrap();
    assert_eq!(batch.sequence(), 4);
    assert_eq!(batch.count(), 1);

    let manifest = include_bytes!("testdata/rocksdb783_MANIFEST-000005");
    let (records, again) = reencode(manifest);
    assert_eq!(&again[..], &manifest[..]);
    assert_eq!(&records[0][..2], &[0x01, 0x1a], "comparator name comes first");
}

/// Manual cross-check with bigger RocksDB logs: FERROCK_RELOG=path1:path2 cargo test -- --ignored
#[test]
#[ignore]
fn rocksdb_logs_from_env_rewrite_identically() {
    let Ok(paths) = std::env::var("FERROCK_RELOG") else { return };
    for p in paths.split(':') {
        let original = std::fs::read(p).unwrap();
        let (records, again) = reencode(&original);
        assert!(again == original, "{p}: {} records differ after rewrite", records.len());
        eprintln!("{p}: {} records, {} bytes, identical", records.len(), original.len());
    }
}

#[test]
fn power_cut_keeps_synced_records_and_reads_cleanly() {
    use crate::env::fault::FaultInjectionFs;
    use crate::env::FileSystem;
    let dir = std::env::temp_dir().join(format!("ferrock-log-powercut-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fs = FaultInjectionFs::new(crate::env::default_fs());
    let path = dir.join("000009.log");
    let mut w = LogWriter::new(fs.new_writable_file(&path).unwrap(), 9, false);
    fs.sync_dir(&dir).unwrap();
    let synced: Vec<Vec<u8>> = (0..20).map(|i| record(3000 + i, i as u8)).collect();
    for r in &synced {
        w.add_record(r).unwrap();
    }
    w.sync().unwrap();
    for i in 0..5 {
        w.add_record(&record(7000, 100 + i)).unwrap();
    }
    fs.inject_sync_error("000009");
    assert_eq!(w.sync().unwrap_err().to_string(), "IO error: injected sync error");
    fs.drop_unsynced_data().unwrap();
    let mut r = LogReader::new(fs.new_sequential_file(&path).unwrap(), 9, true);
    assert_eq!(read_all(&mut r), synced);
    assert!(!r.tail_truncated());
    std::fs::remove_dir_all(&dir).ok();
}

/// An in-memory file whose `fail_at`-th append (counting from 0) fails without writing.
struct FailingAppend {
    bytes: Arc<Mutex<Vec<u8>>>,
    appends: usize,
    fail_at: usize,
}

impl crate::env::WritableFile for FailingAppend {
    fn append(&mut self, data: &[u8]) -> Result<()> {
        let n = self.appends;
        self.appends += 1;
        if n == self.fail_at {
            return Err(crate::error::Error::io("injected write error"));
        }
        self.bytes.lock().extend_from_slice(data);
        Ok(())
    }
    fn flush(&mut self) -> Result<()> {
        Ok(())
    }
    fn sync(&mut self) -> Result<()> {
        Ok(())
    }
    fn close(&mut self) -> Result<()> {
        Ok(())
    }
    fn size(&self) -> u64 {
        self.bytes.lock().len() as u64
    }
}

/// Issue 12 item 6: after a failed append (here the payload of a fragment whose header was
/// written), the writer went on appending at a block offset that counted bytes never written,
/// so a later record it acknowledged could not be read back. Once an append or sync failed, the
/// writer refuses every later record, as RocksDB's WritableFileWriter does after an error.
#[test]
fn a_failed_append_latches_the_writer_and_no_acknowledged_record_is_lost() {
    for fail_at in 0..6 {
        let bytes = Arc::new(Mutex::new(Vec::new()));
        let file = FailingAppend { bytes: bytes.clone(), appends: 0, fail_at };
        let mut w = LogWriter::new(Box::new(file), 5, false);
        let records: Vec<Vec<u8>> = (0..4).map(|i| record(20_000, i)).collect();
        let mut acknowledged = Vec::new();
        let mut failed = false;
        for r in &records {
            match w.add_record(r) {
                Ok(()) => {
                    assert!(!failed, "fail_at {fail_at}: a record was accepted after a failed append");
                    acknowledged.push(r.clone());
                }
                Err(e) => {
                    if failed {
                        assert_eq!(e.to_string(), "IO error: Writer has previous error.");
                    }
                    failed = true;
                }
            }
        }
        assert!(failed, "fail_at {fail_at}");
        assert_eq!(w.sync().unwrap_err().to_string(), "IO error: Writer has previous error.");
        let data = bytes.lock().clone();
        let mut r = reader(data, 5);
        let mut got = Vec::new();
        let mut rec = Vec::new();
        while let Ok(true) = r.read_record(&mut rec) {
            got.push(rec.clone());
        }
        assert_eq!(got, acknowledged, "fail_at {fail_at}: every acknowledged record reads back");
    }
}
