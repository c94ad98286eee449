//! Option values as text: how each kind of option is written in an OPTIONS file and parsed
//! from a string (an OPTIONS file line, `rocksdb_get_options_from_string`, SetOptions), with
//! RocksDB 11.8.1's rules and error texts (`util/string_util.cc` ParseInt / ParseUint64 /
//! ParseDouble / ParseBoolean, `options/options_helper.cc` OptionTypeInfo::Parse).
//!
//! RocksDB parses numbers with `std::stoi` / `std::stoull` / `std::stod`: leading blanks and
//! a sign are accepted, parsing stops at the first character that is not a digit, and one
//! trailing `k`/`m`/`g`/`t` multiplies by 2^10/2^20/2^30/2^40. A value with no digits fails
//! with the C++ exception's text: "Error parsing `<name>`:stoull". An enum value that is not
//! one of its names fails with "Error parsing:: `<name>`".

use super::{CompressionType, WalRecoveryMode, DEFAULT_COMPRESSION_LEVEL};
use crate::error::{Error, Result};

/// How values of one kind are written and parsed. `T` is the Rust field type; a codec is a
/// zero-sized type named in the catalog.
pub trait Codec<T> {
    /// The text RocksDB writes for the value in an OPTIONS file.
    fn write(v: &T) -> String;
    /// The value of `s` for the option `name`, or RocksDB's error.
    fn parse(name: &str, s: &str) -> Result<T>;
}

/// A failed C++ conversion: `Error parsing <name>:<what()>`.
fn conversion_error(name: &str, what: &str) -> Error {
    Error::invalid_argument(format!("Error parsing {name}:{what}"))
}

/// An enum value that names nothing (`Status::InvalidArgument("Error parsing:", name)`).
fn enum_error(name: &str) -> Error {
    Error::invalid_argument(format!("Error parsing:: {name}"))
}

/// What `strtoull`/`strtoll` read: the magnitude (None on overflow), the sign and where the
/// digits end. Err when there are no digits.
fn scan_integer(s: &str) -> std::result::Result<(Option<u64>, bool, usize), ()> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && (b[i] == b' ' || (b'\t'..=b'\r').contains(&b[i])) {
        i += 1;
    }
    let mut negative = false;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        negative = b[i] == b'-';
        i += 1;
    }
    let start = i;
    let mut v: Option<u64> = Some(0);
    while i < b.len() && b[i].is_ascii_digit() {
        v = v.and_then(|x| x.checked_mul(10)).and_then(|x| x.checked_add(u64::from(b[i] - b'0')));
        i += 1;
    }
    if i == start {
        return Err(());
    }
    Ok((v, negative, i))
}

/// The shift of a size suffix at `end` (`k` 10, `m` 20, `g` 30, `t` 40 where allowed).
fn suffix_shift(s: &str, end: usize, tera: bool) -> u32 {
    match s.as_bytes().get(end) {
        Some(b'k' | b'K') => 10,
        Some(b'm' | b'M') => 20,
        Some(b'g' | b'G') => 30,
        Some(b't' | b'T') if tera => 40,
        _ => 0,
    }
}

/// RocksDB's ParseUint64 (`std::stoull`, then the suffix). A negative number wraps, as
/// strtoull does.
pub fn parse_uint64(name: &str, s: &str) -> Result<u64> {
    let (v, negative, end) = scan_integer(s).map_err(|_| conversion_error(name, "stoull"))?;
    let v = v.ok_or_else(|| conversion_error(name, "stoull"))?;
    let v = if negative { v.wrapping_neg() } else { v };
    Ok(v.wrapping_shl(suffix_shift(s, end, true)))
}

/// RocksDB's ParseInt64 (`std::stoll`, then the suffix).
pub fn parse_int64(name: &str, s: &str) -> Result<i64> {
    let (v, negative, end) = scan_integer(s).map_err(|_| conversion_error(name, "stoll"))?;
    let v = v.ok_or_else(|| conversion_error(name, "stoll"))?;
    let v = match (negative, v) {
        (true, m) if m <= i64::MAX as u64 + 1 => (m as i64).wrapping_neg(),
        (false, m) if m <= i64::MAX as u64 => m as i64,
        _ => return Err(conversion_error(name, "stoll")),
    };
    Ok(v.wrapping_shl(suffix_shift(s, end, true)))
}

