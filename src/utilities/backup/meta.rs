//! The backup meta file (`meta/<id>`), RocksDB's text format, read and written with its
//! error texts. Schema 1 (RocksDB's default, what every RocksDB reads):
//!
//! ```text
//! <timestamp>
//! <sequence number>
//! metadata <app metadata as upper-case hex>      (only when there is some)
//! <number of files>
//! <relative path> crc32 <crc32c as unsigned decimal>
//! ...
//! ```
//!
//! Schema 2 starts with `schema_version 2.1`, allows `<field> <data>` lines before the file
//! count and after a `// FOOTER` line, and `<field> <data>` pairs after each path (`crc32`,
//! `size`, `temp`, and `ni::excluded true` for files left to other backup directories).
//! Unknown fields are ignored, unknown `ni::` (non-ignorable) ones refused.

use crate::error::{Error, Result};

/// One file of a backup as its meta file lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetaEntry {
    /// Relative to the backup directory (`private/1/CURRENT`, `shared_checksum/...`).
    pub path: String,
    pub crc32c: Option<u32>,
    pub size: Option<u64>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MetaFile {
    pub timestamp: i64,
    pub sequence: u64,
    pub app_metadata: Vec<u8>,
    pub files: Vec<MetaEntry>,
    /// Files left out by the exclude callback (schema 2).
    pub excluded: Vec<String>,
}

/// strtoull: the leading decimal digits, 0 when there are none.
fn leading_u64(s: &str) -> u64 {
    let digits: String = s.trim_start().chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse::<u64>().unwrap_or(if digits.is_empty() { 0 } else { u64::MAX })
}

/// RocksDB's StringSplit on spaces (std::getline: a trailing delimiter gives no last piece).
fn split_spaces(line: &str) -> Vec<&str> {
    if line.is_empty() {
        return Vec::new();
    }
    let mut v: Vec<&str> = line.split(' ').collect();
    if line.ends_with(' ') {
        v.pop();
    }
    v
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}

fn encode_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}

/// Parses a meta file; `meta_path` names it in error messages.
pub fn parse(data: &[u8], meta_path: &str) -> Result<MetaFile> {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split_terminator('\n');
    let mut schema_major = 1;
    let mut meta = MetaFile::default();
    let mut first = lines.next().map(str::to_string);
    if let Some(line) = &first {
        if let Some(ver) = line.strip_prefix("schema_version ") {
            if ver == "2" || ver.starts_with("2.") {
                schema_major = 2;
            } else {
                return Err(Error::not_supported(format!("Unsupported/unrecognized schema version: {ver}")));
            }
            first = None;
        } else if line.is_empty() {
            return Err(Error::corruption("Unexpected empty line"));
        }
    }
    match first {
        Some(line) => meta.timestamp = leading_u64(&line) as i64,
        None => {
            if let Some(line) = lines.next() {
                meta.timestamp = leading_u64(line) as i64;
            }
        }
    }
    if let Some(line) = lines.next() {
        meta.sequence = leading_u64(line);
    }
    let mut num_files: Option<u64> = None;
    for line in lines.by_ref() {
        if line.is_empty() {
            return Err(Error::corruption("Unexpected empty line"));
        }
        if line.as_bytes()[0].is_ascii_digit() {
            num_files = Some(leading_u64(line) & 0xffff_ffff);
            break;
        }
        let Some((name, data)) = line.split_once(' ') else {
            return Err(Error::corruption("Expected number of files or meta field"));
        };
        if name == "metadata" {
            meta.app_metadata = decode_hex(data).ok_or_else(|| Error::corruption("Failed to decode stored hex encoded app metadata"))?;
        } else if schema_major < 2 {
            return Err(Error::corruption("Expected number of files or \"metadata\" field"));
        } else if name.starts_with("ni::") {
            return Err(Error::not_supported(format!("Unrecognized non-ignorable meta field {name} (from future version?)")));
        }
    }
    let mut footer = false;
    for line in lines.by_ref() {
        let parts = split_spaces(line);
        if parts.is_empty() {
            return Err(Error::corruption("Empty line instead of file entry."));
        }
        if schema_major >= 2 && parts.len() == 2 && line == "// FOOTER" {
            footer = true;
            break;
        }
        let path = parts[0];
        if schema_major >= 2 {
            if parts.len() % 2 != 1 {
                return Err(Error::corruption("Bad number of line components for file entry."));
            }
        } else {
            if parts.len() < 3 {
                return Err(Error::corruption(format!("File checksum is missing for {path} in {meta_path}")));
            }
            if parts[1] != "crc32" {
                return Err(Error::corruption(format!("Unknown checksum type for {path} in {meta_path}")));
            }
            if parts.len() > 3 {
                return Err(Error::corruption(format!("Extra data for entry {path} in {meta_path}")));
            }
        }
        let mut entry = MetaEntry { path: path.to_string(), crc32c: None, size: None };
        let mut excluded = false;
        for pair in parts[1..].chunks(2) {
            let (name, data) = (pair[0], pair[1]);
            match name {
                "crc32" => {
                    let v = leading_u64(data);
                    if v > u32::MAX as u64 || data != v.to_string() {
                        return Err(Error::corruption(format!("Invalid checksum value for {path} in {meta_path}")));
                    }
                    entry.crc32c = Some(v as u32);
                }
                "size" => entry.size = Some(leading_u64(data)),
                "temp" => {}
                "ni::excluded" => match data {
                    "true" => excluded = true,
                    "false" => excluded = false,
                    _ => return Err(Error::not_supported(format!("Unrecognized value \"{data}\" for field {name}"))),
                },
                _ if name.starts_with("ni::") => {
                    return Err(Error::not_supported(format!("Unrecognized non-ignorable file field {name} (from future version?)")));
                }
                _ => {}
            }
        }
        if excluded {
            meta.excluded.push(entry.path);
        } else {
            meta.files.push(entry);
        }
    }
    if footer {
        for line in lines {
            if line.is_empty() {
                return Err(Error::corruption("Unexpected empty line"));
            }
            let Some((name, _)) = line.split_once(' ') else {
                return Err(Error::corruption("Expected footer field"));
            };
            if name.starts_with("ni::") {
                return Err(Error::not_supported(format!("Unrecognized non-ignorable field {name} (from future version?)")));
            }
        }
    }
    if num_files != Some(meta.files.len() as u64) {
        return Err(Error::corruption(format!("Inconsistent number of files or missing/incomplete header in {meta_path}")));
    }
    Ok(meta)
}

