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

use ferrock::cli::{CliError, Flag, Kind, Tool};
use ferrock::batch::{BatchRecord, WriteBatch};
use ferrock::db::{ColumnFamilyHandle, Db};
use ferrock::IngestExternalFileOptions;
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
    checkpoint_dir: Option<String>,
    property: Option<String>,
    walfile: Option<String>,
    wal_header: bool,
    print_value: bool,
    count_only: bool,
    input_key_hex: bool,
    /// The flags of load and ingest_extern_sst, by name.
    p: ferrock::cli::Parsed,
}

fn fail(msg: impl std::fmt::Display) -> ! {
    let _ = std::io::stdout().flush();
    eprintln!("Failed: {msg}");
    std::process::exit(1);
}

/// Every flag ldb accepts (RocksDB's forms: `--name=value`, value-less switches), before or
/// after the command.
const FLAGS: &[Flag] = &[
    Flag::opt("db", Kind::Str, "Directory of the database"),
    Flag::switch("hex", "Keys and values in and out as 0x-prefixed hex (--key_hex and --value_hex)"),
    Flag::switch("key_hex", "Keys in and out as 0x-prefixed hex"),
    Flag::switch("value_hex", "Values in and out as 0x-prefixed hex"),
    Flag::opt("from", Kind::Str, "Key to start at (scan, dump, compact, approxsize, deleterange: begin key)"),
    Flag::opt("to", Kind::Str, "Key to stop before (scan, dump, compact, approxsize)"),
    Flag::opt("max_keys", Kind::Int, "Keys to print at most (scan, dump)"),
    Flag::switch("create_if_missing", "Create the database if it does not exist (write commands)"),
    Flag::opt("column_family", Kind::Str, "Column family the command works on; default: default"),
    Flag::opt("path", Kind::Str, "manifest_dump: the MANIFEST file to dump; default: the database's current one"),
    Flag::opt("checkpoint_dir", Kind::Str, "checkpoint: directory to create the checkpoint in"),
    Flag::opt("property", Kind::Str, "get_property: the property's name (or the command's argument)"),
    Flag::switch("count_only", "idump: print only the number of entries"),
    Flag::switch("input_key_hex", "idump: --from and --to are hex"),
    Flag::switch("disable_wal", "load: write without the write-ahead log"),
    Flag::switch("bulk_load", "load: accepted (ferrock loads with its default options)"),
    Flag::switch("compact", "load: compact the whole range afterwards"),
    Flag::bool("move_files", "false", "ingest_extern_sst: move the file into the database instead of copying it"),
    Flag::bool("snapshot_consistency", "true", "ingest_extern_sst: keep snapshots taken before the ingestion consistent"),
    Flag::bool("allow_global_seqno", "true", "ingest_extern_sst: allow a global sequence number for the file"),
    Flag::bool("allow_blocking_flush", "true", "ingest_extern_sst: allow a flush of overlapping memtables"),
    Flag::bool("ingest_behind", "false", "ingest_extern_sst: ingest below all existing data"),
    Flag::bool("write_global_seqno", "true", "ingest_extern_sst: write the global sequence number into the file"),
    Flag::opt("walfile", Kind::Str, "dump_wal: the write-ahead log file to dump"),
    Flag::switch("header", "dump_wal: print a header line naming the columns"),
    Flag::switch("print_value", "dump_wal: print the values as well as the keys"),
    Flag::bool("write_committed", "true", "dump_wal: the log was written by a write-committed transaction policy"),
    // Accepted for compatibility; ferrock has nothing to do for them.
    Flag::switch("try_load_options", "Accepted; ferrock opens with default options"),
    Flag::switch("ignore_unknown_options", "Accepted; ferrock opens with default options"),
    Flag::switch("verbose", "Accepted; no effect"),
    Flag::switch("no_value", "Accepted; no effect"),
    Flag::switch("timestamp", "Accepted; no effect"),
];

