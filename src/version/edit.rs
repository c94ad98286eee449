//! `VersionEdit`: one MANIFEST record, a set of changes to the files of one
//! column family and to the DB-wide counters (docs/format/manifest.md §4.2, §4.3).
//!
//! Encoding follows what RocksDB 7.8.3 writes (NewFile4 with custom fields
//! 5, 6, 7, 8, plus 13 for newer readers; never a unique id, §9.5). Decoding
//! accepts every record 7.8.3 and later write except blob files, which are
//! refused as not supported rather than silently dropped.

use crate::error::{Code, Error, Result};
use crate::util::coding::{
    get_fixed64, get_length_prefixed_slice, get_varint32, get_varint64, put_length_prefixed_slice, put_varint32,
    put_varint64,
};
use std::sync::atomic::{AtomicBool, Ordering};

// Record tags (db/version_edit.h).
const TAG_COMPARATOR: u32 = 1;
const TAG_LOG_NUMBER: u32 = 2;
const TAG_NEXT_FILE_NUMBER: u32 = 3;
const TAG_LAST_SEQUENCE: u32 = 4;
const TAG_COMPACT_CURSOR: u32 = 5;
const TAG_DELETED_FILE: u32 = 6;
const TAG_NEW_FILE: u32 = 7;
const TAG_PREV_LOG_NUMBER: u32 = 9;
const TAG_MIN_LOG_NUMBER_TO_KEEP: u32 = 10;
const TAG_NEW_FILE2: u32 = 100;
const TAG_NEW_FILE3: u32 = 102;
const TAG_NEW_FILE4: u32 = 103;
const TAG_COLUMN_FAMILY: u32 = 200;
const TAG_COLUMN_FAMILY_ADD: u32 = 201;
const TAG_COLUMN_FAMILY_DROP: u32 = 202;
const TAG_MAX_COLUMN_FAMILY: u32 = 203;
const TAG_IN_ATOMIC_GROUP: u32 = 300;
const TAG_BLOB_FILE_ADDITION: u32 = 400;
const TAG_BLOB_FILE_GARBAGE: u32 = 401;
const TAG_SAFE_IGNORE_MASK: u32 = 1 << 13;
const TAG_DB_ID: u32 = 8193;
const TAG_BLOB_FILE_ADDITION_DEPRECATED: u32 = 8194;
const TAG_BLOB_FILE_GARBAGE_DEPRECATED: u32 = 8195;
const TAG_WAL_ADDITION: u32 = 8196;
const TAG_WAL_DELETION: u32 = 8197;
const TAG_WAL_ADDITION2: u32 = 8199;
const TAG_WAL_DELETION2: u32 = 8200;

// NewFile4 custom field tags.
const CF_TERMINATE: u32 = 1;
const CF_NEED_COMPACTION: u32 = 2;
const CF_MIN_LOG_NUMBER_TO_KEEP_HACK: u32 = 3;
const CF_OLDEST_BLOB_FILE_NUMBER: u32 = 4;
const CF_OLDEST_ANCESTER_TIME: u32 = 5;
const CF_FILE_CREATION_TIME: u32 = 6;
const CF_FILE_CHECKSUM: u32 = 7;
const CF_FILE_CHECKSUM_FUNC_NAME: u32 = 8;
const CF_UNIQUE_ID: u32 = 12;
const CF_EPOCH_NUMBER: u32 = 13;
const CF_NON_SAFE_IGNORE_MASK: u32 = 1 << 6;
const CF_PATH_ID: u32 = 65;

/// RocksDB's name for "no checksum function" in a NewFile4 record.
const UNKNOWN_CHECKSUM_FUNC_NAME: &str = "Unknown";

/// One table file as the MANIFEST describes it. `smallest`/`largest` are
/// internal keys.
#[derive(Debug, Default)]
pub struct FileMetaData {
    pub number: u64,
    pub file_size: u64,
    pub smallest: Vec<u8>,
    pub largest: Vec<u8>,
    pub smallest_seqno: u64,
    pub largest_seqno: u64,
    pub num_entries: u64,
    pub num_deletions: u64,
    pub raw_key_size: u64,
    pub raw_value_size: u64,
    pub oldest_ancester_time: u64,
    pub file_creation_time: u64,
    /// 0 = unknown (7.8.3 has no epochs; newer RocksDB infers them).
    pub epoch_number: u64,
    /// RocksDB's marked_for_compaction (NeedCompaction): the picker gives the file a
    /// compaction when no level needs one. Atomic because `suggest_compact_range` marks files
    /// of the current version in place, as RocksDB does.
    pub marked_for_compaction: AtomicBool,
    /// Which of the column family's table directories holds the file (RocksDB's
    /// FileDescriptor path id: an index into its cf_paths/db_paths, 0..=3).
    pub path_id: u32,
    /// The whole-file checksum (`util/file_checksum.rs`) and its function's name; both empty
    /// when unknown (no file_checksum_gen_factory when the table was written).
    pub file_checksum: Vec<u8>,
    pub file_checksum_func_name: String,
}