/// RocksDB's ParseInt (`std::stoi`: out of int's range fails too; suffixes up to `g`).
pub fn parse_int(name: &str, s: &str) -> Result<i32> {
    let (v, negative, end) = scan_integer(s).map_err(|_| conversion_error(name, "stoi"))?;
    let v = v.ok_or_else(|| conversion_error(name, "stoi"))?;
    let v = if negative { -(v.min(1 << 40) as i64) } else { v.min(1 << 40) as i64 };
    let v = i32::try_from(v).map_err(|_| conversion_error(name, "stoi"))?;
    Ok(v.wrapping_shl(suffix_shift(s, end, false)))
}

/// RocksDB's ParseUint32: ParseUint64, and a value above 32 bits fails with the text itself
/// as the exception's message (`std::out_of_range(value)`).
pub fn parse_uint32(name: &str, s: &str) -> Result<u32> {
    let v = parse_uint64(name, s)?;
    u32::try_from(v).map_err(|_| conversion_error(name, s))
}

/// RocksDB's ParseDouble (`std::stod`: the longest prefix that is a number).
pub fn parse_double(name: &str, s: &str) -> Result<f64> {
    let t = s.trim_start_matches(|c: char| c == ' ' || ('\t'..='\r').contains(&c));
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let lower = t[i..].to_ascii_lowercase();
    for word in ["infinity", "inf", "nan"] {
        if lower.starts_with(word) {
            return t[..i + word.len()].parse::<f64>().map_err(|_| conversion_error(name, "stod"));
        }
    }
    let digits = |i: &mut usize| {
        let from = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - from
    };
    let mut n = digits(&mut i);
    if i < b.len() && b[i] == b'.' {
        i += 1;
        n += digits(&mut i);
    }
    if n == 0 {
        return Err(conversion_error(name, "stod"));
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if digits(&mut j) > 0 {
            i = j;
        }
    }
    let v: f64 = t[..i].parse().map_err(|_| conversion_error(name, "stod"))?;
    if v.is_infinite() {
        return Err(conversion_error(name, "stod")); // ERANGE: std::out_of_range("stod")
    }
    Ok(v)
}

/// RocksDB's ParseBoolean: exactly `true`/`1` or `false`/`0` (the exception has no text).
pub fn parse_bool(name: &str, s: &str) -> Result<bool> {
    match s {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(conversion_error(name, "")),
    }
}

/// Numbers and booleans with RocksDB's plain spelling (`std::to_string`; doubles with six
/// decimals).
pub struct Num;

impl Codec<bool> for Num {
    fn write(v: &bool) -> String {
        v.to_string()
    }
    fn parse(name: &str, s: &str) -> Result<bool> {
        parse_bool(name, s)
    }
}

impl Codec<i32> for Num {
    fn write(v: &i32) -> String {
        v.to_string()
    }
    fn parse(name: &str, s: &str) -> Result<i32> {
        parse_int(name, s)
    }
}

impl Codec<u32> for Num {
    fn write(v: &u32) -> String {
        v.to_string()
    }
    fn parse(name: &str, s: &str) -> Result<u32> {
        parse_uint32(name, s)
    }
}

impl Codec<u64> for Num {
    fn write(v: &u64) -> String {
        v.to_string()
    }
    fn parse(name: &str, s: &str) -> Result<u64> {
        parse_uint64(name, s)
    }
}

impl Codec<usize> for Num {
    fn write(v: &usize) -> String {
        v.to_string()
    }
    fn parse(name: &str, s: &str) -> Result<usize> {
        Ok(parse_uint64(name, s)? as usize)
    }
}

impl Codec<f64> for Num {
    fn write(v: &f64) -> String {
        format!("{v:.6}")
    }
    fn parse(name: &str, s: &str) -> Result<f64> {
        parse_double(name, s)
    }
}

/// Text stored as given.
pub struct Text;

impl Codec<String> for Text {
    fn write(v: &String) -> String {
        v.clone()
    }
    fn parse(_: &str, s: &str) -> Result<String> {
        Ok(s.to_string())
    }
}

/// `1:1:1` (RocksDB's SerializeIntVector / ParseVectorInt).
pub struct IntList;

