//! `ldb`: ferrock's version of RocksDB's database tool (tools/ldb_cmd.cc) for
//! the commands get, put, delete, scan, dump, manifest_dump,
//! list_column_families, compact and approxsize, over the Rust API and the
//! MANIFEST format (docs/format/log.md log records, §4 VersionEdit).
//!
//! Flags follow RocksDB's: `--db=DIR`, `--hex` (keys and values in and out as
//! `0x..` hex), `--key_hex`, `--value_hex`, `--from`, `--to`, `--max_keys`,
//! `--create_if_missing`, `--column_family=NAME`, `--path=MANIFEST`. Read-only
//! commands open the database read-only. Results go to stdout in RocksDB's
//! text; failures print `Failed: <status>` to stderr and exit 1.

use ferrock::db::{ColumnFamilyHandle, Db};
use ferrock::env::default_fs;
use ferrock::error::{Error, Result};
use ferrock::key::{self, InternalKeyComparator};
use ferrock::log::reader::LogReader;
use ferrock::options::{Options, ReadOptions, WriteOptions};
use ferrock::table::{Table, TableReadOptions};
use ferrock::util::comparator::Comparator;
use ferrock::version::edit::{FileMetaData, VersionEdit};
use ferrock::version::filename::table_file_name;
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How many levels manifest_dump lists: ldb opens its VersionSet with 64.
const MANIFEST_DUMP_LEVELS: usize = 64;

#[derive(Default)]
struct Args {
    db: Option<String>,
    command: String,
    params: Vec<String>,
    key_hex: bool,
    value_hex: bool,
    from: Option<String>,
    to: Option<String>,
    max_keys: Option<u64>,
    create_if_missing: bool,
    column_family: Option<String>,
    manifest_path: Option<String>,
}

fn fail(msg: impl std::fmt::Display) -> ! {
    let _ = std::io::stdout().flush();
    eprintln!("Failed: {msg}");
    std::process::exit(1);
}

fn parse_args() -> Args {
    let mut a = Args::default();
    for arg in std::env::args().skip(1) {
        if let Some(body) = arg.strip_prefix("--") {
            let (name, value) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            match (name, value) {
                ("db", Some(v)) => a.db = Some(v),
                ("hex", None) => {
                    a.key_hex = true;
                    a.value_hex = true;
                }
                ("key_hex", None) => a.key_hex = true,
                ("value_hex", None) => a.value_hex = true,
                ("from", Some(v)) => a.from = Some(v),
                ("to", Some(v)) => a.to = Some(v),
                ("max_keys", Some(v)) => {
                    a.max_keys = Some(v.parse().unwrap_or_else(|_| fail(format!("Invalid value for max_keys: {v}"))))
                }
                ("create_if_missing", None) => a.create_if_missing = true,
                ("column_family", Some(v)) => a.column_family = Some(v),
                ("path", Some(v)) => a.manifest_path = Some(v),
                // Accepted for compatibility; ferrock has nothing to do for them.
                ("try_load_options" | "ignore_unknown_options" | "verbose" | "no_value" | "timestamp", _) => {}
                _ => fail(format!("Invalid argument: Unknown option: {arg}")),
            }
        } else if a.command.is_empty() {
            a.command = arg;
        } else {
            a.params.push(arg);
        }
    }
    if a.command.is_empty() {
        eprintln!("ldb - RocksDB Tool (ferrock)\n\ncommands: get put delete scan dump manifest_dump list_column_families compact approxsize");
        std::process::exit(1);
    }
    a
}

/// ldb's HexToString: `0x`-prefixed hex (either case) to bytes.
fn hex_to_bytes(s: &str) -> Result<Vec<u8>> {
    let bad = || Error::invalid_argument(format!("Invalid hex input {s}.  Must start with 0x"));
    let h = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).ok_or_else(bad)?;
    if h.len() % 2 != 0 {
        return Err(bad());
    }
    (0..h.len()).step_by(2).map(|i| h.get(i..i + 2).and_then(|d| u8::from_str_radix(d, 16).ok()).ok_or_else(bad)).collect()
}

fn to_hex(b: &[u8]) -> Vec<u8> {
    let mut s = String::from("0x");
    for x in b {
        s.push_str(&format!("{x:02X}"));
    }
    s.into_bytes()
}

fn decode_input(s: &str, hex: bool) -> Vec<u8> {
    if hex {
        hex_to_bytes(s).unwrap_or_else(|e| fail(e))
    } else {
        s.as_bytes().to_vec()
    }
}

fn encode_output(b: &[u8], hex: bool) -> Vec<u8> {
    if hex {
        to_hex(b)
    } else {
        b.to_vec()
    }
}