impl Clone for FileMetaData {
    fn clone(&self) -> Self {
        FileMetaData {
            number: self.number,
            file_size: self.file_size,
            smallest: self.smallest.clone(),
            largest: self.largest.clone(),
            smallest_seqno: self.smallest_seqno,
            largest_seqno: self.largest_seqno,
            num_entries: self.num_entries,
            num_deletions: self.num_deletions,
            raw_key_size: self.raw_key_size,
            raw_value_size: self.raw_value_size,
            oldest_ancester_time: self.oldest_ancester_time,
            file_creation_time: self.file_creation_time,
            epoch_number: self.epoch_number,
            marked_for_compaction: AtomicBool::new(self.marked_for_compaction.load(Ordering::Relaxed)),
            path_id: self.path_id,
            file_checksum: self.file_checksum.clone(),
            file_checksum_func_name: self.file_checksum_func_name.clone(),
        }
    }
}

/// One MANIFEST record. `None`/empty fields are absent from the record.
#[derive(Clone, Debug, Default)]
pub struct VersionEdit {
    /// The column family every file and log number of this edit belongs to.
    pub column_family: u32,
    pub comparator: Option<String>,
    pub log_number: Option<u64>,
    pub prev_log_number: Option<u64>,
    pub next_file_number: Option<u64>,
    pub last_sequence: Option<u64>,
    pub min_log_number_to_keep: Option<u64>,
    pub max_column_family: Option<u32>,
    pub column_family_add: Option<String>,
    pub column_family_drop: bool,
    pub db_id: Option<String>,
    /// (level, file number)
    pub deleted_files: Vec<(u32, u64)>,
    /// (level, file)
    pub new_files: Vec<(u32, FileMetaData)>,
    /// Round-robin compaction cursors (level, internal key); kept so a
    /// snapshot can carry them, not used by ferrock's picker.
    pub compact_cursors: Vec<(u32, Vec<u8>)>,
    /// Tag 300: how many more records of the same atomic group follow this one.
    pub remaining_in_atomic_group: Option<u32>,
}

fn corrupt(msg: &str) -> Error {
    Error::new2(Code::Corruption, "VersionEdit", msg)
}

impl VersionEdit {
    pub fn new() -> Self {
        VersionEdit::default()
    }

    pub fn add_file(&mut self, level: u32, f: FileMetaData) {
        self.new_files.push((level, f));
    }

    pub fn delete_file(&mut self, level: u32, number: u64) {
        self.deleted_files.push((level, number));
    }

    /// Appends the record's bytes to `dst`.
    pub fn encode(&self, dst: &mut Vec<u8>) {
        if let Some(id) = &self.db_id {
            put_varint32(dst, TAG_DB_ID);
            put_length_prefixed_slice(dst, id.as_bytes());
        }
        if let Some(name) = &self.comparator {
            put_varint32(dst, TAG_COMPARATOR);
            put_length_prefixed_slice(dst, name.as_bytes());
        }
        if let Some(n) = self.log_number {
            put_varint32(dst, TAG_LOG_NUMBER);
            put_varint64(dst, n);
        }
        if let Some(n) = self.prev_log_number {
            put_varint32(dst, TAG_PREV_LOG_NUMBER);
            put_varint64(dst, n);
        }
        if let Some(n) = self.next_file_number {
            put_varint32(dst, TAG_NEXT_FILE_NUMBER);
            put_varint64(dst, n);
        }
        if let Some(n) = self.max_column_family {
            put_varint32(dst, TAG_MAX_COLUMN_FAMILY);
            put_varint32(dst, n);
        }
        if let Some(n) = self.min_log_number_to_keep {
            put_varint32(dst, TAG_MIN_LOG_NUMBER_TO_KEEP);
            put_varint64(dst, n);
        }
        if let Some(n) = self.last_sequence {
            put_varint32(dst, TAG_LAST_SEQUENCE);
            put_varint64(dst, n);
        }
        for (level, key) in &self.compact_cursors {
            put_varint32(dst, TAG_COMPACT_CURSOR);
            put_varint32(dst, *level);
            put_length_prefixed_slice(dst, key);
        }
        for (level, number) in &self.deleted_files {
            put_varint32(dst, TAG_DELETED_FILE);
            put_varint32(dst, *level);
            put_varint64(dst, *number);
        }
        for (level, f) in &self.new_files {
            encode_new_file4(dst, *level, f);
        }
        if self.column_family != 0 {
            put_varint32(dst, TAG_COLUMN_FAMILY);
            put_varint32(dst, self.column_family);
        }
        if let Some(name) = &self.column_family_add {
            put_varint32(dst, TAG_COLUMN_FAMILY_ADD);
            put_length_prefixed_slice(dst, name.as_bytes());
        }
        if self.column_family_drop {
            put_varint32(dst, TAG_COLUMN_FAMILY_DROP);
        }
        if let Some(n) = self.remaining_in_atomic_group {
            put_varint32(dst, TAG_IN_ATOMIC_GROUP);
            put_varint32(dst, n);
        }
    }

