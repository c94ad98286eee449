//! `sst_dump`: ferrock's version of RocksDB's table inspection tool
//! (tools/sst_dump_tool.cc), over ferrock's table reader and builder
//! (docs/format/block-based-table.md–§6), so it reads tables written by RocksDB too.
//!
//! Flags and output follow RocksDB's: `--file=F` (a table or a directory),
//! `--command=check|scan|raw|verify|recompress|none`, `--show_properties`,
//! `--show_summary`, `--list_meta_blocks`,
//! `--from/--to/--input_key_hex/--output_hex/--read_num`, and for recompress
//! `--compression_types`, `--compression_level_from/_to` (or
//! `--compression_level`) and `--block_size`. Scan lines, the properties
//! listing and the recompress lines are RocksDB's text, so scripts written
//! for RocksDB's sst_dump parse ours.

use ferrock::cli::{CliError, Flag, Kind, Tool};
use ferrock::env::{default_fs, RandomAccessFile, WritableFile};
use ferrock::error::{Error, Result};
use ferrock::iter::InternalIterator;
use ferrock::key::{self, InternalKeyComparator};
use ferrock::options::{CompressionType, DEFAULT_COMPRESSION_LEVEL};
use ferrock::table::block::{Block, KeyOrder};
use ferrock::table::format::{read_block, read_exact_at, BlockHandle, BLOCK_TRAILER_SIZE};
use ferrock::table::{Table, TableBuildOptions, TableBuilder, TableProperties, TableReadOptions};
use ferrock::util::comparator::Comparator;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

const BLOCK_BASED_TABLE_MAGIC: u64 = 0x88e2_41b7_85f4_cff7;
const LEGACY_BLOCK_BASED_TABLE_MAGIC: u64 = 0xdb47_7524_8b80_fb57;

#[derive(Default)]
struct Args {
    files: Vec<String>,
    command: String,
    show_properties: bool,
    show_summary: bool,
    list_meta_blocks: bool,
    output_hex: bool,
    input_key_hex: bool,
    from: Option<Vec<u8>>,
    to: Option<Vec<u8>>,
    read_num: u64,
    verify_checksum: bool,
    block_size: usize,
    compression_types: Vec<CompressionType>,
    level_from: Option<i32>,
    level_to: Option<i32>,
}

fn usage_error(msg: &str) -> ! {
    eprintln!("{msg}\n");
    eprintln!("usage: sst_dump --file=<data_dir_OR_sst_file> [--command=check|scan|raw|verify|recompress|none] [--output_hex] [--input_key_hex] [--from=<key>] [--to=<key>] [--read_num=NUM] [--show_properties] [--compression_types=kNoCompression,kLZ4Compression,...] [--compression_level_from=N --compression_level_to=N] [--block_size=N]");
    std::process::exit(1);
}

/// RocksDB's option-string names of the compression types.
fn compression_type_from_option_name(name: &str) -> Option<CompressionType> {
    Some(match name {
        "kNoCompression" => CompressionType::None,
        "kSnappyCompression" => CompressionType::Snappy,
        "kZlibCompression" => CompressionType::Zlib,
        "kBZip2Compression" => CompressionType::BZip2,
        "kLZ4Compression" => CompressionType::Lz4,
        "kLZ4HCCompression" => CompressionType::Lz4hc,
        "kXpressCompression" => CompressionType::Xpress,
        "kZSTD" => CompressionType::Zstd,
        _ => return None,
    })
}

fn compression_option_name(c: CompressionType) -> &'static str {
    match c {
        CompressionType::None => "kNoCompression",
        CompressionType::Snappy => "kSnappyCompression",
        CompressionType::Zlib => "kZlibCompression",
        CompressionType::BZip2 => "kBZip2Compression",
        CompressionType::Lz4 => "kLZ4Compression",
        CompressionType::Lz4hc => "kLZ4HCCompression",
        CompressionType::Xpress => "kXpressCompression",
        CompressionType::Zstd => "kZSTD",
    }
}

/// ldb's HexToString: `0x`-prefixed hex (either case) to bytes.
fn hex_to_bytes(s: &str) -> Option<Vec<u8>> {
    let h = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"))?;
    if h.len() % 2 != 0 {
        return None;
    }
    (0..h.len()).step_by(2).map(|i| u8::from_str_radix(h.get(i..i + 2)?, 16).ok()).collect()
}

/// Every flag sst_dump accepts (RocksDB's forms: `--name=value`, value-less switches).
const FLAGS: &[Flag] = &[
    Flag::opt("file", Kind::Str, "A table file or a directory of them (repeatable; a bare argument is one too)"),
    Flag::str("command", "", "check|scan|raw|verify|recompress|none; empty: check"),
    Flag::switch("show_properties", "Print the table properties"),
    Flag::switch("show_summary", "Print a summary of the files: counts and sizes of data, index and filter blocks"),
    Flag::switch("list_meta_blocks", "Print the meta blocks' names, offsets and sizes"),
    Flag::switch("output_hex", "Print keys and values in hex"),
    Flag::switch("input_key_hex", "--from and --to are hex (0x...)"),
    Flag::switch("verify_checksum", "Verify the checksum of every block read"),
    Flag::opt("from", Kind::Str, "Key to start scanning at"),
    Flag::opt("to", Kind::Str, "Key to stop scanning before"),
    Flag::opt("read_num", Kind::Int, "Entries to read at most; default: all"),
    Flag::int("block_size", "16384", "recompress: bytes of user data per block").alias("set_block_size"),
    Flag::opt("compression_types", Kind::Str, "recompress: comma-separated kNoCompression, kLZ4Compression, ...; default: all supported"),
    Flag::opt("compression_level_from", Kind::Int, "recompress: first compression level tried (with --compression_level_to)"),
    Flag::opt("compression_level_to", Kind::Int, "recompress: last compression level tried (with --compression_level_from)"),
    Flag::opt("compression_level", Kind::Int, "recompress: the one compression level tried"),
];