/// RocksDB prints scan lines with printf's %s, which ends at a zero byte.
fn until_nul(b: &[u8]) -> &[u8] {
    match b.iter().position(|&c| c == 0) {
        Some(i) => &b[..i],
        None => b,
    }
}

fn db_path(a: &Args) -> PathBuf {
    PathBuf::from(a.db.clone().unwrap_or_else(|| fail("Invalid argument: --db=<db_path> must be specified")))
}

/// Opens the database with every column family it has; returns the handle `--column_family` names.
fn open_db(a: &Args, read_only: bool) -> (Db, Arc<ColumnFamilyHandle>) {
    let path = db_path(a);
    let opts = Options { create_if_missing: a.create_if_missing && !read_only, ..Options::default() };
    let names = Db::list_column_families(&opts, &path).unwrap_or_else(|e| {
        if opts.create_if_missing {
            vec!["default".to_string()]
        } else {
            fail(e)
        }
    });
    let cfs: Vec<(String, Options)> = names.iter().map(|n| (n.clone(), opts.clone())).collect();
    let (db, handles) = if read_only {
        Db::open_for_read_only(&opts, &path, &cfs, false)
    } else {
        Db::open_cf(&opts, &path, &cfs)
    }
    .unwrap_or_else(|e| fail(e));
    let want = a.column_family.as_deref().unwrap_or("default");
    let h = handles
        .into_iter()
        .find(|h| h.name() == want)
        .unwrap_or_else(|| fail(format!("Invalid argument: Column family {want} does not exist")));
    (db, h)
}

fn param(a: &Args, i: usize, usage: &str) -> String {
    a.params.get(i).cloned().unwrap_or_else(|| fail(format!("Invalid argument: {usage}")))
}

/// Iterates [from, to) of the chosen column family, calling `f(key, value)`; stops after `max_keys`.
fn for_each_in_range(a: &Args, db: &Db, cf: &ColumnFamilyHandle, mut f: impl FnMut(&[u8], &[u8])) {
    let mut it = db.iter_cf(&ReadOptions::default(), cf).unwrap_or_else(|e| fail(e));
    match &a.from {
        Some(from) => it.seek(&decode_input(from, a.key_hex)),
        None => it.seek_to_first(),
    }
    let to = a.to.as_ref().map(|t| decode_input(t, a.key_hex));
    let mut n = 0u64;
    while it.valid() {
        if let Some(to) = &to {
            if it.key() >= &to[..] {
                break;
            }
        }
        if a.max_keys.is_some_and(|m| n >= m) {
            break;
        }
        f(it.key(), it.value());
        n += 1;
        it.next();
    }
    it.status().unwrap_or_else(|e| fail(e));
}

/// The state of one column family as the MANIFEST describes it.
struct CfState {
    name: String,
    id: u32,
    log_number: u64,
    comparator: String,
    levels: Vec<BTreeMap<u64, FileMetaData>>,
}

/// What replaying a MANIFEST yields (the subset manifest_dump and approxsize need).
struct ManifestState {
    cfs: Vec<CfState>,
    next_file_number: u64,
    last_sequence: u64,
    prev_log_number: u64,
    max_column_family: u32,
    min_log_number_to_keep: u64,
}

fn current_manifest(dir: &Path) -> Result<PathBuf> {
    let current = std::fs::read_to_string(dir.join("CURRENT")).map_err(|e| {
        Error::io(format!("While opening a file for sequentially reading: {}/CURRENT: {}", dir.display(), e))
    })?;
    let name = current.trim_end_matches('\n');
    if name.is_empty() || name.contains('/') {
        return Err(Error::corruption("CURRENT file corrupted"));
    }
    Ok(dir.join(name))
}