    /// Parses one MANIFEST record. Errors use RocksDB's words
    /// ("Corruption: VersionEdit: unknown tag", ...).
    pub fn decode(src: &[u8]) -> Result<VersionEdit> {
        let mut edit = VersionEdit::default();
        let mut input = src;
        while !input.is_empty() {
            let Some(tag) = get_varint32(&mut input) else {
                return Err(corrupt("invalid tag"));
            };
            match tag {
                TAG_COMPARATOR => {
                    let s = get_length_prefixed_slice(&mut input).ok_or_else(|| corrupt("comparator name"))?;
                    edit.comparator = Some(String::from_utf8_lossy(s).into_owned());
                }
                TAG_LOG_NUMBER => {
                    edit.log_number = Some(get_varint64(&mut input).ok_or_else(|| corrupt("log number"))?);
                }
                TAG_PREV_LOG_NUMBER => {
                    edit.prev_log_number =
                        Some(get_varint64(&mut input).ok_or_else(|| corrupt("previous log number"))?);
                }
                TAG_NEXT_FILE_NUMBER => {
                    edit.next_file_number =
                        Some(get_varint64(&mut input).ok_or_else(|| corrupt("next file number"))?);
                }
                TAG_MAX_COLUMN_FAMILY => {
                    edit.max_column_family =
                        Some(get_varint32(&mut input).ok_or_else(|| corrupt("max column family"))?);
                }
                TAG_MIN_LOG_NUMBER_TO_KEEP => {
                    // (sic: RocksDB's message is cut short)
                    edit.min_log_number_to_keep =
                        Some(get_varint64(&mut input).ok_or_else(|| corrupt("min log number to kee"))?);
                }
                TAG_LAST_SEQUENCE => {
                    edit.last_sequence =
                        Some(get_varint64(&mut input).ok_or_else(|| corrupt("last sequence number"))?);
                }
                TAG_COMPACT_CURSOR => {
                    let level = get_varint32(&mut input).ok_or_else(|| corrupt("compaction cursor"))?;
                    let key = get_length_prefixed_slice(&mut input).ok_or_else(|| corrupt("compaction cursor"))?;
                    edit.compact_cursors.push((level, key.to_vec()));
                }
                TAG_DELETED_FILE => {
                    let level = get_varint32(&mut input).ok_or_else(|| corrupt("deleted file"))?;
                    let number = get_varint64(&mut input).ok_or_else(|| corrupt("deleted file"))?;
                    edit.deleted_files.push((level, number));
                }
                TAG_NEW_FILE | TAG_NEW_FILE2 => {
                    let what = if tag == TAG_NEW_FILE { "new-file entry" } else { "new-file2 entry" };
                    let (level, mut f) = decode_file_head(&mut input, false).ok_or_else(|| corrupt(what))?;
                    if tag == TAG_NEW_FILE2 {
                        f.smallest_seqno = get_varint64(&mut input).ok_or_else(|| corrupt(what))?;
                        f.largest_seqno = get_varint64(&mut input).ok_or_else(|| corrupt(what))?;
                    }
                    edit.new_files.push((level, f));
                }
                TAG_NEW_FILE3 => {
                    let (level, mut f) =
                        decode_file_head(&mut input, true).ok_or_else(|| corrupt("new-file3 entry"))?;
                    // RocksDB packs the path id into two bits of the file number, so a
                    // path id above 3 cannot name a path; refuse it here as tag 103's
                    // custom field does, rather than keep a value no encoding can carry.
                    if f.path_id > MAX_PATH_ID {
                        return Err(corrupt("path_id wrong vaue"));
                    }
                    f.smallest_seqno = get_varint64(&mut input).ok_or_else(|| corrupt("new-file3 entry"))?;
                    f.largest_seqno = get_varint64(&mut input).ok_or_else(|| corrupt("new-file3 entry"))?;
                    edit.new_files.push((level, f));
                }
                TAG_NEW_FILE4 => {
                    let (level, f) = decode_new_file4(&mut input, &mut edit)?;
                    edit.new_files.push((level, f));
                }
                TAG_COLUMN_FAMILY => {
                    edit.column_family = get_varint32(&mut input).ok_or_else(|| corrupt("set column family id"))?;
                }
                TAG_COLUMN_FAMILY_ADD => {
                    let s = get_length_prefixed_slice(&mut input).ok_or_else(|| corrupt("column family add"))?;
                    edit.column_family_add = Some(String::from_utf8_lossy(s).into_owned());
                }
                TAG_COLUMN_FAMILY_DROP => edit.column_family_drop = true,
                TAG_IN_ATOMIC_GROUP => {
                    edit.remaining_in_atomic_group =
                        Some(get_varint32(&mut input).ok_or_else(|| corrupt("remaining entries"))?);
                }
                TAG_DB_ID => {
                    let s = get_length_prefixed_slice(&mut input).ok_or_else(|| corrupt("db id"))?;
                    edit.db_id = Some(String::from_utf8_lossy(s).into_owned());
                }
                TAG_BLOB_FILE_ADDITION
                | TAG_BLOB_FILE_GARBAGE
                | TAG_BLOB_FILE_ADDITION_DEPRECATED
                | TAG_BLOB_FILE_GARBAGE_DEPRECATED => {
                    return Err(Error::not_supported("blob files"));
                }
                TAG_WAL_ADDITION => skip_wal_addition(&mut input)?,
                TAG_WAL_DELETION => {
                    get_varint64(&mut input).ok_or_else(|| corrupt("WalDeletion not prefixed by length"))?;
                }
                TAG_WAL_ADDITION2 => {
                    // WAL tracking is off in ferrock; the record is read and dropped.
                    let body = get_length_prefixed_slice(&mut input)
                        .ok_or_else(|| corrupt("WalAddition not prefixed by length"))?;
                    let mut b = body;
                    skip_wal_addition(&mut b)?;
                }
                TAG_WAL_DELETION2 => {
                    get_length_prefixed_slice(&mut input)
                        .ok_or_else(|| corrupt("WalDeletion not prefixed by length"))?;
                }
                _ if tag & TAG_SAFE_IGNORE_MASK != 0 => {
                    get_length_prefixed_slice(&mut input)
                        .ok_or_else(|| corrupt("safely ignoreable tag length error"))?;
                }
                _ => return Err(corrupt("unknown tag")),
            }
        }
        Ok(edit)
    }
}