impl Codec<Vec<i32>> for IntList {
    fn write(v: &Vec<i32>) -> String {
        v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(":")
    }
    fn parse(name: &str, s: &str) -> Result<Vec<i32>> {
        if s.is_empty() {
            return Ok(Vec::new());
        }
        s.split(':').map(|x| parse_int(name, x)).collect()
    }
}

const COMPRESSION_NAMES: &[(CompressionType, &str)] = &[
    (CompressionType::None, "kNoCompression"),
    (CompressionType::Snappy, "kSnappyCompression"),
    (CompressionType::Zlib, "kZlibCompression"),
    (CompressionType::BZip2, "kBZip2Compression"),
    (CompressionType::Lz4, "kLZ4Compression"),
    (CompressionType::Lz4hc, "kLZ4HCCompression"),
    (CompressionType::Xpress, "kXpressCompression"),
    (CompressionType::Zstd, "kZSTD"),
];

fn compression_by_name(s: &str) -> Option<CompressionType> {
    if s == "kZSTDNotFinalCompression" {
        return Some(CompressionType::Zstd);
    }
    COMPRESSION_NAMES.iter().find(|(_, n)| *n == s).map(|(c, _)| *c)
}

/// RocksDB's name of a compression type in option strings (`kLZ4Compression`, ...).
pub fn compression_name(c: CompressionType) -> &'static str {
    COMPRESSION_NAMES.iter().find(|(t, _)| *t == c).map(|(_, n)| *n).unwrap_or("kNoCompression")
}

/// `compression`: a CompressionType name.
pub struct Compression;

impl Codec<CompressionType> for Compression {
    fn write(v: &CompressionType) -> String {
        compression_name(*v).to_string()
    }
    fn parse(name: &str, s: &str) -> Result<CompressionType> {
        compression_by_name(s).ok_or_else(|| enum_error(name))
    }
}

/// `bottommost_compression`: a CompressionType name, or `kDisableCompressionOption` (None:
/// use `compression`).
pub struct BottommostCompression;

impl Codec<Option<CompressionType>> for BottommostCompression {
    fn write(v: &Option<CompressionType>) -> String {
        v.map_or("kDisableCompressionOption", compression_name).to_string()
    }
    fn parse(name: &str, s: &str) -> Result<Option<CompressionType>> {
        if s == "kDisableCompressionOption" {
            return Ok(None);
        }
        compression_by_name(s).map(Some).ok_or_else(|| enum_error(name))
    }
}

/// `compression_opts`: RocksDB's CompressionOptions struct; ferrock models its level (the
/// other fields are written with RocksDB's defaults and read past).
pub struct CompressionOpts;

impl Codec<i32> for CompressionOpts {
    fn write(level: &i32) -> String {
        let level = if *level == i32::MIN { DEFAULT_COMPRESSION_LEVEL } else { *level };
        format!(
            "{{max_dict_buffer_bytes=0;enabled=false;max_dict_bytes=0;parallel_threads=1;zstd_max_train_bytes=0;level={level};use_zstd_dict_trainer=true;strategy=0;window_bits=-14;}}"
        )
    }
    fn parse(name: &str, s: &str) -> Result<i32> {
        let inner = s.strip_prefix('{').and_then(|x| x.strip_suffix('}')).unwrap_or(s);
        if !inner.contains('=') {
            // The old colon form: window_bits:level:strategy:max_dict_bytes...
            let parts: Vec<&str> = inner.split(':').collect();
            if parts.len() < 3 {
                return Err(Error::invalid_argument(format!("unable to parse the specified CF option {name}")));
            }
            return parse_int(name, parts[1]);
        }
        let mut level = DEFAULT_COMPRESSION_LEVEL;
        for kv in inner.split(';') {
            if let Some(v) = kv.trim().strip_prefix("level=") {
                level = parse_int(name, v)?;
            }
        }
        Ok(level)
    }
}

/// `wal_recovery_mode`: a WALRecoveryMode name.
pub struct RecoveryMode;

const RECOVERY_NAMES: &[(WalRecoveryMode, &str)] = &[
    (WalRecoveryMode::TolerateCorruptedTailRecords, "kTolerateCorruptedTailRecords"),
    (WalRecoveryMode::AbsoluteConsistency, "kAbsoluteConsistency"),
    (WalRecoveryMode::PointInTime, "kPointInTimeRecovery"),
    (WalRecoveryMode::SkipAnyCorruptedRecords, "kSkipAnyCorruptedRecords"),
];