const SST_DUMP: Tool = Tool {
    name: "sst_dump",
    about: "ferrock's sst_dump: RocksDB's table inspection tool, with its flags and output",
    flags: FLAGS,
    separate_values: false,
    single_dash: false,
    positionals: Some("FILE"),
    after_help: "",
};

fn parse_args() -> Args {
    let p = SST_DUMP.parse_env_or(|e| match e {
        CliError::Unknown(n) => usage_error(&format!("Unrecognized argument '--{n}'")),
        CliError::Invalid { flag, value, .. } => usage_error(&format!("Unrecognized argument '--{flag}={value}'")),
        e => usage_error(&e.to_string()),
    });
    let mut a = Args { block_size: p.i64("block_size") as usize, ..Default::default() };
    a.files = p.all("file").iter().chain(&p.positionals).cloned().collect();
    a.command = p.str("command").to_string();
    a.show_properties = p.bool("show_properties");
    a.show_summary = p.bool("show_summary");
    a.list_meta_blocks = p.bool("list_meta_blocks");
    a.output_hex = p.bool("output_hex");
    a.input_key_hex = p.bool("input_key_hex");
    a.verify_checksum = p.bool("verify_checksum");
    let from_text = p.opt("from").map(String::from);
    let to_text = p.opt("to").map(String::from);
    a.read_num = p.opt("read_num").map_or(0, |_| p.i64("read_num").max(0) as u64);
    if let Some(v) = p.opt("compression_types") {
        for name in v.split(',') {
            match compression_type_from_option_name(name) {
                Some(c) => a.compression_types.push(c),
                None => {
                    eprintln!("{name} is not a valid CompressionType");
                    std::process::exit(1);
                }
            }
        }
    }
    if p.opt("compression_level").is_some() {
        a.level_from = Some(p.i64("compression_level") as i32);
        a.level_to = a.level_from;
    }
    if p.opt("compression_level_from").is_some() {
        a.level_from = Some(p.i64("compression_level_from") as i32);
    }
    if p.opt("compression_level_to").is_some() {
        a.level_to = Some(p.i64("compression_level_to") as i32);
    }
    if a.level_from.is_some() != a.level_to.is_some() {
        eprintln!("Specify both --compression_level_from and --compression_level_to.\n");
        std::process::exit(1);
    }
    let decode = |t: String| -> Vec<u8> {
        if a.input_key_hex {
            hex_to_bytes(&t).unwrap_or_else(|| usage_error(&format!("Invalid hex input: {t}")))
        } else {
            t.into_bytes()
        }
    };
    a.from = from_text.map(decode);
    a.to = to_text.map(decode);
    if a.files.is_empty() {
        usage_error("file or directory must be specified.");
    }
    a
}

/// RocksDB's Slice::ToString(hex): raw bytes, or upper-case hex.
fn slice_text(b: &[u8], hex: bool) -> Vec<u8> {
    if hex {
        b.iter().map(|x| format!("{x:02X}")).collect::<String>().into_bytes()
    } else {
        b.to_vec()
    }
}

/// RocksDB's ParsedInternalKey::DebugString(log_err_key = true, hex).
fn internal_key_text(ikey: &[u8], hex: bool) -> Vec<u8> {
    let mut out = Vec::new();
    match key::parse_internal_key(ikey) {
        Ok(p) => {
            out.push(b'\'');
            out.extend(slice_text(p.user_key, hex));
            out.extend(format!("' seq:{}, type:{}", p.sequence, p.value_type as u8).into_bytes());
        }
        Err(e) => out.extend(e.to_string().into_bytes()),
    }
    out
}

fn until_nul(b: &[u8]) -> &[u8] {
    match b.iter().position(|&c| c == 0) {
        Some(i) => &b[..i],
        None => b,
    }
}

/// One opened table plus what the dump commands need beside the reader.
struct OpenedTable {
    file: Arc<dyn RandomAccessFile>,
    file_size: u64,
    table: Arc<Table>,
    name: String,
}

fn open_table(path: &str, verify: bool) -> Result<OpenedTable> {
    let fs = default_fs();
    let p = Path::new(path);
    let file = fs.new_random_access_file(p)?;
    let file_size = fs.file_size(p)?;
    let opts = TableReadOptions { verify_checksums: verify, ..Default::default() };
    let table = Table::open(file.clone(), file_size, opts.clone())?;
    // A table written with another known comparator: reopen under it.
    let cmp_name = table.properties().comparator_name.clone();
    let table = match Comparator::from_name(&cmp_name) {
        Some(c) if c != Comparator::Bytewise => Table::open(
            file.clone(),
            file_size,
            TableReadOptions { comparator: InternalKeyComparator::new(c), ..opts },
        )?,
        _ => table,
    };
    Ok(OpenedTable { file, file_size, table, name: path.to_string() })
}