/// The largest path id (`db_paths` index) a file can carry: RocksDB keeps it in two bits.
const MAX_PATH_ID: u32 = 3;

/// Level, number, [path id], size, smallest, largest: the common head of tags 7, 100 and 102.
fn decode_file_head(input: &mut &[u8], with_path_id: bool) -> Option<(u32, FileMetaData)> {
    let level = get_varint32(input)?;
    let number = get_varint64(input)?;
    let path_id = if with_path_id { get_varint32(input)? } else { 0 };
    let file_size = get_varint64(input)?;
    let smallest = get_length_prefixed_slice(input)?.to_vec();
    let largest = get_length_prefixed_slice(input)?.to_vec();
    Some((level, FileMetaData { number, file_size, smallest, largest, path_id, ..Default::default() }))
}

fn encode_new_file4(dst: &mut Vec<u8>, level: u32, f: &FileMetaData) {
    put_varint32(dst, TAG_NEW_FILE4);
    put_varint32(dst, level);
    put_varint64(dst, f.number);
    put_varint64(dst, f.file_size);
    put_length_prefixed_slice(dst, &f.smallest);
    put_length_prefixed_slice(dst, &f.largest);
    put_varint64(dst, f.smallest_seqno);
    put_varint64(dst, f.largest_seqno);
    let mut varint = Vec::with_capacity(10);
    put_varint32(dst, CF_OLDEST_ANCESTER_TIME);
    put_varint64(&mut varint, f.oldest_ancester_time);
    put_length_prefixed_slice(dst, &varint);
    varint.clear();
    put_varint32(dst, CF_FILE_CREATION_TIME);
    put_varint64(&mut varint, f.file_creation_time);
    put_length_prefixed_slice(dst, &varint);
    put_varint32(dst, CF_FILE_CHECKSUM);
    put_length_prefixed_slice(dst, &f.file_checksum);
    put_varint32(dst, CF_FILE_CHECKSUM_FUNC_NAME);
    let func = if f.file_checksum_func_name.is_empty() { UNKNOWN_CHECKSUM_FUNC_NAME } else { &f.file_checksum_func_name };
    put_length_prefixed_slice(dst, func.as_bytes());
    if f.path_id != 0 {
        put_varint32(dst, CF_PATH_ID);
        put_length_prefixed_slice(dst, &[f.path_id as u8]);
    }
    if f.marked_for_compaction.load(Ordering::Relaxed) {
        put_varint32(dst, CF_NEED_COMPACTION);
        put_length_prefixed_slice(dst, &[1]);
    }
    varint.clear();
    put_varint32(dst, CF_EPOCH_NUMBER);
    put_varint64(&mut varint, f.epoch_number);
    put_length_prefixed_slice(dst, &varint);
    put_varint32(dst, CF_TERMINATE);
}