fn replay_manifest(path: &Path) -> Result<ManifestState> {
    let file = default_fs().new_sequential_file(path)?;
    let mut reader = LogReader::new(file, 0, true);
    let mut st = ManifestState {
        cfs: vec![CfState {
            name: "default".into(),
            id: 0,
            log_number: 0,
            comparator: String::new(),
            levels: (0..MANIFEST_DUMP_LEVELS).map(|_| BTreeMap::new()).collect(),
        }],
        next_file_number: 0,
        last_sequence: 0,
        prev_log_number: 0,
        max_column_family: 0,
        min_log_number_to_keep: 0,
    };
    let mut record = Vec::new();
    while reader.read_record(&mut record)? {
        let edit = VersionEdit::decode(&record)?;
        if let Some(v) = edit.next_file_number {
            st.next_file_number = v;
        }
        if let Some(v) = edit.last_sequence {
            st.last_sequence = v;
        }
        if let Some(v) = edit.prev_log_number {
            st.prev_log_number = v;
        }
        if let Some(v) = edit.max_column_family {
            st.max_column_family = v;
        }
        if let Some(v) = edit.min_log_number_to_keep {
            st.min_log_number_to_keep = v;
        }
        if let Some(name) = &edit.column_family_add {
            st.cfs.push(CfState {
                name: name.clone(),
                id: edit.column_family,
                log_number: 0,
                comparator: String::new(),
                levels: (0..MANIFEST_DUMP_LEVELS).map(|_| BTreeMap::new()).collect(),
            });
        }
        if edit.column_family_drop {
            st.cfs.retain(|c| c.id != edit.column_family);
            continue;
        }
        let Some(cf) = st.cfs.iter_mut().find(|c| c.id == edit.column_family) else {
            continue;
        };
        if let Some(c) = &edit.comparator {
            cf.comparator = c.clone();
        }
        if let Some(v) = edit.log_number {
            cf.log_number = v;
        }
        for (level, number) in &edit.deleted_files {
            if let Some(l) = cf.levels.get_mut(*level as usize) {
                l.remove(number);
            }
        }
        for (level, f) in &edit.new_files {
            let l = cf
                .levels
                .get_mut(*level as usize)
                .ok_or_else(|| Error::corruption(format!("file at level {level} beyond the {MANIFEST_DUMP_LEVELS} levels")))?;
            l.insert(f.number, f.clone());
        }
    }
    Ok(st)
}

/// A level's files in the order RocksDB's Version keeps them: level 0 newest
/// first, other levels by smallest key.
fn ordered_files<'a>(cmp: &InternalKeyComparator, level: usize, files: &'a BTreeMap<u64, FileMetaData>) -> Vec<&'a FileMetaData> {
    let mut v: Vec<&FileMetaData> = files.values().collect();
    if level == 0 {
        v.sort_by(|a, b| b.largest_seqno.cmp(&a.largest_seqno).then(b.number.cmp(&a.number)));
    } else {
        v.sort_by(|a, b| cmp.compare(&a.smallest, &b.smallest));
    }
    v
}

/// RocksDB's InternalKey::DebugString(hex) (raw bytes, or bare upper-case hex).
fn internal_key_text(ikey: &[u8], hex: bool) -> Vec<u8> {
    let mut out = Vec::new();
    match key::parse_internal_key(ikey) {
        Ok(p) => {
            out.push(b'\'');
            if hex {
                out.extend(p.user_key.iter().map(|x| format!("{x:02X}")).collect::<String>().into_bytes());
            } else {
                out.extend_from_slice(p.user_key);
            }
            out.extend(format!("' seq:{}, type:{}", p.sequence, p.value_type as u8).into_bytes());
        }
        Err(_) => out.extend(format!("(bad){}", String::from_utf8_lossy(&to_hex(ikey))).into_bytes()),
    }
    out
}

fn manifest_dump(a: &Args, out: &mut Vec<u8>) -> Result<()> {
    let path = match &a.manifest_path {
        Some(p) => PathBuf::from(p),
        None => current_manifest(&db_path(a))?,
    };
    let st = replay_manifest(&path)?;
    let ncf = st.cfs.len();
    for (i, cf) in st.cfs.iter().enumerate() {
        let cmp = InternalKeyComparator::new(Comparator::from_name(&cf.comparator).unwrap_or(Comparator::Bytewise));
        out.extend(format!("--------------- Column family \"{}\"  (ID {}) --------------\n", cf.name, cf.id).into_bytes());
        out.extend(format!("log number: {}\n", cf.log_number).into_bytes());
        let cmp_name = if cf.comparator.is_empty() { "leveldb.BytewiseComparator" } else { &cf.comparator };
        out.extend(format!("comparator: {cmp_name}\n").into_bytes());
        // RocksDB numbers the versions it creates while dumping: one per column family after one each at creation.
        let version = ncf + i;
        for (level, files) in cf.levels.iter().enumerate() {
            out.extend(format!("--- level {level} --- version# {version} ---\n").into_bytes());
            for f in ordered_files(&cmp, level, files) {
                out.extend(format!(" {}:{}[{} .. {}][", f.number, f.file_size, f.smallest_seqno, f.largest_seqno).into_bytes());
                out.extend(internal_key_text(&f.smallest, a.key_hex));
                out.extend_from_slice(b" .. ");
                out.extend(internal_key_text(&f.largest, a.key_hex));
                out.extend_from_slice(b"]\n");
            }
        }
    }
    out.extend(
        format!(
            "next_file_number {} last_sequence {}  prev_log_number {} max_column_family {} min_log_number_to_keep {}\n",
            // Recovery leaves the next number one past the MANIFEST's, as RocksDB prints it.
            st.next_file_number + 1,
            st.last_sequence, st.prev_log_number, st.max_column_family, st.min_log_number_to_keep
        )
        .into_bytes(),
    );
    Ok(())
}