/// The meta file's bytes in `schema_version` (1 or 2).
pub fn encode(meta: &MetaFile, schema_version: i32) -> Result<Vec<u8>> {
    if schema_version < 1 {
        return Err(Error::invalid_argument("BackupEngineOptions::schema_version must be >= 1"));
    }
    if schema_version > 2 {
        return Err(Error::not_supported("Only BackupEngineOptions::schema_version <= 2 is supported"));
    }
    let mut out = String::new();
    if schema_version == 2 {
        out.push_str("schema_version 2.1\n");
    }
    out.push_str(&format!("{}\n{}\n", meta.timestamp as u64, meta.sequence));
    if !meta.app_metadata.is_empty() {
        out.push_str(&format!("metadata {}\n", encode_hex(&meta.app_metadata)));
    }
    out.push_str(&format!("{}\n", meta.files.len()));
    for f in &meta.files {
        out.push_str(&format!("{} crc32 {}\n", f.path, f.crc32c.unwrap_or(0)));
    }
    for f in &meta.excluded {
        out.push_str(&format!("{f} ni::excluded true\n"));
    }
    Ok(out.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> MetaFile {
        MetaFile {
            timestamp: 1_764_620_000,
            sequence: 42,
            app_metadata: b"meta-1".to_vec(),
            files: vec![
                MetaEntry { path: "shared_checksum/000009_sABC_1000.sst".into(), crc32c: Some(4_000_000_000), size: None },
                MetaEntry { path: "private/1/CURRENT".into(), crc32c: Some(7), size: None },
            ],
            excluded: Vec::new(),
        }
    }

    #[test]
    fn schema_one_round_trips_in_rocksdb_text() {
        let bytes = encode(&sample(), 1).unwrap();
        assert_eq!(
            String::from_utf8(bytes.clone()).unwrap(),
            "1764620000\n42\nmetadata 6D6574612D31\n2\nshared_checksum/000009_sABC_1000.sst crc32 4000000000\nprivate/1/CURRENT crc32 7\n"
        );
        assert_eq!(parse(&bytes, "meta/1").unwrap(), sample());
        let two = encode(&sample(), 2).unwrap();
        assert!(two.starts_with(b"schema_version 2.1\n"));
        assert_eq!(parse(&two, "meta/1").unwrap(), sample());
        assert_eq!(encode(&sample(), 3).unwrap_err().to_string(), "Not implemented: Only BackupEngineOptions::schema_version <= 2 is supported");
        assert_eq!(encode(&sample(), 0).unwrap_err().to_string(), "Invalid argument: BackupEngineOptions::schema_version must be >= 1");
    }

    #[test]
    fn schema_two_fields_and_refusals() {
        let text = "schema_version 2.7\n1\n2\nfuture_field x\n2\nprivate/1/CURRENT crc32 5 size 16 temp kHot\nshared_checksum/1_s_2.sst crc32 9 something y\nshared_checksum/9_s_3.sst ni::excluded true\n// FOOTER\nchecksum 1234\n";
        let m = parse(text.as_bytes(), "meta/1").unwrap();
        assert_eq!(m.files.len(), 2);
        assert_eq!(m.files[0].size, Some(16));
        assert_eq!(m.excluded, vec!["shared_checksum/9_s_3.sst".to_string()]);
        let bad = |t: &str| parse(t.as_bytes(), "meta/1").unwrap_err().to_string();
        assert_eq!(bad("schema_version 3\n1\n2\n0\n"), "Not implemented: Unsupported/unrecognized schema version: 3");
        assert_eq!(bad("\n"), "Corruption: Unexpected empty line");
        assert_eq!(bad("1\n2\nother x\n0\n"), "Corruption: Expected number of files or \"metadata\" field");
        assert_eq!(bad("schema_version 2\n1\n2\nni::new x\n0\n"), "Not implemented: Unrecognized non-ignorable meta field ni::new (from future version?)");
        assert_eq!(bad("1\n2\n1\nprivate/1/CURRENT\n"), "Corruption: File checksum is missing for private/1/CURRENT in meta/1");
        assert_eq!(bad("1\n2\n1\nprivate/1/CURRENT md5 3\n"), "Corruption: Unknown checksum type for private/1/CURRENT in meta/1");
        assert_eq!(bad("1\n2\n1\nprivate/1/CURRENT crc32 x\n"), "Corruption: Invalid checksum value for private/1/CURRENT in meta/1");
        assert_eq!(bad("1\n2\n2\nprivate/1/CURRENT crc32 3\n"), "Corruption: Inconsistent number of files or missing/incomplete header in meta/1");
        assert_eq!(bad("1\n2\n1\nprivate/1/CURRENT crc32 3\n\n"), "Corruption: Empty line instead of file entry.");
        assert_eq!(bad("1\n2\nmetadata 6G\n0\n"), "Corruption: Failed to decode stored hex encoded app metadata");
        assert_eq!(bad(""), "Corruption: Inconsistent number of files or missing/incomplete header in meta/1");
    }
}