/// A varint64 that must fill the whole custom-field value.
fn whole_varint64(mut field: &[u8]) -> Option<u64> {
    let v = get_varint64(&mut field)?;
    field.is_empty().then_some(v)
}

fn decode_new_file4(input: &mut &[u8], edit: &mut VersionEdit) -> Result<(u32, FileMetaData)> {
    let entry = || corrupt("new-file4 entry");
    let (level, mut f) = decode_file_head(input, false).ok_or_else(entry)?;
    f.smallest_seqno = get_varint64(input).ok_or_else(entry)?;
    f.largest_seqno = get_varint64(input).ok_or_else(entry)?;
    loop {
        let tag = get_varint32(input).ok_or_else(|| corrupt("new-file4 custom field"))?;
        if tag == CF_TERMINATE {
            break;
        }
        let field = get_length_prefixed_slice(input)
            .ok_or_else(|| corrupt("new-file4 custom field length prefixed slice error"))?;
        match tag {
            CF_PATH_ID => match field {
                [p] if u32::from(*p) <= MAX_PATH_ID => f.path_id = u32::from(*p),
                [_] => return Err(corrupt("path_id wrong vaue")),
                _ => return Err(corrupt("path_id field wrong size")),
            },
            CF_OLDEST_ANCESTER_TIME => {
                f.oldest_ancester_time = whole_varint64(field).ok_or_else(|| corrupt("invalid oldest ancester time"))?;
            }
            CF_FILE_CREATION_TIME => {
                f.file_creation_time = whole_varint64(field).ok_or_else(|| corrupt("invalid file creation time"))?;
            }
            CF_EPOCH_NUMBER => {
                f.epoch_number = whole_varint64(field).ok_or_else(|| corrupt("invalid epoch number"))?;
            }
            CF_NEED_COMPACTION => {
                if field.len() != 1 {
                    return Err(corrupt("need_compaction field wrong size"));
                }
                f.marked_for_compaction = AtomicBool::new(field == [1]);
            }
            CF_MIN_LOG_NUMBER_TO_KEEP_HACK => {
                let mut b = field;
                let n = get_fixed64(&mut b).filter(|_| b.is_empty());
                edit.min_log_number_to_keep = Some(n.ok_or_else(|| corrupt("deleted log number malformatted"))?);
            }
            CF_OLDEST_BLOB_FILE_NUMBER => {
                let n = whole_varint64(field).ok_or_else(|| corrupt("invalid oldest blob file number"))?;
                // 0 is RocksDB's kInvalidBlobFileNumber: the table references no blob.
                if n != 0 {
                    return Err(Error::not_supported("blob files"));
                }
            }
            // Verified by RocksDB when the table opens; ferrock neither checks
            // nor rewrites it (a snapshot drops it, which 7.8.3 accepts, §9.5).
            CF_UNIQUE_ID if field.len() != 16 => return Err(corrupt("invalid unique id")),
            CF_UNIQUE_ID => {}
            CF_FILE_CHECKSUM => f.file_checksum = field.to_vec(),
            CF_FILE_CHECKSUM_FUNC_NAME => {
                let name = String::from_utf8_lossy(field);
                f.file_checksum_func_name = if name == UNKNOWN_CHECKSUM_FUNC_NAME { String::new() } else { name.into_owned() };
            }
            _ if tag & CF_NON_SAFE_IGNORE_MASK != 0 => {
                return Err(corrupt("new-file4 custom field not supported"));
            }
            _ => {}
        }
    }
    Ok((level, f))
}