/// Scans (and for `scan` prints) the table like SstFileDumper::ReadSequential;
/// returns how many entries it read.
fn read_sequential(t: &OpenedTable, a: &Args, print: bool, limit: u64, out: &mut Vec<u8>) -> Result<u64> {
    let ucmp = t.table.properties();
    let cmp = Comparator::from_name(&ucmp.comparator_name).unwrap_or(Comparator::Bytewise);
    let mut it = t.table.iter(false);
    match &a.from {
        Some(f) => it.seek(&key::seek_key(f, key::MAX_SEQUENCE_NUMBER)),
        None => it.seek_to_first(),
    }
    let mut n = 0u64;
    while it.valid() {
        n += 1;
        if limit > 0 && n > limit {
            break;
        }
        let k = it.key();
        if let Some(to) = &a.to {
            if cmp.compare(key::user_key(k), to).is_ge() {
                break;
            }
        }
        if print {
            // RocksDB prints both parts with printf's %s, which ends each at its first zero byte.
            out.extend(until_nul(&internal_key_text(k, a.output_hex)));
            out.extend_from_slice(b" => ");
            out.extend(until_nul(&slice_text(it.value(), a.output_hex)));
            out.push(b'\n');
        }
        it.next();
    }
    it.status()?;
    let props = t.table.properties();
    if limit == 0 && a.from.is_none() && a.to.is_none() && n != props.num_entries.saturating_sub(props.num_range_deletions) {
        return Err(Error::corruption(format!(
            "Table property expects {} entries when excluding range deletions, but scanning the table returned {} entries",
            props.num_entries.saturating_sub(props.num_range_deletions),
            n
        )));
    }
    Ok(n)
}

/// Reads every block of the table with checksum verification (`verify`).
fn verify_checksums(t: &OpenedTable) -> Result<()> {
    let footer = *t.table.footer();
    for (_, h) in index_entries(t)? {
        read_block(&*t.file, &footer, &h, true, true, &t.name)?;
    }
    let mut it = t.table.iter(false);
    it.seek_to_first();
    while it.valid() {
        it.next();
    }
    it.status()
}

/// The metaindex block's (name, handle) pairs.
fn meta_blocks(t: &OpenedTable) -> Result<Vec<(String, BlockHandle)>> {
    let footer = *t.table.footer();
    let meta = Arc::new(Block::new(read_block(&*t.file, &footer, &footer.metaindex_handle, true, true, &t.name)?));
    let mut it = meta.iter(KeyOrder::User(Comparator::Bytewise));
    it.seek_to_first();
    let mut v = Vec::new();
    while it.valid() {
        let mut h = it.value();
        v.push((String::from_utf8_lossy(it.key()).into_owned(), BlockHandle::decode_from(&mut h)?));
        it.next();
    }
    it.status()?;
    Ok(v)
}

/// The index block's (separator key, data block handle) pairs.
fn index_entries(t: &OpenedTable) -> Result<Vec<(Vec<u8>, BlockHandle)>> {
    let footer = *t.table.footer();
    let props = t.table.properties();
    let raw = read_block(&*t.file, &footer, &footer.index_handle, true, true, &t.name)?;
    let block = Arc::new(Block::new(raw));
    let cmp = Comparator::from_name(&props.comparator_name).unwrap_or(Comparator::Bytewise);
    let order = if props.index_key_is_user_key != 0 {
        KeyOrder::User(cmp)
    } else {
        KeyOrder::Internal(InternalKeyComparator::new(cmp.clone()))
    };
    let mut it = block.index_iter(order, props.index_value_is_delta_encoded != 0);
    it.seek_to_first();
    let mut v = Vec::new();
    while it.valid() {
        v.push((it.key().to_vec(), it.handle()?));
        it.next();
    }
    it.status()?;
    Ok(v)
}

fn handle_hex(h: &BlockHandle) -> String {
    let mut b = Vec::new();
    h.encode_to(&mut b);
    b.iter().map(|x| format!("{x:02X}")).collect()
}

