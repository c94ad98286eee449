//! `WriteBatch` in RocksDB's byte representation (docs/format/write-batch.md):
//! `fixed64 sequence | fixed32 count | record*`. The same bytes are the WAL
//! record payload, so a batch is written to the log without re-encoding.
//!
//! A batch made with per-key protection (RocksDB's `protection_bytes_per_key = 8`) also
//! keeps, beside the bytes, one 8-byte checksum per counted record, computed from the
//! record's operation, column family, key and value as it is added; `verify_checksum`
//! recomputes them from the bytes, so a record changed in memory after it was added is
//! reported as corruption (RocksDB's "ProtectionInfo mismatch").

use crate::error::{Error, Result};
use crate::util::coding::*;

pub const HEADER_SIZE: usize = 12;

// Record tags (db/dbformat.h ValueType).
pub const TAG_DELETION: u8 = 0x00;
pub const TAG_VALUE: u8 = 0x01;
pub const TAG_MERGE: u8 = 0x02;
pub const TAG_LOG_DATA: u8 = 0x03;
pub const TAG_CF_DELETION: u8 = 0x04;
pub const TAG_CF_VALUE: u8 = 0x05;
pub const TAG_CF_MERGE: u8 = 0x06;
pub const TAG_SINGLE_DELETION: u8 = 0x07;
pub const TAG_CF_SINGLE_DELETION: u8 = 0x08;
pub const TAG_BEGIN_PREPARE: u8 = 0x09;
pub const TAG_END_PREPARE: u8 = 0x0A;
pub const TAG_COMMIT: u8 = 0x0B;
pub const TAG_ROLLBACK: u8 = 0x0C;
pub const TAG_NOOP: u8 = 0x0D;
pub const TAG_CF_RANGE_DELETION: u8 = 0x0E;
pub const TAG_RANGE_DELETION: u8 = 0x0F;
pub const TAG_CF_BLOB_INDEX: u8 = 0x10;
pub const TAG_BLOB_INDEX: u8 = 0x11;
pub const TAG_BEGIN_PERSISTED_PREPARE: u8 = 0x12;
pub const TAG_BEGIN_UNPREPARE: u8 = 0x13;
pub const TAG_COMMIT_WITH_TIMESTAMP: u8 = 0x15;
pub const TAG_WIDE_COLUMN_ENTITY: u8 = 0x16;
pub const TAG_CF_WIDE_COLUMN_ENTITY: u8 = 0x17;