impl Codec<WalRecoveryMode> for RecoveryMode {
    fn write(v: &WalRecoveryMode) -> String {
        RECOVERY_NAMES.iter().find(|(m, _)| m == v).map(|(_, n)| *n).unwrap_or("kPointInTimeRecovery").to_string()
    }
    fn parse(name: &str, s: &str) -> Result<WalRecoveryMode> {
        RECOVERY_NAMES.iter().find(|(_, n)| *n == s).map(|(m, _)| *m).ok_or_else(|| enum_error(name))
    }
}

/// `info_log_level`: an InfoLogLevel name for the level number.
pub struct LogLevel;

const LOG_LEVEL_NAMES: &[&str] = &["DEBUG_LEVEL", "INFO_LEVEL", "WARN_LEVEL", "ERROR_LEVEL", "FATAL_LEVEL", "HEADER_LEVEL"];

impl Codec<i32> for LogLevel {
    fn write(v: &i32) -> String {
        LOG_LEVEL_NAMES.get(*v as usize).copied().unwrap_or("HEADER_LEVEL").to_string()
    }
    fn parse(name: &str, s: &str) -> Result<i32> {
        LOG_LEVEL_NAMES.iter().position(|n| *n == s).map(|p| p as i32).ok_or_else(|| enum_error(name))
    }
}

/// `filter_policy` as the bits per key of a Bloom-equivalent filter (0 = none): written as
/// 7.8.3's `bloomfilter:<bits>:false` (a Ribbon policy's `ribbonfilter:<bits>:<before>` is
/// written by `file.rs`, which knows its bloom_before_level); read by `parse_filter_policy`.
pub struct FilterPolicy;

impl Codec<f64> for FilterPolicy {
    fn write(bits: &f64) -> String {
        if *bits > 0.0 {
            format!("bloomfilter:{bits}:false")
        } else {
            "nullptr".to_string()
        }
    }
    fn parse(name: &str, v: &str) -> Result<f64> {
        parse_filter_policy(name, v).map(|(bits, _)| bits)
    }
}