/// RocksDB's TableProperties::ToString("\n  ", ": ") (7.8.3's field list) plus
/// the block the sst_dump prints after it.
fn properties_text(p: &TableProperties, unique_id: &str) -> String {
    let avg = |total: u64| if p.num_entries != 0 { total as f64 / p.num_entries as f64 } else { 0.0 };
    let na = |s: &str| if s.is_empty() { "N/A".to_string() } else { s.to_string() };
    let cf_id = if p.column_family_id == ferrock::table::properties::UNKNOWN_COLUMN_FAMILY_ID {
        "N/A".to_string()
    } else {
        p.column_family_id.to_string()
    };
    let lines: Vec<(String, String)> = vec![
        ("# data blocks".into(), p.num_data_blocks.to_string()),
        ("# entries".into(), p.num_entries.to_string()),
        ("# deletions".into(), p.num_deletions.to_string()),
        ("# merge operands".into(), p.num_merge_operands.to_string()),
        ("# range deletions".into(), p.num_range_deletions.to_string()),
        ("raw key size".into(), p.raw_key_size.to_string()),
        ("raw average key size".into(), format!("{:.6}", avg(p.raw_key_size))),
        ("raw value size".into(), p.raw_value_size.to_string()),
        ("raw average value size".into(), format!("{:.6}", avg(p.raw_value_size))),
        ("data block size".into(), p.data_size.to_string()),
        (
            format!(
                "index block size (user-key? {}, delta-value? {})",
                p.index_key_is_user_key, p.index_value_is_delta_encoded
            ),
            p.index_size.to_string(),
        ),
        ("filter block size".into(), p.filter_size.to_string()),
        ("# entries for filter".into(), p.num_filter_entries.to_string()),
        ("(estimated) table size".into(), (p.data_size + p.index_size + p.filter_size).to_string()),
        ("filter policy name".into(), na(&p.filter_policy_name)),
        ("prefix extractor name".into(), na(&p.prefix_extractor_name)),
        ("column family ID".into(), cf_id),
        ("column family name".into(), na(&p.column_family_name)),
        ("comparator name".into(), na(&p.comparator_name)),
        ("merge operator name".into(), na(&p.merge_operator_name)),
        ("property collectors names".into(), na(&p.property_collectors_names)),
        ("SST file compression algo".into(), na(&p.compression_name)),
        ("SST file compression options".into(), na(&p.compression_options)),
        ("creation time".into(), p.creation_time.to_string()),
        ("time stamp of earliest key".into(), p.oldest_key_time.to_string()),
        ("file creation time".into(), p.file_creation_time.to_string()),
        ("slow compression estimated data size".into(), user_u64(p, "rocksdb.sample_for_compression.slow_data_size")),
        ("fast compression estimated data size".into(), user_u64(p, "rocksdb.sample_for_compression.fast_data_size")),
        ("DB identity".into(), p.db_id.clone()),
        ("DB session identity".into(), p.db_session_id.clone()),
        ("DB host id".into(), p.db_host_id.clone()),
        ("original file number".into(), p.original_file_number.to_string()),
        ("unique ID".into(), unique_id.to_string()),
        ("Sequence number to time mapping".into(), String::new()),
    ];
    let mut s = String::new();
    for (k, v) in lines {
        s.push_str(&format!("{k}: {v}\n  "));
    }
    s
}

fn user_u64(p: &TableProperties, name: &str) -> String {
    match p.user_collected.get(name) {
        Some(v) => {
            let mut s: &[u8] = v;
            ferrock::util::coding::get_varint64(&mut s).map(|x| x.to_string()).unwrap_or_else(|| "0".into())
        }
        None => "0".into(),
    }
}

/// The raw user collected properties as sst_dump lists them; ferrock keeps the
/// block-based table's own ones as typed fields, so they are re-encoded here.
fn raw_user_properties(p: &TableProperties) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = p.user_collected.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    v.push(("rocksdb.block.based.table.index.type".into(), p.index_type.to_le_bytes().to_vec()));
    v.push(("rocksdb.block.based.table.prefix.filtering".into(), vec![if p.prefix_filtering { b'1' } else { b'0' }]));
    v.push((
        "rocksdb.block.based.table.whole.key.filtering".into(),
        vec![if p.whole_key_filtering { b'1' } else { b'0' }],
    ));
    if !v.iter().any(|(k, _)| k == "rocksdb.deleted.keys") {
        v.push(("rocksdb.deleted.keys".into(), varint(p.num_deletions)));
    }
    if !v.iter().any(|(k, _)| k == "rocksdb.merge.operands") {
        v.push(("rocksdb.merge.operands".into(), varint(p.num_merge_operands)));
    }
    v.retain(|(k, _)| !k.starts_with("rocksdb.sample_for_compression"));
    v.sort();
    v.dedup_by(|a, b| a.0 == b.0);
    v
}

fn varint(x: u64) -> Vec<u8> {
    let mut b = Vec::new();
    ferrock::util::coding::put_varint64(&mut b, x);
    b
}

/// The first 128 bytes of XXH3's default secret (a published constant of the
/// algorithm), all that XXH3-128 reads for inputs of up to 128 bytes.
const XXH3_SECRET_128: [u8; 128] = [
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
];