/// Reads past a WalAddition body: varint64 number, then (tag, value)* up to tag 1.
fn skip_wal_addition(input: &mut &[u8]) -> Result<()> {
    let bad = || corrupt("WalAddition");
    get_varint64(input).ok_or_else(bad)?;
    loop {
        match get_varint32(input).ok_or_else(bad)? {
            1 => return Ok(()),
            2 => {
                get_varint64(input).ok_or_else(bad)?;
            }
            _ => return Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{make_internal_key, ValueType};

    /// The payload of the verified 41-byte MANIFEST of docs/format/manifest.md §4.4.
    const VERIFIED_PAYLOAD: [u8; 34] = [
        0x02, 0x00, 0x03, 0x06, 0x04, 0x01, 0x67, 0x06, 0x05, 0xcd, 0x01, 0x09, 0x6b, 0x01, 0x01, 0, 0, 0, 0, 0, 0,
        0x09, 0x6b, 0x01, 0x01, 0, 0, 0, 0, 0, 0, 0x01, 0x01, 0x01,
    ];

    fn sample_file(number: u64) -> FileMetaData {
        FileMetaData {
            number,
            file_size: 1234,
            smallest: make_internal_key(b"apple", 7, ValueType::Value),
            largest: make_internal_key(b"zebra", 3, ValueType::Deletion),
            smallest_seqno: 3,
            largest_seqno: 9,
            oldest_ancester_time: 1_700_000_000,
            file_creation_time: 1_700_000_100,
            epoch_number: 4,
            marked_for_compaction: AtomicBool::new(true),
            ..Default::default()
        }
    }

    #[test]
    fn decodes_the_verified_manifest_record() {
        let e = VersionEdit::decode(&VERIFIED_PAYLOAD).unwrap();
        assert_eq!(e.log_number, Some(0));
        assert_eq!(e.next_file_number, Some(6));
        assert_eq!(e.last_sequence, Some(1));
        assert_eq!(e.column_family, 0);
        assert_eq!(e.new_files.len(), 1);
        let (level, f) = &e.new_files[0];
        assert_eq!(*level, 6);
        assert_eq!((f.number, f.file_size), (5, 205));
        assert_eq!(f.smallest, make_internal_key(b"k", 1, ValueType::Value));
        assert_eq!(f.largest, f.smallest);
        assert_eq!((f.smallest_seqno, f.largest_seqno), (1, 1));
    }

    #[test]
    fn reencodes_the_verified_record_with_7_8_3_custom_fields() {
        let e = VersionEdit::decode(&VERIFIED_PAYLOAD).unwrap();
        let mut out = Vec::new();
        e.encode(&mut out);
        // Same fields up to the custom-field list, then 5, 6, 7, 8, 13 and the terminator.
        let mut expected = VERIFIED_PAYLOAD[..VERIFIED_PAYLOAD.len() - 1].to_vec();
        expected.extend_from_slice(&[5, 1, 0, 6, 1, 0, 7, 0, 8, 7]);
        expected.extend_from_slice(b"Unknown");
        expected.extend_from_slice(&[13, 1, 0, 1]);
        assert_eq!(out, expected);
        let again = VersionEdit::decode(&out).unwrap();
        assert_eq!(again.new_files[0].1.smallest, e.new_files[0].1.smallest);
    }

    #[test]
    fn every_field_round_trips() {
        let mut e = VersionEdit {
            column_family: 3,
            comparator: Some("leveldb.BytewiseComparator".into()),
            log_number: Some(12),
            prev_log_number: Some(0),
            next_file_number: Some(300),
            last_sequence: Some(1 << 40),
            min_log_number_to_keep: Some(11),
            max_column_family: Some(3),
            column_family_add: Some("cf three".into()),
            column_family_drop: true,
            db_id: Some("75a65a34-a335-48f3-ad9c-e66bcf0644ea".into()),
            deleted_files: vec![(0, 9), (2, 100)],
            compact_cursors: vec![(1, make_internal_key(b"m", 5, ValueType::Value))],
            remaining_in_atomic_group: Some(2),
            ..Default::default()
        };
        e.add_file(1, sample_file(17));
        e.add_file(0, FileMetaData { number: 18, ..sample_file(18) });
        let mut bytes = Vec::new();
        e.encode(&mut bytes);
        let d = VersionEdit::decode(&bytes).unwrap();
        assert_eq!(d.column_family, 3);
        assert_eq!(d.comparator, e.comparator);
        assert_eq!(d.log_number, Some(12));
        assert_eq!(d.prev_log_number, Some(0));
        assert_eq!(d.next_file_number, Some(300));
        assert_eq!(d.last_sequence, Some(1 << 40));
        assert_eq!(d.min_log_number_to_keep, Some(11));
        assert_eq!(d.max_column_family, Some(3));
        assert_eq!(d.column_family_add.as_deref(), Some("cf three"));
        assert!(d.column_family_drop);
        assert_eq!(d.db_id, e.db_id);
        assert_eq!(d.deleted_files, vec![(0, 9), (2, 100)]);
        assert_eq!(d.compact_cursors, e.compact_cursors);
        assert_eq!(d.remaining_in_atomic_group, Some(2));
        assert_eq!(d.new_files.len(), 2);
        let (l, f) = &d.new_files[0];
        let s = sample_file(17);
        assert_eq!(*l, 1);
        assert_eq!((f.number, f.file_size, &f.smallest, &f.largest), (17, 1234, &s.smallest, &s.largest));
        assert_eq!((f.smallest_seqno, f.largest_seqno), (3, 9));
        assert_eq!((f.oldest_ancester_time, f.file_creation_time, f.epoch_number), (1_700_000_000, 1_700_000_100, 4));
        assert!(f.marked_for_compaction.load(Ordering::Relaxed));
        let mut again = Vec::new();
        d.encode(&mut again);
        assert_eq!(again, bytes);
    }

    fn new_file4_with_custom(tag: u32, value: &[u8]) -> Vec<u8> {
        let mut b = vec![0x67, 0x06, 0x05, 0xcd, 0x01, 0x09, 0x6b, 1, 1, 0, 0, 0, 0, 0, 0, 0x09, 0x6b, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1];
        put_varint32(&mut b, tag);
        put_length_prefixed_slice(&mut b, value);
        b.push(1);
        b
    }

    /// Tag 102 (NewFile3): level 0, file 5, the given path id, size 1, keys "k"+trailer, seqnos 0.
    fn new_file3_with_path_id(path_id: u32) -> Vec<u8> {
        let mut b = Vec::new();
        put_varint32(&mut b, 102);
        put_varint32(&mut b, 0);
        put_varint64(&mut b, 5);
        put_varint32(&mut b, path_id);
        put_varint64(&mut b, 1);
        put_length_prefixed_slice(&mut b, &[0x6b, 1, 1, 0, 0, 0, 0, 0, 0]);
        put_length_prefixed_slice(&mut b, &[0x6b, 1, 1, 0, 0, 0, 0, 0, 0]);
        put_varint64(&mut b, 0);
        put_varint64(&mut b, 0);
        b
    }

    #[test]
    fn a_new_file3_path_id_must_fit_what_new_file4_can_write() {
        // Found by ferrock-fuzz in CI: tag 102 took any varint path id, the encoder wrote it
        // as one byte of tag 103, and the decoder refused what it had just written.
        let e = VersionEdit::decode(&new_file3_with_path_id(3)).unwrap();
        assert_eq!(e.new_files[0].1.path_id, 3);
        let mut out = Vec::new();
        e.encode(&mut out);
        assert_eq!(VersionEdit::decode(&out).unwrap().new_files[0].1.path_id, 3);
        for bad in [4, 255, 260, u32::MAX] {
            let err = VersionEdit::decode(&new_file3_with_path_id(bad)).unwrap_err();
            assert_eq!(err.to_string(), "Corruption: VersionEdit: path_id wrong vaue");
        }
    }

    #[test]
    fn custom_fields_below_64_are_skipped_and_bit_6_is_fatal() {
        assert!(VersionEdit::decode(&new_file4_with_custom(14, b"xyz")).is_ok());
        assert!(VersionEdit::decode(&new_file4_with_custom(65, &[0])).is_ok());
        // Path ids 0..=3 (RocksDB's limit of four paths); others and wrong sizes are corrupt.
        let e = VersionEdit::decode(&new_file4_with_custom(65, &[3])).unwrap();
        assert_eq!(e.new_files[0].1.path_id, 3);
        let err = VersionEdit::decode(&new_file4_with_custom(65, &[4])).unwrap_err();
        assert_eq!(err.to_string(), "Corruption: VersionEdit: path_id wrong vaue");
        let err = VersionEdit::decode(&new_file4_with_custom(65, &[1, 0])).unwrap_err();
        assert_eq!(err.to_string(), "Corruption: VersionEdit: path_id field wrong size");
        assert!(VersionEdit::decode(&new_file4_with_custom(12, &[0; 16])).is_ok());
        let err = VersionEdit::decode(&new_file4_with_custom(66, b"")).unwrap_err();
        assert_eq!(err.to_string(), "Corruption: VersionEdit: new-file4 custom field not supported");
        let err = VersionEdit::decode(&new_file4_with_custom(12, &[0; 15])).unwrap_err();
        assert_eq!(err.to_string(), "Corruption: VersionEdit: invalid unique id");
    }

    #[test]
    fn unknown_tags_follow_rocksdb_rules() {
        // Tag 500: unknown, no bit 13.
        let mut b = Vec::new();
        put_varint32(&mut b, 500);
        assert_eq!(VersionEdit::decode(&b).unwrap_err().to_string(), "Corruption: VersionEdit: unknown tag");
        // Tag 8300 with a length-prefixed body is skipped.
        let mut b = Vec::new();
        put_varint32(&mut b, 8300);
        put_length_prefixed_slice(&mut b, b"future");
        put_varint32(&mut b, TAG_LAST_SEQUENCE);
        put_varint64(&mut b, 42);
        assert_eq!(VersionEdit::decode(&b).unwrap().last_sequence, Some(42));
        // WAL addition / deletion records are read and dropped.
        let mut body = Vec::new();
        put_varint64(&mut body, 7);
        put_varint32(&mut body, 2);
        put_varint64(&mut body, 4096);
        put_varint32(&mut body, 1);
        let mut b = Vec::new();
        put_varint32(&mut b, TAG_WAL_ADDITION2);
        put_length_prefixed_slice(&mut b, &body);
        put_varint32(&mut b, TAG_WAL_DELETION2);
        put_length_prefixed_slice(&mut b, &[7]);
        assert!(VersionEdit::decode(&b).is_ok());
        // Blob files are refused.
        let mut b = Vec::new();
        put_varint32(&mut b, TAG_BLOB_FILE_ADDITION);
        assert_eq!(VersionEdit::decode(&b).unwrap_err().to_string(), "Not implemented: blob files");
        // A field cut short.
        assert_eq!(
            VersionEdit::decode(&[TAG_LOG_NUMBER as u8]).unwrap_err().to_string(),
            "Corruption: VersionEdit: log number"
        );
    }

    #[test]
    fn legacy_new_file_tags_decode() {
        let mut b = Vec::new();
        put_varint32(&mut b, TAG_NEW_FILE2);
        put_varint32(&mut b, 2);
        put_varint64(&mut b, 8);
        put_varint64(&mut b, 99);
        put_length_prefixed_slice(&mut b, &make_internal_key(b"a", 1, ValueType::Value));
        put_length_prefixed_slice(&mut b, &make_internal_key(b"b", 2, ValueType::Value));
        put_varint64(&mut b, 1);
        put_varint64(&mut b, 2);
        put_varint32(&mut b, TAG_NEW_FILE3);
        put_varint32(&mut b, 3);
        put_varint64(&mut b, 9);
        put_varint32(&mut b, 0);
        put_varint64(&mut b, 100);
        put_length_prefixed_slice(&mut b, &make_internal_key(b"c", 3, ValueType::Value));
        put_length_prefixed_slice(&mut b, &make_internal_key(b"d", 4, ValueType::Value));
        put_varint64(&mut b, 3);
        put_varint64(&mut b, 4);
        let e = VersionEdit::decode(&b).unwrap();
        assert_eq!(e.new_files.len(), 2);
        assert_eq!((e.new_files[0].0, e.new_files[0].1.number, e.new_files[0].1.largest_seqno), (2, 8, 2));
        assert_eq!((e.new_files[1].0, e.new_files[1].1.file_size, e.new_files[1].1.smallest_seqno), (3, 100, 3));
    }
}