/// The bits per key of a `filter_policy` value, and for a Ribbon policy its
/// bloom_before_level: `bloomfilter:10:false` (7.8.3), `ribbonfilter:10:-1`,
/// `{id=...;bits_per_key=10;bloom_before_level=1}`, `nullptr`, or a bare `bloomfilter` /
/// `ribbonfilter` (what 11.8.1 writes: the bits are not recorded, so RocksDB's default,
/// 10, is assumed; a Ribbon policy's bloom_before_level defaults to 0, as in
/// NewRibbonFilterPolicy).
pub fn parse_filter_policy(name: &str, v: &str) -> Result<(f64, Option<i32>)> {
    if v.is_empty() || v == "nullptr" {
        return Ok((0.0, None));
    }
    let is_ribbon = |id: &str| matches!(id, "ribbonfilter" | "rocksdb.RibbonFilter");
    if let Some(inner) = v.strip_prefix('{').and_then(|x| x.strip_suffix('}')) {
        let (mut bits, mut ribbon, mut before) = (None, false, 0);
        for kv in inner.split(';') {
            let kv = kv.trim();
            if let Some(b) = kv.strip_prefix("bits_per_key=") {
                bits = Some(parse_double(name, b)?);
            } else if let Some(id) = kv.strip_prefix("id=") {
                ribbon = is_ribbon(id);
            } else if let Some(l) = kv.strip_prefix("bloom_before_level=") {
                before = parse_int(name, l)?;
            }
        }
        return Ok((bits.ok_or_else(|| enum_error(name))?, ribbon.then_some(before)));
    }
    let mut parts = v.split(':');
    match parts.next() {
        Some(id @ ("bloomfilter" | "rocksdb.BloomFilter" | "ribbonfilter" | "rocksdb.RibbonFilter")) => {
            let bits = parts.next().map(|b| parse_double(name, b)).unwrap_or(Ok(10.0))?;
            if !is_ribbon(id) {
                return Ok((bits, None));
            }
            let before = parts.next().map(|l| parse_int(name, l)).unwrap_or(Ok(0))?;
            Ok((bits, Some(before)))
        }
        _ => Err(enum_error(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err<T: std::fmt::Debug>(r: Result<T>) -> String {
        r.unwrap_err().to_string()
    }

    /// Texts and values as Debian's RocksDB 7.8.3 gives them for SetOptions / SetDBOptions
    /// (the same parsing code as 11.8.1's `util/string_util.cc`).
    #[test]
    fn numbers_parse_as_rocksdb_parses_them() {
        assert_eq!(parse_int("n", " 7 ").unwrap(), 7);
        assert_eq!(parse_int("n", "10x").unwrap(), 10);
        assert_eq!(parse_int("n", "-1").unwrap(), -1);
        assert_eq!(parse_int("n", "2k").unwrap(), 2048);
        assert_eq!(err(parse_int("max_background_jobs", "abc")), "Invalid argument: Error parsing max_background_jobs:stoi");
        assert_eq!(err(parse_int("max_background_jobs", "")), "Invalid argument: Error parsing max_background_jobs:stoi");
        assert_eq!(err(parse_int("max_background_jobs", "3000000000")), "Invalid argument: Error parsing max_background_jobs:stoi");
        assert_eq!(parse_uint64("n", "1k").unwrap(), 1024);
        assert_eq!(parse_uint64("n", "1e3").unwrap(), 1);
        assert_eq!(parse_uint64("n", "-1").unwrap(), u64::MAX);
        assert_eq!(parse_uint64("n", "3T").unwrap(), 3 << 40);
        assert_eq!(err(parse_uint64("wal_bytes_per_sync", "99999999999999999999999")), "Invalid argument: Error parsing wal_bytes_per_sync:stoull");
        assert_eq!(err(parse_uint64("write_buffer_size", "abc")), "Invalid argument: Error parsing write_buffer_size:stoull");
        assert_eq!(err(parse_uint32("stats_dump_period_sec", "-1")), "Invalid argument: Error parsing stats_dump_period_sec:-1");
        assert_eq!(parse_uint32("n", "10").unwrap(), 10);
        assert_eq!(parse_double("n", "5").unwrap(), 5.0);
        assert_eq!(parse_double("n", " 2.5e1x").unwrap(), 25.0);
        assert_eq!(parse_double("n", ".5").unwrap(), 0.5);
        assert_eq!(err(parse_double("max_bytes_for_level_multiplier", "x")), "Invalid argument: Error parsing max_bytes_for_level_multiplier:stod");
        assert_eq!(err(parse_bool("avoid_flush_during_shutdown", "yes")), "Invalid argument: Error parsing avoid_flush_during_shutdown:");
        assert!(parse_bool("b", "1").unwrap());
        assert_eq!(err(<IntList as Codec<Vec<i32>>>::parse("max_bytes_for_level_multiplier_additional", "1:2:x")), "Invalid argument: Error parsing max_bytes_for_level_multiplier_additional:stoi");
    }

    #[test]
    fn enums_round_trip_and_refuse_unknown_names() {
        for (c, n) in COMPRESSION_NAMES {
            assert_eq!(Compression::write(c), *n);
            assert_eq!(Compression::parse("compression", n).unwrap(), *c);
        }
        assert_eq!(err(Compression::parse("compression", "kFoo")), "Invalid argument: Error parsing:: compression");
        assert_eq!(err(Compression::parse("compression", "")), "Invalid argument: Error parsing:: compression");
        assert_eq!(BottommostCompression::parse("b", "kDisableCompressionOption").unwrap(), None);
        assert_eq!(LogLevel::write(&1), "INFO_LEVEL");
        assert_eq!(LogLevel::parse("info_log_level", "DEBUG_LEVEL").unwrap(), 0);
        assert_eq!(RecoveryMode::parse("m", "kAbsoluteConsistency").unwrap(), WalRecoveryMode::AbsoluteConsistency);
        assert_eq!(CompressionOpts::parse("compression_opts", "{level=3}").unwrap(), 3);
        assert_eq!(CompressionOpts::parse("compression_opts", &CompressionOpts::write(&5)).unwrap(), 5);
        assert_eq!(CompressionOpts::parse("compression_opts", "-14:4:0").unwrap(), 4);
        assert_eq!(FilterPolicy::parse("filter_policy", &FilterPolicy::write(&10.0)).unwrap(), 10.0);
        assert_eq!(FilterPolicy::parse("filter_policy", "ribbonfilter").unwrap(), 10.0);
        assert_eq!(FilterPolicy::write(&0.0), "nullptr");
    }
}