/// One decoded record of a batch (what RocksDB's `WriteBatch::Handler` is called with).
/// `cf` is the column family's id ([`ColumnFamilyHandle::id`](crate::ColumnFamilyHandle::id)),
/// 0 for the default column family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // the fields: `cf` as above, the key, the value, the range's bounds
pub enum BatchRecord<'a> {
    /// `Put(cf, key, value)`.
    Put { cf: u32, key: &'a [u8], value: &'a [u8] },
    /// `Delete(cf, key)`.
    Delete { cf: u32, key: &'a [u8] },
    /// `SingleDelete(cf, key)`.
    SingleDelete { cf: u32, key: &'a [u8] },
    /// `DeleteRange(cf, begin, end)`: the keys in `[begin, end)`.
    DeleteRange { cf: u32, begin: &'a [u8], end: &'a [u8] },
    /// `Merge(cf, key, operand)`.
    Merge { cf: u32, key: &'a [u8], value: &'a [u8] },
    /// A blob index (written by RocksDB's BlobDB; ferrock reads it, never writes it).
    BlobIndex { cf: u32, key: &'a [u8], value: &'a [u8] },
    /// A wide-column entity, `value` in RocksDB's serialized form.
    PutEntity { cf: u32, key: &'a [u8], value: &'a [u8] },
    /// `PutLogData(blob)`: carried in the WAL, not applied.
    LogData(&'a [u8]),
    /// A no-op marker (two-phase commit).
    Noop,
    /// The start of a prepared transaction's section (two-phase commit).
    BeginPrepare,
    /// The end of a prepared section, with the transaction's name (xid).
    EndPrepare(&'a [u8]),
    /// The commit of the prepared transaction with this name.
    Commit(&'a [u8]),
    /// The rollback of the prepared transaction with this name.
    Rollback(&'a [u8]),
}

impl BatchRecord<'_> {
    /// Whether the record takes a sequence number and counts toward `count`.
    pub fn is_counted(&self) -> bool {
        matches!(
            self,
            BatchRecord::Put { .. }
                | BatchRecord::Delete { .. }
                | BatchRecord::SingleDelete { .. }
                | BatchRecord::DeleteRange { .. }
                | BatchRecord::Merge { .. }
                | BatchRecord::BlobIndex { .. }
                | BatchRecord::PutEntity { .. }
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// An ordered set of updates applied atomically by [`Db::write`](crate::Db::write) (RocksDB's
/// `WriteBatch`), in RocksDB's serialized format: a 12-byte header (sequence number, count)
/// then the records. Column families are named by id ([`ColumnFamilyHandle::id`](crate::ColumnFamilyHandle::id)).
///
/// Save points ([`set_save_point`](Self::set_save_point)) let a caller undo the records added since.
pub struct WriteBatch {
    rep: Vec<u8>,
    save_points: Vec<(usize, u32)>,
    /// With per-key protection: the checksum of each counted record, in order.
    protection: Option<Vec<u64>>,
    /// Where the record being added starts (set by `put_tag`).
    record_start: usize,
}

impl Default for WriteBatch {
    fn default() -> Self {
        Self::new()
    }
}

impl WriteBatch {
    /// An empty batch.
    pub fn new() -> WriteBatch {
        Self::with_capacity(HEADER_SIZE)
    }

    /// An empty batch whose buffer has room for `bytes` bytes (RocksDB's `reserved_bytes`).
    pub fn with_capacity(bytes: usize) -> WriteBatch {
        let mut rep = Vec::with_capacity(bytes.max(HEADER_SIZE));
        rep.resize(HEADER_SIZE, 0);
        WriteBatch { rep, save_points: Vec::new(), protection: None, record_start: HEADER_SIZE }
    }

    /// An empty batch whose records carry 8-byte per-key checksums (RocksDB's
    /// `WriteBatch(reserved, max, protection_bytes_per_key = 8, 0)`).
    pub fn with_protection(bytes: usize) -> WriteBatch {
        WriteBatch { protection: Some(Vec::new()), ..Self::with_capacity(bytes) }
    }

    /// Whether the records carry per-key checksums (RocksDB's HasProtectionInfo).
    pub fn is_protected(&self) -> bool {
        self.protection.is_some()
    }

    /// RocksDB's WriteBatch::VerifyChecksum: OK for an unprotected batch; otherwise each
    /// counted record must still match the checksum taken when it was added.
    pub fn verify_checksum(&self) -> Result<()> {
        let Some(sums) = &self.protection else {
            return Ok(());
        };
        let mut expected = sums.iter();
        for r in self.iter() {
            let r = r?;
            if let Some(sum) = record_checksum(&r) {
                match expected.next() {
                    Some(want) if *want == sum => {}
                    Some(_) => return Err(Error::corruption("ProtectionInfo mismatch")),
                    None => break,
                }
            }
        }
        Ok(())
    }

    /// Adopts a serialized batch (`rocksdb_writebatch_create_from`). Only the header is
    /// checked here; records are validated when the batch is iterated or written.
    pub fn from_data(data: &[u8]) -> Result<WriteBatch> {
        if data.len() < HEADER_SIZE {
            return Err(Error::corruption("malformed WriteBatch (too small)"));
        }
        Ok(WriteBatch { rep: data.to_vec(), save_points: Vec::new(), protection: None, record_start: HEADER_SIZE })
    }

    /// The serialized batch (RocksDB's `WriteBatch::Data`): header and records.
    pub fn data(&self) -> &[u8] {
        &self.rep
    }
    /// The serialized size in bytes.
    pub fn size_in_bytes(&self) -> usize {
        self.rep.len()
    }
    /// The number of updates (puts, deletes, merges, range deletions), not markers or log data.
    pub fn count(&self) -> u32 {
        decode_fixed32(&self.rep[8..12])
    }
    fn set_count(&mut self, n: u32) {
        self.rep[8..12].copy_from_slice(&n.to_le_bytes());
    }
    /// The sequence number in the header (set when the batch was written or read from a WAL).
    pub fn sequence(&self) -> u64 {
        decode_fixed64(&self.rep[0..8])
    }
    pub(crate) fn set_sequence(&mut self, seq: u64) {
        self.rep[0..8].copy_from_slice(&seq.to_le_bytes());
    }
    /// Whether the batch holds no record at all.
    pub fn is_empty(&self) -> bool {
        self.rep.len() == HEADER_SIZE
    }
    /// Drops every record and save point (RocksDB's `Clear`).
    pub fn clear(&mut self) {
        self.rep.clear();
        self.rep.resize(HEADER_SIZE, 0);
        self.save_points.clear();
        if let Some(p) = &mut self.protection {
            p.clear();
        }
    }

    fn put_tag(&mut self, cf: u32, plain: u8, with_cf: u8) {
        self.record_start = self.rep.len();
        if cf == 0 {
            self.rep.push(plain);
        } else {
            self.rep.push(with_cf);
            put_varint32(&mut self.rep, cf);
        }
    }
    /// Counts the record just added (from `record_start`) and, with protection, takes its checksum.
    fn counted(&mut self) {
        let c = self.count();
        self.set_count(c + 1);
        if self.protection.is_some() {
            let sum = BatchIter { input: &self.rep[self.record_start..], failed: false }
                .next()
                .and_then(|r| r.ok())
                .and_then(|r| record_checksum(&r));
            if let (Some(p), Some(sum)) = (&mut self.protection, sum) {
                p.push(sum);
            }
        }
    }

    /// Sets `key` to `value` in the default column family.
    pub fn put(&mut self, key: &[u8], value: &[u8]) {
        self.put_cf(0, key, value)
    }
    /// Sets `key` to `value` in column family `cf` (RocksDB's `Put(cf, key, value)`).
    pub fn put_cf(&mut self, cf: u32, key: &[u8], value: &[u8]) {
        self.put_tag(cf, TAG_VALUE, TAG_CF_VALUE);
        put_length_prefixed_slice(&mut self.rep, key);
        put_length_prefixed_slice(&mut self.rep, value);
        self.counted();
    }
    /// Put from key and value parts concatenated (`rocksdb_writebatch_putv`).
    pub fn put_parts_cf(&mut self, cf: u32, key: &[&[u8]], value: &[&[u8]]) {
        self.put_tag(cf, TAG_VALUE, TAG_CF_VALUE);
        for parts in [key, value] {
            let n: usize = parts.iter().map(|p| p.len()).sum();
            put_varint32(&mut self.rep, n as u32);
            for p in parts {
                self.rep.extend_from_slice(p);
            }
        }
        self.counted();
    }
    /// Removes `key` from the default column family.
    pub fn delete(&mut self, key: &[u8]) {
        self.delete_cf(0, key)
    }
    /// Removes `key` from column family `cf`.
    pub fn delete_cf(&mut self, cf: u32, key: &[u8]) {
        self.put_tag(cf, TAG_DELETION, TAG_CF_DELETION);
        put_length_prefixed_slice(&mut self.rep, key);
        self.counted();
    }
    /// Removes `key`, which must have been put at most once since its last deletion
    /// (RocksDB's `SingleDelete`; otherwise the result is undefined, as in RocksDB).
    pub fn single_delete(&mut self, key: &[u8]) {
        self.single_delete_cf(0, key)
    }
    /// `single_delete` in column family `cf`.
    pub fn single_delete_cf(&mut self, cf: u32, key: &[u8]) {
        self.put_tag(cf, TAG_SINGLE_DELETION, TAG_CF_SINGLE_DELETION);
        put_length_prefixed_slice(&mut self.rep, key);
        self.counted();
    }
    /// Removes the keys in `[begin, end)` of the default column family (RocksDB's `DeleteRange`).
    pub fn delete_range(&mut self, begin: &[u8], end: &[u8]) {
        self.delete_range_cf(0, begin, end)
    }
    /// Removes the keys in `[begin, end)` of column family `cf`.
    pub fn delete_range_cf(&mut self, cf: u32, begin: &[u8], end: &[u8]) {
        self.put_tag(cf, TAG_RANGE_DELETION, TAG_CF_RANGE_DELETION);
        put_length_prefixed_slice(&mut self.rep, begin);
        put_length_prefixed_slice(&mut self.rep, end);
        self.counted();
    }
    /// Adds a merge operand for `key` in the default column family; the column family's
    /// [`MergeOperator`](crate::MergeOperator) combines it on reads and compactions. Without one,
    /// the write of the batch fails.
    pub fn merge(&mut self, key: &[u8], value: &[u8]) {
        self.merge_cf(0, key, value)
    }
    /// `merge` in column family `cf`.
    pub fn merge_cf(&mut self, cf: u32, key: &[u8], value: &[u8]) {
        self.put_tag(cf, TAG_MERGE, TAG_CF_MERGE);
        put_length_prefixed_slice(&mut self.rep, key);
        put_length_prefixed_slice(&mut self.rep, value);
        self.counted();
    }
    /// A blob carried in the WAL but not applied to the database (not counted).
    pub fn put_log_data(&mut self, blob: &[u8]) {
        self.rep.push(TAG_LOG_DATA);
        put_length_prefixed_slice(&mut self.rep, blob);
    }
    pub(crate) fn mark_begin_prepare(&mut self) {
        self.rep.push(TAG_BEGIN_PREPARE);
    }
    pub(crate) fn mark_end_prepare(&mut self, xid: &[u8]) {
        self.rep.push(TAG_END_PREPARE);
        put_length_prefixed_slice(&mut self.rep, xid);
    }
    pub(crate) fn mark_commit(&mut self, xid: &[u8]) {
        self.rep.push(TAG_COMMIT);
        put_length_prefixed_slice(&mut self.rep, xid);
    }
    pub(crate) fn mark_rollback(&mut self, xid: &[u8]) {
        self.rep.push(TAG_ROLLBACK);
        put_length_prefixed_slice(&mut self.rep, xid);
    }

    /// Appends `other`'s records (group commit, `rocksdb_writebatch_append`-like merges).
    pub fn append(&mut self, other: &WriteBatch) {
        self.rep.extend_from_slice(&other.rep[HEADER_SIZE..]);
        let c = self.count() + other.count();
        self.set_count(c);
        if let Some(p) = &mut self.protection {
            // RocksDB's Append takes the source's checksums, or computes them when it has none.
            match &other.protection {
                Some(q) => p.extend_from_slice(q),
                None => p.extend(other.iter().filter_map(|r| r.ok().and_then(|r| record_checksum(&r)))),
            }
        }
    }

    /// Writes into `out` the batch that `batches` make one after another, numbered from
    /// `sequence`: the WAL record of a write group (what `append` then `set_sequence` make,
    /// without building a batch). Checksums are not carried: the WAL does not hold them.
    pub(crate) fn encode_group<'a>(batches: impl Iterator<Item = &'a WriteBatch> + Clone, sequence: u64, out: &mut Vec<u8>) {
        out.clear();
        let count: u32 = batches.clone().map(|b| b.count()).sum();
        out.extend_from_slice(&sequence.to_le_bytes());
        out.extend_from_slice(&count.to_le_bytes());
        for b in batches {
            out.extend_from_slice(&b.rep[HEADER_SIZE..]);
        }
    }

    /// Drops the records after the first `len` bytes, leaving `count` of them.
    pub(crate) fn truncate_to(&mut self, len: usize, count: u32) {
        self.rep.truncate(len.max(HEADER_SIZE));
        self.set_count(count);
        if let Some(p) = &mut self.protection {
            p.truncate(count as usize);
        }
    }

    /// Marks the current end of the batch (RocksDB's `SetSavePoint`); save points nest.
    pub fn set_save_point(&mut self) {
        self.save_points.push((self.rep.len(), self.count()));
    }
    /// Drops everything added since the last save point and removes it (RocksDB's
    /// `RollbackToSavePoint`); NotFound when there is none.
    pub fn rollback_to_save_point(&mut self) -> Result<()> {
        match self.save_points.pop() {
            Some((len, count)) => {
                self.truncate_to(len, count);
                Ok(())
            }
            None => Err(Error::not_found("")),
        }
    }
    /// Forgets the last save point without undoing anything; NotFound when there is none.
    pub fn pop_save_point(&mut self) -> Result<()> {
        match self.save_points.pop() {
            Some(_) => Ok(()),
            None => Err(Error::not_found("")),
        }
    }

    /// Decodes the records in order.
    pub fn iter(&self) -> BatchIter<'_> {
        BatchIter { input: &self.rep[HEADER_SIZE..], failed: false }
    }

    /// Calls `f` for each record, then checks the count as RocksDB does.
    pub fn for_each(&self, mut f: impl FnMut(BatchRecord<'_>) -> Result<()>) -> Result<()> {
        let mut found = 0u32;
        for r in self.iter() {
            let r = r?;
            if r.is_counted() {
                found += 1;
            }
            f(r)?;
        }
        if found != self.count() {
            return Err(Error::corruption("WriteBatch has wrong count"));
        }
        Ok(())
    }
}

/// The 8-byte protection checksum of a counted record: its operation (without the column
/// family flag, as RocksDB's), column family, key and value; None for records RocksDB does
/// not protect (log data, markers).
fn record_checksum(r: &BatchRecord<'_>) -> Option<u64> {
    let (op, cf, key, value): (u8, u32, &[u8], &[u8]) = match *r {
        BatchRecord::Put { cf, key, value } => (TAG_VALUE, cf, key, value),
        BatchRecord::Delete { cf, key } => (TAG_DELETION, cf, key, &[]),
        BatchRecord::SingleDelete { cf, key } => (TAG_SINGLE_DELETION, cf, key, &[]),
        BatchRecord::DeleteRange { cf, begin, end } => (TAG_RANGE_DELETION, cf, begin, end),
        BatchRecord::Merge { cf, key, value } => (TAG_MERGE, cf, key, value),
        BatchRecord::BlobIndex { cf, key, value } => (TAG_BLOB_INDEX, cf, key, value),
        BatchRecord::PutEntity { cf, key, value } => (TAG_WIDE_COLUMN_ENTITY, cf, key, value),
        _ => return None,
    };
    let mut buf = Vec::with_capacity(key.len() + value.len() + 10);
    buf.push(op);
    buf.extend_from_slice(&cf.to_le_bytes());
    put_length_prefixed_slice(&mut buf, key);
    buf.extend_from_slice(value);
    Some(crate::table::xxh3::xxh3_64(&buf))
}

/// The records of a [`WriteBatch`] in order ([`WriteBatch::iter`]); a malformed record yields
/// one `Corruption` error and ends the iteration.
pub struct BatchIter<'a> {
    input: &'a [u8],
    failed: bool,
}

impl<'a> BatchIter<'a> {
    fn decode(&mut self) -> Result<BatchRecord<'a>> {
        let input = &mut self.input;
        let tag = input[0];
        *input = &input[1..];
        let bad = |what: &str| Error::corruption(format!("bad WriteBatch {what}"));
        let cf_of = |input: &mut &'a [u8], has_cf: bool| -> Result<u32> {
            if has_cf {
                get_varint32(input).ok_or_else(|| bad("Put"))
            } else {
                Ok(0)
            }
        };
        let lp = |input: &mut &'a [u8], what: &str| get_length_prefixed_slice(input).ok_or_else(|| bad(what));
        Ok(match tag {
            TAG_VALUE | TAG_CF_VALUE => {
                let cf = cf_of(input, tag == TAG_CF_VALUE)?;
                let key = lp(input, "Put")?;
                let value = lp(input, "Put")?;
                BatchRecord::Put { cf, key, value }
            }
            TAG_DELETION | TAG_CF_DELETION => {
                let cf = cf_of(input, tag == TAG_CF_DELETION)?;
                BatchRecord::Delete { cf, key: lp(input, "Delete")? }
            }
            TAG_SINGLE_DELETION | TAG_CF_SINGLE_DELETION => {
                let cf = cf_of(input, tag == TAG_CF_SINGLE_DELETION)?;
                BatchRecord::SingleDelete { cf, key: lp(input, "SingleDelete")? }
            }
            TAG_RANGE_DELETION | TAG_CF_RANGE_DELETION => {
                let cf = cf_of(input, tag == TAG_CF_RANGE_DELETION)?;
                let begin = lp(input, "DeleteRange")?;
                let end = lp(input, "DeleteRange")?;
                BatchRecord::DeleteRange { cf, begin, end }
            }
            TAG_MERGE | TAG_CF_MERGE => {
                let cf = cf_of(input, tag == TAG_CF_MERGE)?;
                let key = lp(input, "Merge")?;
                let value = lp(input, "Merge")?;
                BatchRecord::Merge { cf, key, value }
            }
            TAG_BLOB_INDEX | TAG_CF_BLOB_INDEX => {
                let cf = cf_of(input, tag == TAG_CF_BLOB_INDEX)?;
                let key = lp(input, "BlobIndex")?;
                let value = lp(input, "BlobIndex")?;
                BatchRecord::BlobIndex { cf, key, value }
            }
            TAG_WIDE_COLUMN_ENTITY | TAG_CF_WIDE_COLUMN_ENTITY => {
                let cf = cf_of(input, tag == TAG_CF_WIDE_COLUMN_ENTITY)?;
                let key = lp(input, "PutEntity")?;
                let value = lp(input, "PutEntity")?;
                BatchRecord::PutEntity { cf, key, value }
            }
            TAG_LOG_DATA => BatchRecord::LogData(lp(input, "Blob")?),
            TAG_NOOP => BatchRecord::Noop,
            TAG_BEGIN_PREPARE | TAG_BEGIN_PERSISTED_PREPARE | TAG_BEGIN_UNPREPARE => BatchRecord::BeginPrepare,
            TAG_END_PREPARE => BatchRecord::EndPrepare(lp(input, "EndPrepare")?),
            TAG_COMMIT => BatchRecord::Commit(lp(input, "Commit")?),
            TAG_COMMIT_WITH_TIMESTAMP => {
                let _ts = lp(input, "Commit")?;
                BatchRecord::Commit(lp(input, "Commit")?)
            }
            TAG_ROLLBACK => BatchRecord::Rollback(lp(input, "Rollback")?),
            _ => return Err(Error::corruption("unknown WriteBatch tag")),
        })
    }
}

impl<'a> Iterator for BatchIter<'a> {
    type Item = Result<BatchRecord<'a>>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.input.is_empty() {
            return None;
        }
        let r = self.decode();
        if r.is_err() {
            self.failed = true;
        }
        Some(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_like_rocksdb() {
        // docs/format/write-batch.md, the verified WAL payload written by 7.8.3.
        let mut b = WriteBatch::new();
        b.set_sequence(0xcd);
        b.put(b"walkey1", b"walval1");
        b.put_cf(1, b"cfkey", b"cfval");
        b.delete(b"key000");
        b.put_log_data(b"BLOB");
        b.delete_range(b"a", b"b");
        let mut want = vec![0xcd, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0];
        want.extend_from_slice(b"\x01\x07walkey1\x07walval1\x05\x01\x05cfkey\x05cfval\x00\x06key000\x03\x04BLOB\x0f\x01a\x01b");
        assert_eq!(b.data(), &want[..]);
        assert_eq!(b.count(), 4);
        let recs: Vec<_> = b.iter().collect::<Result<_>>().unwrap();
        assert_eq!(recs[1], BatchRecord::Put { cf: 1, key: b"cfkey", value: b"cfval" });
        assert_eq!(recs[3], BatchRecord::LogData(b"BLOB"));
        b.for_each(|_| Ok(())).unwrap();
    }

    #[test]
    fn wrong_count_and_bad_tag_are_corruption() {
        let mut b = WriteBatch::new();
        b.put(b"k", b"v");
        let mut d = b.data().to_vec();
        d[8] = 2;
        let e = WriteBatch::from_data(&d).unwrap().for_each(|_| Ok(())).unwrap_err();
        assert_eq!(e.to_string(), "Corruption: WriteBatch has wrong count");
        let mut d = b.data().to_vec();
        d[12] = 0x55;
        let e = WriteBatch::from_data(&d).unwrap().for_each(|_| Ok(())).unwrap_err();
        assert_eq!(e.to_string(), "Corruption: unknown WriteBatch tag");
        assert!(WriteBatch::from_data(&[0; 5]).is_err());
    }

    #[test]
    fn protected_batches_verify_and_catch_a_changed_record() {
        let mut b = WriteBatch::with_protection(0);
        b.put(b"k1", b"v1");
        b.put_log_data(b"blob");
        b.delete_cf(3, b"k2");
        b.set_save_point();
        b.merge(b"k3", b"m");
        b.rollback_to_save_point().unwrap();
        b.delete_range(b"a", b"b");
        let mut plain = WriteBatch::new();
        plain.put(b"k4", b"v4");
        b.append(&plain);
        assert_eq!(b.protection.as_ref().map(Vec::len), Some(4));
        b.verify_checksum().unwrap();
        // One byte of a value changes in memory: the checksum taken at Put no longer matches.
        let at = b.rep.windows(2).position(|w| w == b"v1").unwrap();
        b.rep[at + 1] = b'9';
        assert_eq!(b.verify_checksum().unwrap_err().to_string(), "Corruption: ProtectionInfo mismatch");
        // An unprotected batch has nothing to verify.
        WriteBatch::new().verify_checksum().unwrap();
        b.clear();
        b.put(b"x", b"y");
        b.verify_checksum().unwrap();
    }

    #[test]
    fn save_points_roll_back() {
        let mut b = WriteBatch::new();
        b.put(b"a", b"1");
        b.set_save_point();
        b.put(b"b", b"2");
        b.delete(b"a");
        b.rollback_to_save_point().unwrap();
        assert_eq!(b.count(), 1);
        assert!(b.rollback_to_save_point().is_err());
        let mut c = WriteBatch::new();
        c.put(b"c", b"3");
        b.append(&c);
        assert_eq!(b.count(), 2);
    }

    #[test]
    fn a_group_record_is_the_batches_appended_and_numbered() {
        let mut a = WriteBatch::new();
        a.put(b"k1", b"v1");
        a.delete_cf(3, b"k2");
        let mut b = WriteBatch::new();
        b.put_log_data(b"blob");
        b.merge(b"k3", b"v3");
        let mut want = a.clone();
        want.append(&b);
        want.set_sequence(77);
        // A reused buffer holding an older record is overwritten whole.
        let mut out = b"stale record bytes".to_vec();
        WriteBatch::encode_group([&a, &b].into_iter(), 77, &mut out);
        assert_eq!(out, want.data());
        let one = WriteBatch::from_data(&out).unwrap();
        assert_eq!((one.sequence(), one.count()), (77, 3));
        WriteBatch::encode_group([&a].into_iter(), 5, &mut out);
        let mut alone = a.clone();
        alone.set_sequence(5);
        assert_eq!(out, alone.data());
    }
}