const COMMANDS_HELP: &str = "Commands:
  get <key>                          the key's value
  put <key> <value>                  writes one key
  batchput <key> <value> [<key> <value>]...   writes the pairs in one batch
  delete <key>                       deletes one key
  singledelete <key>                 single-deletes one key
  deleterange <begin key> <end key>  deletes the keys in [begin, end)
  scan [--from] [--to] [--max_keys]  prints key : value
  dump [--from] [--to] [--max_keys]  prints key ==> value and the count
  manifest_dump [--path=MANIFEST]    prints the MANIFEST's column families, levels and files
  list_column_families               prints the column families' names
  create_column_family <name>        creates a column family
  drop_column_family <name>          drops a column family
  dump_wal --walfile=FILE [--header] [--print_value]   prints the log's write batches
  idump [--from] [--to] [--max_keys] [--count_only]   prints the internal entries (every version of each key)
  load [--create_if_missing] [--disable_wal] [--compact]   puts the key ==> value lines of stdin
  checkconsistency                   opens the database, checking its files
  repair                             rebuilds the MANIFEST from the files found
  ingest_extern_sst <sst file> [--move_files] [--snapshot_consistency] [--allow_global_seqno] [--allow_blocking_flush] [--ingest_behind] [--write_global_seqno]
  get_property <property>            prints a DB property (rocksdb.stats, rocksdb.num-files-at-level0, ...)
  checkpoint --checkpoint_dir=DIR    makes a checkpoint of the database in DIR
  compact [--from] [--to]            compacts the range
  approxsize [--from] [--to]         prints the approximate size of the range's table files";

const LDB: Tool = Tool {
    name: "ldb",
    about: "ferrock's ldb: RocksDB's database tool over the Rust API, with its commands, flags and output",
    flags: FLAGS,
    separate_values: false,
    single_dash: false,
    positionals: Some("COMMAND [ARGS]"),
    after_help: COMMANDS_HELP,
};