fn le64(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

fn mul128_fold64(a: u64, b: u64) -> u64 {
    let p = (a as u128) * (b as u128);
    (p as u64) ^ ((p >> 64) as u64)
}

fn xxh3_avalanche(mut h: u64) -> u64 {
    h ^= h >> 37;
    h = h.wrapping_mul(0x1656_6791_9E37_79F9);
    h ^ (h >> 32)
}

/// XXH3-128 with a seed for inputs of 17..=128 bytes (a database id is a
/// 36-byte UUID); None for other lengths.
fn xxh3_128_seeded(input: &[u8], seed: u64) -> Option<(u64, u64)> {
    const P64_1: u64 = 0x9E37_79B1_85EB_CA87;
    const P64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
    const P64_4: u64 = 0x85EB_CA77_C2B2_AE63;
    let len = input.len();
    if !(17..=128).contains(&len) {
        return None;
    }
    let sec = &XXH3_SECRET_128;
    let mix16 = |at: usize, s: usize| {
        mul128_fold64(
            le64(input, at) ^ le64(sec, s).wrapping_add(seed),
            le64(input, at + 8) ^ le64(sec, s + 8).wrapping_sub(seed),
        )
    };
    let (mut lo, mut hi) = ((len as u64).wrapping_mul(P64_1), 0u64);
    let mut mix32 = |a: usize, b: usize, s: usize| {
        lo = lo.wrapping_add(mix16(a, s));
        lo ^= le64(input, b).wrapping_add(le64(input, b + 8));
        hi = hi.wrapping_add(mix16(b, s + 16));
        hi ^= le64(input, a).wrapping_add(le64(input, a + 8));
    };
    if len > 32 {
        if len > 64 {
            if len > 96 {
                mix32(48, len - 64, 96);
            }
            mix32(32, len - 48, 64);
        }
        mix32(16, len - 32, 32);
    }
    mix32(0, len - 16, 0);
    let low = lo.wrapping_add(hi);
    let high = lo
        .wrapping_mul(P64_1)
        .wrapping_add(hi.wrapping_mul(P64_4))
        .wrapping_add((len as u64).wrapping_sub(seed).wrapping_mul(P64_2));
    Some((0u64.wrapping_sub(xxh3_avalanche(high)), xxh3_avalanche(low)))
}

/// RocksDB's BijectiveHash2x64 with seed 0 (XXH3's 9-to-16-byte mixing of two words).
fn bijective_hash_2x64(in_high: u64, in_low: u64) -> (u64, u64) {
    let bitflipl: u64 = 0x5997_3f00_3336_2349;
    let bitfliph: u64 = 0xc202_7976_92d6_3d58;
    let t = ((in_low ^ in_high ^ bitflipl) as u128) * 0x9E37_79B1_85EB_CA87u128;
    let mut lo = (t as u64).wrapping_add(0x03c0_0000_0000_0000);
    let mut hi = (t >> 64) as u64;
    let h = in_high ^ bitfliph;
    hi = hi.wrapping_add(h).wrapping_add((h & 0xffff_ffff).wrapping_mul(0x85EB_CA76));
    lo ^= hi.swap_bytes();
    let t = (lo as u128) * 0xC2B2_AE3D_27D4_EB4Fu128;
    lo = t as u64;
    hi = ((t >> 64) as u64).wrapping_add(hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
    (xxh3_avalanche(hi), xxh3_avalanche(lo))
}

/// RocksDB's DecodeSessionId: 13..=24 base-36 digits to (upper, lower).
fn decode_session_id(id: &str) -> Option<(u64, u64)> {
    let len = id.len();
    if !(13..=24).contains(&len) {
        return None;
    }
    let parse = |s: &str| -> Option<u64> {
        s.chars().try_fold(0u64, |v, c| Some(v.wrapping_mul(36).wrapping_add(c.to_digit(36)? as u64)))
    };
    let a = parse(id.get(..len - 12)?)?;
    let b = parse(id.get(len - 12..)?)?;
    Some((a >> 2, (b & (u64::MAX >> 2)) | (a << 62)))
}

/// The table's unique ID in RocksDB's human form (table_properties "unique ID"):
/// the internal id from the db id, session id and file number, made external
/// and printed as hex in 16-digit groups; "N/A" when the table lacks the inputs.
fn unique_id_text(p: &TableProperties) -> String {
    let compute = || -> Option<String> {
        if p.db_id.is_empty() || p.original_file_number == 0 {
            return None;
        }
        let (session_upper, session_lower) = decode_session_id(&p.db_session_id)?;
        let (db_a, _db_b) = xxh3_128_seeded(p.db_id.as_bytes(), session_upper)?;
        let internal = [session_lower, db_a ^ p.original_file_number];
        const HI_OFFSET_FOR_ZERO: u64 = 17391078804906429400;
        const LO_OFFSET_FOR_ZERO: u64 = 6417269962128484497;
        let (hi, lo) = bijective_hash_2x64(
            internal[1].wrapping_add(HI_OFFSET_FOR_ZERO),
            internal[0].wrapping_add(LO_OFFSET_FOR_ZERO),
        );
        let mut bytes = lo.to_le_bytes().to_vec();
        bytes.extend_from_slice(&hi.to_le_bytes());
        let hex = hex_string(&bytes);
        Some(format!("{}-{}", &hex[..16], &hex[16..]))
    };
    compute().unwrap_or_else(|| "N/A".to_string())
}

fn show_properties(t: &OpenedTable, out: &mut Vec<u8>) {
    let p = t.table.properties();
    out.extend(format!("Table Properties:\n------------------------------\n  {}", properties_text(p, &unique_id_text(p))).into_bytes());
    out.extend_from_slice(b"Raw user collected properties\n------------------------------\n");
    for (k, v) in raw_user_properties(p) {
        out.extend(format!("  # {}: 0x{}\n", k, String::from_utf8_lossy(&slice_text(&v, true))).into_bytes());
    }
}

/// `--command=raw`: writes `<table>_dump.txt` in the layout of RocksDB's
/// BlockBasedTable::DumpTable.
fn raw_dump(t: &OpenedTable, out_path: &Path) -> Result<()> {
    let footer = *t.table.footer();
    let p = t.table.properties();
    let mut s = String::new();
    let magic = if footer.format_version == 0 { LEGACY_BLOCK_BASED_TABLE_MAGIC } else { BLOCK_BASED_TABLE_MAGIC };
    s.push_str("Footer Details:\n--------------------------------------\n");
    s.push_str(&format!("  metaindex handle: {}\n", handle_hex(&footer.metaindex_handle)));
    s.push_str(&format!("  index handle: {}\n", handle_hex(&footer.index_handle)));
    s.push_str(&format!("  table_magic_number: {magic}\n"));
    s.push_str(&format!("  format version: {}\n  \n", footer.format_version));
    s.push_str("Metaindex Details:\n--------------------------------------\n");
    let meta = Arc::new(Block::new(read_block(&*t.file, &footer, &footer.metaindex_handle, true, true, &t.name)?));
    let mut mi = meta.iter(KeyOrder::User(Comparator::Bytewise));
    mi.seek_to_first();
    while mi.valid() {
        let mut v = mi.value();
        let h = BlockHandle::decode_from(&mut v)?;
        let label = match mi.key() {
            b"rocksdb.properties" => "Properties block handle".to_string(),
            b"rocksdb.range_del" => "Range deletion block handle".to_string(),
            k if k.starts_with(b"fullfilter.") || k.starts_with(b"filter.") => "Filter block handle".to_string(),
            k => format!("{} block handle", String::from_utf8_lossy(k)),
        };
        s.push_str(&format!("  {label}: {}\n", handle_hex(&h)));
        mi.next();
    }
    mi.status()?;
    s.push_str("\nTable Properties:\n--------------------------------------\n  ");
    s.push_str(&properties_text(p, &unique_id_text(p)));
    s.push_str("\nIndex Details:\n--------------------------------------\n");
    s.push_str("  Block key hex dump: Data block handle\n  Block key ascii\n\n");
    let mut b = s.into_bytes();
    let index = index_entries(t)?;
    for (k, h) in &index {
        let user = if p.index_key_is_user_key != 0 { &k[..] } else { key::user_key(k) };
        b.extend(format!("  HEX    {}: {}\n  ASCII  ", hex_string(user), handle_hex(h)).into_bytes());
        b.extend(ascii_spaced(user, false));
        b.extend_from_slice(b"\n  ------\n");
    }
    b.push(b'\n');
    let cmp = Comparator::from_name(&p.comparator_name).unwrap_or(Comparator::Bytewise);
    let (mut min, mut max, mut total) = (u64::MAX, 0u64, 0u64);
    for (i, (_, h)) in index.iter().enumerate() {
        min = min.min(h.size);
        max = max.max(h.size);
        total += h.size;
        b.extend(format!("Data Block # {} @ {}\n--------------------------------------\n", i + 1, handle_hex(h)).into_bytes());
        let block = Arc::new(Block::new(read_block(&*t.file, &footer, h, true, true, &t.name)?));
        let mut it = block.iter(KeyOrder::Internal(InternalKeyComparator::new(cmp.clone())));
        it.seek_to_first();
        while it.valid() {
            let uk = key::user_key(it.key());
            let v = it.value();
            b.extend(format!("  HEX    {}: {}\n  ASCII  ", hex_string(uk), hex_string(v)).into_bytes());
            b.extend(ascii_spaced(uk, true));
            b.extend_from_slice(b": ");
            b.extend(ascii_spaced(v, true));
            b.extend_from_slice(b"\n  ------\n");
            it.next();
        }
        it.status()?;
        b.push(b'\n');
    }
    if !index.is_empty() {
        b.extend_from_slice(b"Data Block Summary:\n--------------------------------------\n");
        b.extend(format!("  # data blocks: {}\n", index.len()).into_bytes());
        b.extend(format!("  min data block size: {min}\n  max data block size: {max}\n").into_bytes());
        b.extend(format!("  avg data block size: {:.6}\n", total as f64 / index.len() as f64).into_bytes());
    }
    std::fs::write(out_path, b).map_err(|e| Error::io(format!("{}: {}", out_path.display(), e)))
}

/// RocksDB's dump of bytes as characters each followed by a space; data
/// blocks show a zero byte as `\0`.
fn ascii_spaced(b: &[u8], escape_nul: bool) -> Vec<u8> {
    let mut out = Vec::new();
    for &c in b {
        if c == 0 && escape_nul {
            out.extend_from_slice(b"\\0");
        } else {
            out.push(c);
        }
        out.push(b' ');
    }
    out
}

fn hex_string(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}

/// An in-memory file: recompress builds and reads its tables without touching disk.
#[derive(Clone, Default)]
struct MemFile(Arc<Mutex<Vec<u8>>>);

impl WritableFile for MemFile {
    fn append(&mut self, data: &[u8]) -> Result<()> {
        self.0.lock().map_err(|_| Error::io("poisoned"))?.extend_from_slice(data);
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
        self.0.lock().map(|v| v.len() as u64).unwrap_or(0)
    }
}

impl RandomAccessFile for MemFile {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> Result<usize> {
        let v = self.0.lock().map_err(|_| Error::io("poisoned"))?;
        let start = (offset as usize).min(v.len());
        let n = buf.len().min(v.len() - start);
        buf[..n].copy_from_slice(&v[start..start + n]);
        Ok(n)
    }
    fn size(&self) -> Result<u64> {
        Ok(self.0.lock().map(|v| v.len() as u64).unwrap_or(0))
    }
}

/// Per-level figures of one recompression.
struct Recompressed {
    data_size: u64,
    uncompressed_data_size: u64,
    write_usec: u128,
    read_usec: u128,
    compressed_blocks: u64,
    rejected_blocks: u64,
    num_data_blocks: u64,
}

fn recompress_once(t: &OpenedTable, codec: CompressionType, level: i32, block_size: usize) -> Result<Recompressed> {
    let p = t.table.properties();
    let cmp = Comparator::from_name(&p.comparator_name).unwrap_or(Comparator::Bytewise);
    let mem = MemFile::default();
    let opts = TableBuildOptions {
        comparator: InternalKeyComparator::new(cmp.clone()),
        block_size,
        compression: codec,
        compression_level: level,
        column_family_name: String::new(),
        ..Default::default()
    };
    let start = Instant::now();
    let mut builder = TableBuilder::new(opts, Box::new(mem.clone()));
    let mut it = t.table.iter(false);
    it.seek_to_first();
    while it.valid() {
        builder.add(it.key(), it.value())?;
        it.next();
    }
    it.status()?;
    let (props, _) = builder.finish()?;
    let write_usec = start.elapsed().as_micros();
    let size = mem.0.lock().map(|v| v.len() as u64).unwrap_or(0);
    let start = Instant::now();
    let reread = Table::open(Arc::new(mem.clone()), size, TableReadOptions::default())?;
    let mut it = reread.iter(false);
    it.seek_to_first();
    while it.valid() {
        it.next();
    }
    it.status()?;
    let read_usec = start.elapsed().as_micros();
    // Block types and uncompressed sizes come from the new table's data blocks.
    let opened = OpenedTable { file: Arc::new(mem.clone()), file_size: size, table: reread, name: "recompress".into() };
    let footer = *opened.table.footer();
    let (mut compressed, mut uncompressed) = (0u64, 0u64);
    for (_, h) in index_entries(&opened)? {
        let mut trailer = [0u8; BLOCK_TRAILER_SIZE];
        read_exact_at(&*opened.file, h.offset + h.size, &mut trailer, "recompress")?;
        if trailer[0] != 0 {
            compressed += 1;
        }
        uncompressed += read_block(&*opened.file, &footer, &h, false, true, "recompress")?.len() as u64;
    }
    let rejected = if codec == CompressionType::None { 0 } else { props.num_data_blocks.saturating_sub(compressed) };
    Ok(Recompressed {
        data_size: props.data_size,
        uncompressed_data_size: uncompressed,
        write_usec,
        read_usec,
        compressed_blocks: compressed,
        rejected_blocks: rejected,
        num_data_blocks: props.num_data_blocks,
    })
}

/// `--command=recompress`: RocksDB 11's SstFileDumper::ShowAllCompressionSizes output.
fn recompress(t: &OpenedTable, a: &Args, out: &mut Vec<u8>) -> Result<()> {
    let types = if a.compression_types.is_empty() {
        vec![CompressionType::None, CompressionType::Lz4, CompressionType::Lz4hc]
    } else {
        a.compression_types.clone()
    };
    let from = a.level_from.unwrap_or(DEFAULT_COMPRESSION_LEVEL);
    let to = a.level_to.unwrap_or(DEFAULT_COMPRESSION_LEVEL);
    for c in types {
        if !c.supported_for_writing() {
            out.extend(format!("Unsupported compression type: {}.\n", compression_option_name(c)).into_bytes());
            continue;
        }
        out.extend(
            format!("Compression: {:<24} Block Size: {}  Threads: 1\n", compression_option_name(c), a.block_size).into_bytes(),
        );
        for level in from..=to {
            let r = recompress_once(t, c, level, a.block_size)?;
            let pct = |n: u64| if r.num_data_blocks == 0 { 0.0 } else { n as f64 * 100.0 / r.num_data_blocks as f64 };
            let ratio_not = r.num_data_blocks.saturating_sub(r.compressed_blocks + r.rejected_blocks);
            let ratio = if r.data_size == 0 { 0.0 } else { r.uncompressed_data_size as f64 / r.data_size as f64 };
            out.extend(
                format!(
                    "Cx level: {} Cx size: {:>10} Uncx size: {:>10} Ratio: {:>10} Write usec: {:>10}  Read usec: {:>10}  Cx count: {:>6} ({:>5.1}%) Not cx for ratio: {:>6} ({:>5.1}%) Not cx otherwise: {:>6} ({:>5.1}%)\n",
                    level,
                    r.data_size,
                    r.uncompressed_data_size,
                    format!("{ratio:.6}"),
                    r.write_usec,
                    r.read_usec,
                    r.compressed_blocks,
                    pct(r.compressed_blocks),
                    ratio_not,
                    pct(ratio_not),
                    r.rejected_blocks,
                    pct(r.rejected_blocks),
                )
                .into_bytes(),
            );
        }
    }
    Ok(())
}

fn list_files(arg: &str) -> Vec<String> {
    let p = PathBuf::from(arg);
    if p.is_dir() {
        let mut v: Vec<String> = std::fs::read_dir(&p)
            .map(|rd| rd.filter_map(|e| e.ok()).map(|e| format!("{}/{}", arg, e.file_name().to_string_lossy())).collect())
            .unwrap_or_default();
        v.sort();
        v
    } else {
        vec![arg.to_string()]
    }
}

fn main() {
    let a = parse_args();
    let stdout = std::io::stdout();
    let mut so = stdout.lock();
    let env_marker = 0u8;
    let _ = writeln!(so, "options.env is {:p}", &env_marker);
    let mut filenames = Vec::new();
    for f in &a.files {
        if !Path::new(f).exists() {
            eprintln!("NotFound: {f}: No such file or directory");
            std::process::exit(1);
        }
        filenames.extend(list_files(f));
    }
    let verify = a.verify_checksum || a.command == "verify";
    let mut valid = 0usize;
    let mut total_read = 0u64;
    // --show_summary: files, data blocks, data, index and filter bytes.
    let mut summary = [0u64; 5];
    for name in filenames.iter().filter(|n| n.len() > 4 && n.ends_with(".sst")) {
        let _ = writeln!(so, "Process {name}");
        let t = match open_table(name, verify) {
            Ok(t) => t,
            Err(e) => {
                let _ = so.flush();
                eprintln!("{name}: {e}");
                continue;
            }
        };
        let _ = writeln!(so, "Sst file format: block-based");
        valid += 1;
        let cmd = a.command.as_str();
        if valid == 1 && matches!(cmd, "" | "check" | "scan") {
            let f = a.from.as_deref().unwrap_or(b"");
            let to = a.to.as_deref().unwrap_or(b"");
            let _ = writeln!(
                so,
                "from [{}] to [{}]",
                String::from_utf8_lossy(&slice_text(f, true)),
                String::from_utf8_lossy(&slice_text(to, true))
            );
        }
        let mut out = Vec::new();
        match cmd {
            "recompress" => {
                let r = recompress(&t, &a, &mut out);
                let _ = so.write_all(&out);
                if let Err(e) = r {
                    let _ = so.flush();
                    eprintln!("Failed to recompress: {e}");
                    std::process::exit(1);
                }
                continue;
            }
            "raw" => {
                let out_path = format!("{}_dump.txt", &name[..name.len() - 4]);
                if let Err(e) = raw_dump(&t, Path::new(&out_path)) {
                    let _ = so.flush();
                    eprintln!("{name}: {e}");
                    std::process::exit(1);
                }
                let _ = writeln!(so, "raw dump written to file {out_path}");
                continue;
            }
            "" | "scan" | "check" => {
                let limit = if a.read_num > 0 { a.read_num - total_read } else { 0 };
                let r = read_sequential(&t, &a, cmd == "scan", limit, &mut out);
                let _ = so.write_all(&out);
                match r {
                    Ok(n) => total_read += n.min(if limit > 0 { limit + 1 } else { n }),
                    Err(e) => {
                        let _ = so.flush();
                        eprintln!("{name}: {e}");
                    }
                }
                if a.read_num > 0 && total_read > a.read_num {
                    break;
                }
            }
            "verify" => {
                match verify_checksums(&t) {
                    Ok(()) => {
                        let _ = writeln!(so, "The file is ok");
                    }
                    Err(e) => {
                        let _ = so.flush();
                        eprintln!("{name} is corrupted: {e}");
                    }
                }
                continue;
            }
            _ => {}
        }
        if a.show_properties {
            let mut out = Vec::new();
            show_properties(&t, &mut out);
            let _ = so.write_all(&out);
        }
        if a.show_summary {
            let p = t.table.properties();
            summary[0] += 1;
            summary[1] += p.num_data_blocks;
            summary[2] += p.data_size;
            summary[3] += p.index_size;
            summary[4] += p.filter_size;
        }
        if a.list_meta_blocks {
            match meta_blocks(&t) {
                Ok(list) => {
                    let _ = writeln!(so, "Meta Blocks:\n------------------------------");
                    for (name, h) in list {
                        let _ = writeln!(so, "  {}: {} {}", name, h.offset, h.size);
                    }
                }
                Err(_) => {
                    let _ = so.flush();
                    eprintln!("Could not read the meta index block");
                }
            }
        }
        let _ = t.file_size;
    }
    if a.show_summary {
        let _ = writeln!(so, "total number of files: {}", summary[0]);
        let _ = writeln!(so, "total number of data blocks: {}", summary[1]);
        let _ = writeln!(so, "total data block size: {}", summary[2]);
        let _ = writeln!(so, "total index block size: {}", summary[3]);
        let _ = writeln!(so, "total filter block size: {}", summary[4]);
    }
    let _ = so.flush();
    if valid == 0 {
        for f in &a.files {
            if Path::new(f).is_dir() {
                println!("------------------------------");
                eprintln!("No valid SST files found in {f}");
            } else {
                eprintln!("{f} is not a valid SST file");
            }
        }
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unique_id_matches_rocksdb_for_a_table_it_wrote() {
        // From a table RocksDB 7.8.3 wrote (sst_dump --show_properties printed this ID).
        let p = TableProperties {
            db_id: "ea931d5f-b518-4e3f-ad2b-3a7a8c412b8e".into(),
            db_session_id: "GYR3DT90MRFJ63KET19Y".into(),
            original_file_number: 13,
            ..Default::default()
        };
        assert_eq!(unique_id_text(&p), "2926B4BCFB145035-E4740B2904153AFB");
        let missing = TableProperties { db_id: String::new(), ..p };
        assert_eq!(unique_id_text(&missing), "N/A");
    }

    #[test]
    fn session_ids_decode_as_base36_halves() {
        // "0000000000000000000A": a = 0 (8 digits), b = 10 (12 digits).
        assert_eq!(decode_session_id("0000000000000000000A"), Some((0, 10)));
        assert_eq!(decode_session_id("short"), None);
        assert_eq!(decode_session_id("GYR3DT90MRFJ63KET1!Y"), None);
    }

    #[test]
    fn scan_lines_and_hex_follow_rocksdb() {
        let k = key::make_internal_key(b"ab", 7, key::ValueType::Value);
        assert_eq!(internal_key_text(&k, false), b"'ab' seq:7, type:1".to_vec());
        assert_eq!(internal_key_text(&k, true), b"'6162' seq:7, type:1".to_vec());
        assert_eq!(until_nul(b"a\0b"), b"a");
        assert_eq!(hex_to_bytes("0x0aFF"), Some(vec![0x0a, 0xff]));
        assert_eq!(hex_to_bytes("0aFF"), None);
        assert_eq!(ascii_spaced(b"a\0", true), b"a \\0 ".to_vec());
        assert_eq!(ascii_spaced(b"a\0", false), b"a \0 ".to_vec());
    }
}