/// The bytes of the column family's table files between two user keys, from
/// each table's index (RocksDB's GetApproximateSizes over files only).
fn approximate_size(a: &Args, cf_name: &str, start: &[u8], limit: &[u8]) -> Result<u64> {
    let dir = db_path(a);
    let st = replay_manifest(&current_manifest(&dir)?)?;
    let cf = st.cfs.iter().find(|c| c.name == cf_name).ok_or_else(|| Error::invalid_argument("no such column family"))?;
    let ucmp = Comparator::from_name(&cf.comparator).unwrap_or(Comparator::Bytewise);
    let icmp = InternalKeyComparator::new(ucmp.clone());
    let start_ikey = key::seek_key(start, key::MAX_SEQUENCE_NUMBER);
    let limit_ikey = key::seek_key(limit, key::MAX_SEQUENCE_NUMBER);
    let fs = default_fs();
    let mut total = 0u64;
    for files in &cf.levels {
        for f in files.values() {
            // RocksDB's per-file rule: files wholly inside count whole, partial
            // ones by their index's offsets.
            if icmp.compare(&f.largest, &start_ikey).is_le() || icmp.compare(&f.smallest, &limit_ikey).is_gt() {
                continue;
            }
            let table = || -> Result<Arc<Table>> {
                let file = fs.new_random_access_file(&dir.join(table_file_name(f.number)))?;
                let opts = TableReadOptions { comparator: icmp.clone(), file_number: f.number, ..Default::default() };
                Table::open(file, f.file_size, opts)
            };
            // BlockBasedTable's data offsets scaled from data bytes to file bytes.
            let scaled = |t: &Table, data_offset: u64| -> u64 {
                let data_size = t.properties().data_size;
                if data_size == 0 {
                    return f.file_size / 2;
                }
                (data_offset as f64 / data_size as f64 * f.file_size as f64) as u64
            };
            let offset_of = |k: &[u8]| -> Result<u64> {
                if icmp.compare(&f.largest, k).is_le() {
                    return Ok(f.file_size);
                }
                if icmp.compare(&f.smallest, k).is_gt() {
                    return Ok(0);
                }
                let t = table()?;
                Ok(scaled(&t, t.approximate_offset_of(k)))
            };
            total += if icmp.compare(&f.smallest, &start_ikey).is_ge() {
                offset_of(&limit_ikey)?
            } else if icmp.compare(&f.largest, &limit_ikey).is_lt() {
                f.file_size.saturating_sub(offset_of(&start_ikey)?)
            } else {
                let t = table()?;
                let (s, e) = (t.approximate_offset_of(&start_ikey), t.approximate_offset_of(&limit_ikey));
                if t.properties().data_size == 0 {
                    f.file_size
                } else {
                    (e.saturating_sub(s) as f64 / t.properties().data_size as f64 * f.file_size as f64) as u64
                }
            };
        }
    }
    Ok(total)
}