fn parse_args() -> Args {
    let p = LDB.parse_env_or(|e| match e {
        CliError::Unknown(n) => fail(format!("Invalid argument: Unknown option: --{n}")),
        CliError::Invalid { flag, value, .. } => fail(format!("Invalid argument: Unknown option: --{flag}={value}")),
        e => fail(format!("Invalid argument: {e}")),
    });
    let mut pos = p.positionals.clone().into_iter();
    let a = Args {
        db: p.opt("db").map(String::from),
        command: pos.next().unwrap_or_default(),
        params: pos.collect(),
        key_hex: p.bool("hex") || p.bool("key_hex"),
        input_key_hex: p.bool("input_key_hex"),
        value_hex: p.bool("hex") || p.bool("value_hex"),
        from: p.opt("from").map(String::from),
        to: p.opt("to").map(String::from),
        max_keys: p.opt("max_keys").map(|_| p.i64("max_keys").max(0) as u64),
        create_if_missing: p.bool("create_if_missing"),
        column_family: p.opt("column_family").map(String::from),
        manifest_path: p.opt("path").map(String::from),
        checkpoint_dir: p.opt("checkpoint_dir").map(String::from),
        property: p.opt("property").map(String::from),
        walfile: p.opt("walfile").map(String::from),
        wal_header: p.bool("header"),
        print_value: p.bool("print_value"),
        count_only: p.bool("count_only"),
        p,
    };
    if a.command.is_empty() {
        eprintln!("{}", LDB.help());
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

/// RocksDB's Slice::ToString(hex): upper-case hex without a prefix.
fn hex_upper(b: &[u8]) -> Vec<u8> {
    b.iter().map(|x| format!("{x:02X}")).collect::<String>().into_bytes()
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
    let (db, handles) = open_db_all(a, read_only);
    let want = a.column_family.as_deref().unwrap_or("default");
    let h = handles
        .into_iter()
        .find(|h| h.name() == want)
        .unwrap_or_else(|| fail(format!("Invalid argument: Column family {want} does not exist")));
    (db, h)
}

/// Opens the database with every column family it has, returning all their handles.
fn open_db_all(a: &Args, read_only: bool) -> (Db, Vec<Arc<ColumnFamilyHandle>>) {
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
    if read_only {
        Db::open_for_read_only(&opts, &path, &cfs, false)
    } else {
        Db::open_cf(&opts, &path, &cfs)
    }
    .unwrap_or_else(|e| fail(e))
}

/// Applies one write (put, delete, ...) to the `--column_family` and closes the database; prints OK.
fn write_and_close(a: &Args, out: &mut Vec<u8>, build: impl FnOnce(&mut WriteBatch, u32)) {
    let (db, cf) = open_db(a, false);
    let mut batch = WriteBatch::new();
    build(&mut batch, cf.id());
    db.write(&WriteOptions::default(), &batch).unwrap_or_else(|e| fail(e));
    db.close().unwrap_or_else(|e| fail(e));
    out.extend_from_slice(b"OK\n");
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
                out.extend(hex_upper(p.user_key));
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

/// RocksDB's dump_wal: one line per write batch, `sequence,count,byte size,file offset,` then
/// each record (keys and values in hex).
fn dump_wal(a: &Args, out: &mut Vec<u8>) {
    let Some(path) = &a.walfile else { fail("--walfile must be specified") };
    let file = default_fs()
        .new_sequential_file(Path::new(path))
        .unwrap_or_else(|e| fail(format!("Failed to open WAL file {e}")));
    let mut reader = LogReader::new(file, 0, true);
    if a.wal_header {
        out.extend_from_slice(b"Sequence,Count,ByteSize,Physical Offset,Key(s)");
        if a.print_value {
            out.extend_from_slice(b" : value ");
        }
        out.push(b'\n');
    }
    let hex = |b: &[u8]| String::from_utf8_lossy(&to_hex(b)).into_owned();
    let mut record = Vec::new();
    loop {
        match reader.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            // RocksDB's reporter prints the damage and reading goes on.
            Err(e) => {
                eprintln!("Corruption detected in log file {e}");
                continue;
            }
        }
        if record.len() < 12 {
            eprintln!("Corruption detected in log file Corruption: log record too small");
            continue;
        }
        let batch = WriteBatch::from_data(&record).unwrap_or_else(|e| fail(format!("Parsing write batch failed: {e}")));
        let mut row = format!("{},{},{},{},", batch.sequence(), batch.count(), record.len(), reader.last_record_offset());
        let key_value = |row: &mut String, what: &str, cf: u32, k: &[u8], v: &[u8]| {
            row.push_str(&format!("{what}({cf}) : {} ", hex(k)));
            if a.print_value {
                row.push_str(&format!(": {} ", hex(v)));
            }
        };
        let r = batch.for_each(|rec| {
            match rec {
                BatchRecord::Put { cf, key, value } => key_value(&mut row, "PUT", cf, key, value),
                BatchRecord::Merge { cf, key, value } => key_value(&mut row, "MERGE", cf, key, value),
                BatchRecord::PutEntity { cf, key, .. } => row.push_str(&format!("PUT_ENTITY({cf}) : {} ", hex(key))),
                BatchRecord::BlobIndex { cf, key, .. } => row.push_str(&format!("PUT_BLOB_INDEX({cf}) : {} ", hex(key))),
                BatchRecord::Delete { cf, key } => row.push_str(&format!("DELETE({cf}) : {} ", hex(key))),
                BatchRecord::SingleDelete { cf, key } => row.push_str(&format!("SINGLE_DELETE({cf}) : {} ", hex(key))),
                BatchRecord::DeleteRange { cf, begin, end } => {
                    row.push_str(&format!("DELETE_RANGE({cf}) : {} {} ", hex(begin), hex(end)))
                }
                BatchRecord::Noop => row.push_str("NOOP "),
                BatchRecord::BeginPrepare => row.push_str("BEGIN_PREPARE(false) "),
                BatchRecord::EndPrepare(x) => row.push_str(&format!("END_PREPARE({}) ", hex(x))),
                BatchRecord::Commit(x) => row.push_str(&format!("COMMIT({}) ", hex(x))),
                BatchRecord::Rollback(x) => row.push_str(&format!("ROLLBACK({}) ", hex(x))),
                BatchRecord::LogData(_) => {}
            }
            Ok(())
        });
        if let Err(e) = r {
            row.push_str(&format!("error: {e}"));
            out.extend(row.into_bytes());
            break;
        }
        row.push('\n');
        out.extend(row.into_bytes());
    }
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
            let usage = "<key> and <value> must be specified for the put command";
            let k = decode_input(&param(&a, 0, usage), a.key_hex);
            let v = decode_input(&param(&a, 1, usage), a.value_hex);
            write_and_close(&a, &mut out, |b, cf| b.put_cf(cf, &k, &v));
        }
        "batchput" => {
            if a.params.is_empty() {
                fail("At least one <key> <value> pair must be specified batchput.");
            }
            if a.params.len() % 2 != 0 {
                fail("Equal number of <key>s and <value>s must be specified for batchput.");
            }
            let pairs: Vec<(Vec<u8>, Vec<u8>)> =
                a.params.chunks(2).map(|p| (decode_input(&p[0], a.key_hex), decode_input(&p[1], a.value_hex))).collect();
            write_and_close(&a, &mut out, |b, cf| pairs.iter().for_each(|(k, v)| b.put_cf(cf, k, v)));
        }
        "delete" => {
            let k = decode_input(&param(&a, 0, "KEY must be specified for the delete command"), a.key_hex);
            write_and_close(&a, &mut out, |b, cf| b.delete_cf(cf, &k));
        }
        "singledelete" => {
            let k = a.params.first().unwrap_or_else(|| fail("KEY must be specified for the single delete command"));
            let k = decode_input(k, a.key_hex);
            write_and_close(&a, &mut out, |b, cf| b.single_delete_cf(cf, &k));
        }
        "deleterange" => {
            if a.params.len() != 2 {
                fail("begin and end keys must be specified for the delete command");
            }
            let (begin, end) = (decode_input(&a.params[0], a.key_hex), decode_input(&a.params[1], a.key_hex));
            write_and_close(&a, &mut out, |b, cf| b.delete_range_cf(cf, &begin, &end));
        }
        "create_column_family" => {
            let name = a.params.first().unwrap_or_else(|| fail("new column family name must be specified"));
            let (db, _) = open_db_all(&a, false);
            db.create_column_family(&Options::default(), name)
                .unwrap_or_else(|e| fail(format!("Fail to create new column family: {e}")));
            db.close().unwrap_or_else(|e| fail(e));
            out.extend_from_slice(b"OK\n");
        }
        "drop_column_family" => {
            let name = a.params.first().unwrap_or_else(|| fail("The name of column family to drop must be specified"));
            let (db, handles) = open_db_all(&a, false);
            let cf = handles
                .iter()
                .find(|h| h.name() == name.as_str())
                .unwrap_or_else(|| fail(format!("Column family: {name} doesn't exist in db.")));
            db.drop_column_family(cf).unwrap_or_else(|e| fail(format!("Fail to drop column family: {e}")));
            db.close().unwrap_or_else(|e| fail(e));
            out.extend_from_slice(b"OK\n");
        }
        "get_property" => {
            let name = a.params.first().or(a.property.as_ref()).unwrap_or_else(|| fail("property name must be specified"));
            let (db, cf) = open_db(&a, false);
            let value = db.property_value_cf(&cf, name).unwrap_or_else(|| fail(format!("failed to get property: {name}")));
            out.extend(format!("{name}: {value}\n").into_bytes());
            db.close().unwrap_or_else(|e| fail(e));
        }
        "checkpoint" => {
            let dir = a.checkpoint_dir.clone().unwrap_or_default();
            let (db, _) = open_db(&a, false);
            if dir.is_empty() {
                fail("Invalid argument: invalid checkpoint directory name");
            }
            db.create_checkpoint(Path::new(&dir), 0).unwrap_or_else(|e| fail(e));
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
        "dump_wal" => dump_wal(&a, &mut out),
        "load" => {
            let (db, cf) = open_db(&a, false);
            let wo = WriteOptions { disable_wal: a.p.bool("disable_wal"), ..WriteOptions::default() };
            let mut bad_lines = 0u64;
            let mut line = Vec::new();
            let mut stdin = std::io::stdin().lock();
            loop {
                line.clear();
                match std::io::BufRead::read_until(&mut stdin, b'\n', &mut line) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) => fail(e),
                }
                if line.last() == Some(&b'\n') {
                    line.pop();
                }
                let Some(at) = line.windows(5).position(|w| w == b" ==> ") else {
                    bad_lines += 1;
                    continue;
                };
                let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
                let k = decode_input(&text(&line[..at]), a.key_hex);
                let v = decode_input(&text(&line[at + 5..]), a.value_hex);
                db.put_cf(&wo, &cf, &k, &v).unwrap_or_else(|e| fail(e));
            }
            if a.p.bool("compact") {
                db.compact_range_cf(&cf, None, None).unwrap_or_else(|e| fail(e));
            }
            db.close().unwrap_or_else(|e| fail(e));
            if bad_lines > 0 {
                out.extend(format!("Warning: {bad_lines} bad lines ignored.\n").into_bytes());
            }
        }
        "checkconsistency" => {
            let opts = Options::default();
            let path = db_path(&a);
            let names = Db::list_column_families(&opts, &path).unwrap_or_else(|e| fail(e));
            let cfs: Vec<(String, Options)> = names.iter().map(|n| (n.clone(), opts.clone())).collect();
            let (db, _) = Db::open_for_read_only(&opts, &path, &cfs, false).unwrap_or_else(|e| fail(e));
            drop(db);
            out.extend_from_slice(b"OK\n");
        }
        "repair" => {
            Db::repair(&Options::default(), db_path(&a)).unwrap_or_else(|e| fail(e));
            out.extend_from_slice(b"OK\n");
        }
        "ingest_extern_sst" => {
            let (allow_global_seqno, write_global_seqno) = (a.p.bool("allow_global_seqno"), a.p.bool("write_global_seqno"));
            if allow_global_seqno && !write_global_seqno {
                eprintln!("Warning: not writing global_seqno to the ingested SST can\nprevent older versions of RocksDB from being able to open it");
            }
            if !allow_global_seqno && write_global_seqno {
                fail("ldb cannot write global_seqno to the ingested SST when global_seqno is not allowed");
            }
            let [file] = a.params.as_slice() else { fail("input SST path must be specified") };
            let (db, cf) = open_db(&a, false);
            let ifo = IngestExternalFileOptions {
                move_files: a.p.bool("move_files"),
                snapshot_consistency: a.p.bool("snapshot_consistency"),
                allow_global_seqno,
                allow_blocking_flush: a.p.bool("allow_blocking_flush"),
                ingest_behind: a.p.bool("ingest_behind"),
                ..IngestExternalFileOptions::default()
            };
            db.ingest_external_file_cf(&cf, &[PathBuf::from(file)], &ifo)
                .unwrap_or_else(|e| fail(format!("failed to ingest external SST: {e}")));
            db.close().unwrap_or_else(|e| fail(e));
            let _ = std::io::stdout().flush();
            eprintln!("external SST files ingested");
        }
        "idump" => {
            let (db, cf) = open_db(&a, true);
            // idump reads --from/--to as hex only with --input_key_hex (not --hex or --key_hex).
            let from = a.from.as_ref().map(|f| decode_input(f, a.input_key_hex)).filter(|f| !f.is_empty());
            let to = a.to.as_ref().map(|t| decode_input(t, a.input_key_hex)).filter(|t| !t.is_empty());
            let max = a.max_keys.map_or(usize::MAX, |m| m as usize);
            let versions = db.key_versions_cf(&cf, from.as_deref(), to.as_deref(), max).unwrap_or_else(|e| fail(e));
            // Key versions include `--to` itself; idump stops before it, as RocksDB's.
            let shown = versions.iter().position(|v| to.as_deref() == Some(&v.user_key[..])).unwrap_or(versions.len());
            if !a.count_only {
                for v in versions.iter().take(shown) {
                    // RocksDB prints both texts with %s: each ends at a zero byte.
                    let mut key = vec![b'\''];
                    key.extend(if a.key_hex { hex_upper(&v.user_key) } else { v.user_key.clone() });
                    key.extend(format!("' seq:{}, type:{}", v.sequence, v.value_type).into_bytes());
                    let value = if a.value_hex { hex_upper(&v.value) } else { v.value.clone() };
                    out.extend_from_slice(until_nul(&key));
                    out.extend_from_slice(b" => ");
                    out.extend_from_slice(until_nul(&value));
                    out.push(b'\n');
                }
            }
            out.extend(format!("Internal keys in range: {shown}\n").into_bytes());
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