fn main() {
    let a = parse_args();
    let mut out: Vec<u8> = Vec::new();
    match a.command.as_str() {
        "get" => {
            let k = decode_input(&param(&a, 0, "<key> must be specified for the get command"), a.key_hex);
            let (db, cf) = open_db(&a, true);
            match db.get_cf(&ReadOptions::default(), &cf, &k) {
                Ok(Some(v)) => {
                    out.extend(encode_output(&v, a.value_hex));
                    out.push(b'\n');
                }
                Ok(None) => fail("Get failed: NotFound: "),
                Err(e) => fail(format!("Get failed: {e}")),
            }
        }
        "put" => {
            let k = decode_input(&param(&a, 0, "<key> and <value> must be specified for the put command"), a.key_hex);
            let v = decode_input(&param(&a, 1, "<key> and <value> must be specified for the put command"), a.value_hex);
            let (db, cf) = open_db(&a, false);
            db.put_cf(&WriteOptions::default(), &cf, &k, &v).unwrap_or_else(|e| fail(e));
            db.close().unwrap_or_else(|e| fail(e));
            out.extend_from_slice(b"OK\n");
        }
        "delete" => {
            let k = decode_input(&param(&a, 0, "KEY must be specified for the delete command"), a.key_hex);
            let (db, cf) = open_db(&a, false);
            db.delete_cf(&WriteOptions::default(), &cf, &k).unwrap_or_else(|e| fail(e));
            db.close().unwrap_or_else(|e| fail(e));
            out.extend_from_slice(b"OK\n");
        }
        "scan" => {
            let (db, cf) = open_db(&a, true);
            for_each_in_range(&a, &db, &cf, |k, v| {
                out.extend_from_slice(until_nul(&encode_output(k, a.key_hex)));
                out.extend_from_slice(b" : ");
                out.extend_from_slice(until_nul(&encode_output(v, a.value_hex)));
                out.push(b'\n');
            });
        }
        "dump" => {
            let (db, cf) = open_db(&a, true);
            let mut n = 0u64;
            for_each_in_range(&a, &db, &cf, |k, v| {
                out.extend_from_slice(until_nul(&encode_output(k, a.key_hex)));
                out.extend_from_slice(b" ==> ");
                out.extend_from_slice(until_nul(&encode_output(v, a.value_hex)));
                out.push(b'\n');
                n += 1;
            });
            out.extend(format!("Keys in range: {n}\n").into_bytes());
        }
        "manifest_dump" => manifest_dump(&a, &mut out).unwrap_or_else(|e| fail(e)),
        "list_column_families" => {
            let path = db_path(&a);
            let names = Db::list_column_families(&Options::default(), &path).unwrap_or_else(|e| fail(e));
            out.extend(format!("Column families in {}: \n{{{}}}\n", path.display(), names.join(", ")).into_bytes());
        }
        "compact" => {
            let (db, cf) = open_db(&a, false);
            let from = a.from.as_ref().map(|f| decode_input(f, a.key_hex));
            let to = a.to.as_ref().map(|t| decode_input(t, a.key_hex));
            db.compact_range_cf(&cf, from.as_deref(), to.as_deref()).unwrap_or_else(|e| fail(e));
            db.close().unwrap_or_else(|e| fail(e));
        }
        "approxsize" => {
            let from = a.from.as_ref().unwrap_or_else(|| fail("from must be specified for approxsize command"));
            let to = a.to.as_ref().unwrap_or_else(|| fail("to must be specified for approxsize command"));
            let (from, to) = (decode_input(from, a.key_hex), decode_input(to, a.key_hex));
            // Opening proves the database is readable and that the column family exists.
            let (db, cf) = open_db(&a, true);
            let name = cf.name().to_string();
            drop(db);
            let size = approximate_size(&a, &name, &from, &to).unwrap_or_else(|e| fail(e));
            out.extend(format!("{size}\n").into_bytes());
        }
        other => fail(format!("Invalid argument: Unknown command: {other}")),
    }
    let mut so = std::io::stdout().lock();
    let _ = so.write_all(&out);
    let _ = so.flush();
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferrock::options::FlushOptions;

    #[test]
    fn hex_in_and_out_follow_ldb() {
        assert_eq!(hex_to_bytes("0x6B31").unwrap(), b"k1".to_vec());
        assert_eq!(hex_to_bytes("0x6b31").unwrap(), b"k1".to_vec());
        let err = hex_to_bytes("k1").unwrap_err().to_string();
        assert!(err.contains("Invalid hex input k1.  Must start with 0x"), "{err}");
        assert!(hex_to_bytes("0x6B3").is_err());
        assert_eq!(to_hex(b"k1"), b"0x6B31".to_vec());
        assert_eq!(until_nul(b"\0abc"), b"");
    }

    #[test]
    fn manifest_replay_lists_the_flushed_table() {
        let dir = std::env::temp_dir().join(format!("ferrock-ldb-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let opts = Options { create_if_missing: true, ..Options::default() };
        let db = Db::open(&opts, &dir).unwrap();
        db.put(&WriteOptions::default(), b"a", b"1").unwrap();
        db.put(&WriteOptions::default(), b"b", b"2").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.close().unwrap();
        let st = replay_manifest(&current_manifest(&dir).unwrap()).unwrap();
        assert_eq!(st.cfs.len(), 1);
        assert_eq!(st.cfs[0].name, "default");
        let files: Vec<&FileMetaData> = st.cfs[0].levels.iter().flat_map(|l| l.values()).collect();
        assert_eq!(files.len(), 1);
        assert_eq!(key::user_key(&files[0].smallest), b"a");
        assert_eq!(key::user_key(&files[0].largest), b"b");
        assert!(st.last_sequence >= 2);
        assert_eq!(internal_key_text(&files[0].smallest, true), b"'61' seq:1, type:1".to_vec());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
