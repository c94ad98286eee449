//! Loading an OPTIONS file into `Options` (RocksDB's `LoadLatestOptions`, behind
//! `rocksdb_load_latest_options`), and `name=value;...` option strings into
//! `Options` (`rocksdb_get_options_from_string`).
//!
//! Rules follow RocksDB: an option name RocksDB does not know fails with
//! "Invalid argument: Could not find option: : `<name>`" unless the caller asked
//! to ignore unknown options AND the file comes from a newer RocksDB than ours
//! (11.8.1); a value that does not parse fails with "Error parsing `<name>`". A
//! comparator or merge operator name that is not built in is skipped (RocksDB
//! leaves the default in place too; opening then fails on the MANIFEST's
//! comparator check). Options RocksDB has and ferrock does not model are
//! accepted and listed in `LoadedOptions::not_applied`, so a caller can say so.
//!
//! DB::Open itself never reads the OPTIONS file (RocksDB does not either), so a
//! malformed file never stops a database from opening.

use crate::env::FileSystem;
use crate::error::{Error, Result};
use crate::options::{Options, Section};
#[cfg(test)]
use crate::options::CompressionType;
use crate::util::comparator::Comparator;
use crate::options::file::{latest_options_file, read_options_sections, OptionsSection};
use once_cell::sync::Lazy;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The RocksDB version whose option names ferrock answers to.
const OUR_ROCKSDB_VERSION: (u32, u32, u32) = (11, 8, 1);

/// (section, name) pairs RocksDB writes: "db", "cf" or "table".
pub(crate) static KNOWN_NAMES: Lazy<BTreeSet<(&'static str, &'static str)>> = Lazy::new(|| {
    include_str!("rocksdb_option_names.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .collect()
});

/// What an OPTIONS file said, as ferrock options.
pub struct LoadedOptions {
    /// The `[DBOptions]` section (column family fields at their defaults).
    pub db: Options,
    /// Each `[CFOptions "name"]` with its table options, in file order (default first).
    pub cfs: Vec<(String, Options)>,
    /// Options RocksDB has that ferrock does not model (they only tune RocksDB,
    /// or name a feature ferrock lacks): the column family they belong to
    /// (None for `[DBOptions]`) and `section: name=value`.
    pub not_applied: Vec<(Option<String>, String)>,
}

/// Loads the newest OPTIONS file of the database at `dir`.
pub fn load_latest_options(fs: &dyn FileSystem, dir: &Path, ignore_unknown_options: bool) -> Result<LoadedOptions> {
    let path = latest_options_file(fs, dir)?;
    load_options_file(fs, &path, ignore_unknown_options)
}

/// Loads one OPTIONS file.
pub fn load_options_file(fs: &dyn FileSystem, path: &Path, ignore_unknown_options: bool) -> Result<LoadedOptions> {
    let sections = read_options_sections(fs, path)?;
    options_from_sections(&sections, ignore_unknown_options)
}

/// Turns parsed sections into options (see the module comment for the rules).
pub fn options_from_sections(sections: &[OptionsSection], ignore_unknown_options: bool) -> Result<LoadedOptions> {
    let file_version = sections
        .iter()
        .find(|s| s.title == "Version")
        .and_then(|s| s.entries.get("rocksdb_version"))
        .map(|v| parse_version(v))
        .transpose()?
        .unwrap_or((0, 0, 0));
    let ignore_unknown = ignore_unknown_options && file_version > OUR_ROCKSDB_VERSION;
    let mut out = LoadedOptions { db: Options::default(), cfs: Vec::new(), not_applied: Vec::new() };
    for s in sections {
        match s.title.as_str() {
            "DBOptions" => {
                let mut skipped = Vec::new();
                for (name, value) in &s.entries {
                    apply(&mut out.db, Section::Db, name, value, ignore_unknown, &mut skipped)?;
                }
                out.not_applied.extend(skipped.into_iter().map(|e| (None, e)));
            }
            "CFOptions" => {
                let cf = s.argument.clone().unwrap_or_default();
                let mut o = Options::default();
                let mut skipped = Vec::new();
                for (name, value) in &s.entries {
                    apply(&mut o, Section::Cf, name, value, ignore_unknown, &mut skipped)?;
                }
                out.not_applied.extend(skipped.into_iter().map(|e| (Some(cf.clone()), e)));
                out.cfs.push((cf, o));
            }
            "TableOptions/BlockBasedTable" => {
                let name = s.argument.as_deref().unwrap_or("");
                if let Some((_, o)) = out.cfs.iter_mut().find(|(n, _)| n == name) {
                    let mut skipped = Vec::new();
                    for (k, v) in &s.entries {
                        apply(o, Section::Table, k, v, ignore_unknown, &mut skipped)?;
                    }
                    out.not_applied.extend(skipped.into_iter().map(|e| (Some(name.to_string()), e)));
                }
            }
            "TableOptions/CuckooTable" => {
                let name = s.argument.as_deref().unwrap_or("");
                if let Some((_, o)) = out.cfs.iter_mut().find(|(n, _)| n == name) {
                    o.cuckoo_table = Some(cuckoo_options(&s.entries)?);
                }
            }
            "TableOptions/PlainTable" => {
                let name = s.argument.as_deref().unwrap_or("");
                if let Some((_, o)) = out.cfs.iter_mut().find(|(n, _)| n == name) {
                    // The section configures the factory `table_factory=PlainTable` chose.
                    if let crate::table::factory::TableFactory::Plain(p) = &mut o.table_factory {
                        for (k, v) in &s.entries {
                            set_plain_option(p, k, v, ignore_unknown)?;
                        }
                    }
                }
            }
            // Other table factories: RocksDB skips them too.
            _ => {}
        }
    }
    Ok(out)
}

/// A `[TableOptions/CuckooTable]` section (RocksDB's cuckoo_table_type_info: five options).
fn cuckoo_options(entries: &BTreeMap<String, String>) -> Result<crate::table::cuckoo::CuckooTableOptions> {
    let mut c = crate::table::cuckoo::CuckooTableOptions::default();
    let bad = |k: &str, v: &str| Error::invalid_argument(format!("Error parsing {}:{}", k, v));
    let boolean = |k: &str, v: &str| match v {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(bad(k, v)),
    };
    for (k, v) in entries {
        match k.as_str() {
            "hash_table_ratio" => c.hash_table_ratio = v.parse().map_err(|_| bad(k, v))?,
            "max_search_depth" => c.max_search_depth = v.parse().map_err(|_| bad(k, v))?,
            "cuckoo_block_size" => c.cuckoo_block_size = v.parse().map_err(|_| bad(k, v))?,
            "identity_as_first_hash" => c.identity_as_first_hash = boolean(k, v)?,
            "use_module_hash" => c.use_module_hash = boolean(k, v)?,
            _ => return Err(Error::invalid_argument(format!("Unrecognized option CuckooTableOptions.{}", k))),
        }
    }
    Ok(c)
}

/// What a database's newest OPTIONS file says that the options an opener gives
/// contradict, in words for the info LOG: a column family whose merge operator,
/// comparator or prefix extractor differs. RocksDB's open does not read the
/// file and does not fail on these (the MANIFEST's comparator check and reads
/// of merge operands report the real problems); the LOG line helps a user see
/// why. A missing or unreadable file gives one line saying so, never an error.
pub fn options_file_differences(fs: &dyn FileSystem, dir: &Path, cfs: &[(String, Options)]) -> Vec<String> {
    let path = match latest_options_file(fs, dir) {
        Ok(p) => p,
        Err(_) => return Vec::new(),
    };
    let file = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let sections = match read_options_sections(fs, &path) {
        Ok(s) => s,
        Err(e) => return vec![format!("{file} not used: {e}")],
    };
    let loaded = match options_from_sections(&sections, true) {
        Ok(l) => l,
        Err(e) => return vec![format!("{file} not used: {e}")],
    };
    let mut out = Vec::new();
    let file_cf_option = |cf: &str, name: &str| -> Option<String> {
        sections
            .iter()
            .find(|s| s.title == "CFOptions" && s.argument.as_deref() == Some(cf))
            .and_then(|s| s.entries.get(name).cloned())
    };
    for (name, given) in cfs {
        let Some((_, from_file)) = loaded.cfs.iter().find(|(n, _)| n == name) else { continue };
        let file_merge = file_cf_option(name, "merge_operator")
            .and_then(|v| crate::options::file::merge_operator_name(&v));
        let given_merge = given.merge_operator.as_ref().map(|m| m.name());
        if file_merge != given_merge {
            out.push(format!(
                "{file}: column family '{name}' was written with merge operator {}, opened with {}",
                file_merge.as_deref().unwrap_or("none"),
                given_merge.as_deref().unwrap_or("none")
            ));
        }
        if let Some(c) = file_cf_option(name, "comparator") {
            if c != given.comparator.name() {
                out.push(format!("{file}: column family '{name}' was written with comparator {c}, opened with {}", given.comparator.name()));
            }
        }
        let file_prefix = from_file.prefix_extractor.as_ref().map(|p| p.name());
        let given_prefix = given.prefix_extractor.as_ref().map(|p| p.name());
        if file_prefix != given_prefix {
            out.push(format!(
                "{file}: column family '{name}' was written with prefix extractor {}, opened with {}",
                file_prefix.as_deref().unwrap_or("none"),
                given_prefix.as_deref().unwrap_or("none")
            ));
        }
    }
    out
}

/// Applies `name1=value1;name2=value2;...` (RocksDB's option-string syntax, DB,
/// column family and `block_based_table_factory={...}` names alike) to `base`.
pub fn options_from_string(base: &Options, text: &str) -> Result<(Options, Vec<String>)> {
    let mut o = base.clone();
    let mut not_applied = Vec::new();
    for (name, value) in split_option_string(text)? {
        if name == "plain_table_factory" {
            // Configures the PlainTable factory in place; any other factory refuses (RocksDB's cf_options.cc).
            let crate::table::factory::TableFactory::Plain(p) = &mut o.table_factory else {
                return Err(Error::invalid_argument(format!("Cannot modify {} as {name}", o.table_factory.name())));
            };
            let inner = value.strip_prefix('{').and_then(|v| v.strip_suffix('}')).unwrap_or(&value);
            for (k, v) in split_option_string(inner)? {
                set_plain_option(p, &k, &v, false)?;
            }
            continue;
        }
        if name == "block_based_table_factory" {
            if o.table_factory != crate::table::factory::TableFactory::BlockBased {
                return Err(Error::invalid_argument(format!("Cannot modify {} as {name}", o.table_factory.name())));
            }
            let inner = value.strip_prefix('{').and_then(|v| v.strip_suffix('}')).unwrap_or(&value);
            for (k, v) in split_option_string(inner)? {
                apply(&mut o, Section::Table, &k, &v, false, &mut not_applied)?;
            }
            continue;
        }
        let group = if KNOWN_NAMES.contains(&("cf", name.as_str())) { Section::Cf } else { Section::Db };
        apply(&mut o, group, &name, &value, false, &mut not_applied)?;
    }
    Ok((o, not_applied))
}

/// Splits `a=1;b={x=1;y=2};c=3` at top-level semicolons.
pub(crate) fn split_option_string(text: &str) -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut pieces = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b';' if depth == 0 => {
                pieces.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(Error::invalid_argument("Mismatched curly braces"));
        }
    }
    if depth != 0 {
        return Err(Error::invalid_argument("Mismatched curly braces"));
    }
    pieces.push(&text[start..]);
    for p in pieces {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let (k, v) = p.split_once('=').ok_or_else(|| Error::invalid_argument(format!("Mismatched key value pair, '=' expected: {p}")))?;
        let k = k.trim();
        if k.is_empty() {
            return Err(Error::invalid_argument("Empty key found"));
        }
        out.push((k.to_string(), v.trim().to_string()));
    }
    Ok(out)
}

fn parse_version(v: &str) -> Result<(u32, u32, u32)> {
    let mut parts = [0u32; 3];
    for (i, p) in v.split('.').enumerate() {
        let slot = parts.get_mut(i).ok_or_else(|| Error::invalid_argument("A valid rocksdb_version can only contains at most 2 dots."))?;
        *slot = p.parse().map_err(|_| Error::invalid_argument("A valid rocksdb_version can only contains dots and numbers."))?;
    }
    Ok((parts[0], parts[1], parts[2]))
}

/// Sets one option on `o`. Returns an error for a name RocksDB does not know
/// (unless `ignore_unknown`) or a value that does not parse. The catalog parses every
/// option ferrock models; the comparator and the plugins are looked up by name here.
fn apply(o: &mut Options, section: Section, name: &str, v: &str, ignore_unknown: bool, not_applied: &mut Vec<String>) -> Result<()> {
    if !KNOWN_NAMES.contains(&(section.key(), name)) {
        if ignore_unknown {
            return Ok(());
        }
        return Err(Error::invalid_argument(format!("Could not find option: : {name}")));
    }
    match (section, name) {
        (Section::Cf, "comparator") => match Comparator::from_name(v) {
            Some(c) => o.comparator = c,
            None => not_applied.push(format!("CFOptions: comparator={v}")),
        },
        (Section::Cf, "merge_operator") => match crate::options::file::merge_operator_name(v) {
            None => o.merge_operator = None,
            Some(id) => match builtin_merge_operator(&id, v) {
                Some(m) => o.merge_operator = Some(m),
                None => not_applied.push(format!("CFOptions: merge_operator={v}")),
            },
        },
        (Section::Cf, "prefix_extractor") => {
            if v == "nullptr" || v.is_empty() {
                o.prefix_extractor = None;
            } else if let Some(n) = v.strip_prefix("rocksdb.FixedPrefix.") {
                o.prefix_extractor = Some(std::sync::Arc::new(crate::prefix::FixedPrefix(crate::options::value::parse_uint64(name, n)? as usize)));
            } else if v == "rocksdb.Noop" {
                o.prefix_extractor = Some(std::sync::Arc::new(crate::prefix::NoopTransform));
            } else {
                not_applied.push(format!("CFOptions: prefix_extractor={v}"));
            }
        }
        (Section::Cf, "table_factory") => {
            // `PlainTable`, or `{id=PlainTable;field=value;...}` (RocksDB's TableFactory::CreateFromString).
            let inner = v.strip_prefix('{').and_then(|x| x.strip_suffix('}'));
            let fields = match inner {
                Some(i) => split_option_string(i)?,
                None => vec![("id".to_string(), v.to_string())],
            };
            let id = fields.iter().find(|(k, _)| k == "id").map(|(_, x)| x.as_str()).unwrap_or("");
            match id {
                "BlockBasedTable" if fields.len() == 1 => o.table_factory = crate::table::factory::TableFactory::BlockBased,
                crate::table::plain::FACTORY_NAME => {
                    let mut p = crate::table::plain::PlainTableOptions::default();
                    for (k, x) in fields.iter().filter(|(k, _)| k != "id") {
                        set_plain_option(&mut p, k, x, false)?;
                    }
                    o.table_factory = crate::table::factory::TableFactory::Plain(p);
                }
                // The `[TableOptions/CuckooTable]` section sets the factory's options.
                crate::table::cuckoo::CUCKOO_TABLE_NAME if fields.len() == 1 => {}
                _ => not_applied.push(format!("CFOptions: table_factory={v}")),
            }
        }
        (Section::Table, "filter_policy") => {
            (o.table.bloom_bits_per_key, o.table.ribbon_bloom_before_level) = crate::options::value::parse_filter_policy(name, v)?;
        }
        _ => {
            let set = if section == Section::Table {
                o.table.set_from_string(section, name, v)
            } else {
                o.set_from_string(section, name, v)
            };
            match set {
                Some(r) => r?,
                None => not_applied.push(format!("{}: {name}={v}", section.title())),
            }
        }
    }
    Ok(())
}

/// One PlainTableOptions field; an unknown name fails as RocksDB's option parser does (unless ignored).
fn set_plain_option(p: &mut crate::table::plain::PlainTableOptions, name: &str, v: &str, ignore_unknown: bool) -> Result<()> {
    match p.set_from_string(name, v) {
        Some(r) => r,
        None if ignore_unknown => Ok(()),
        None => Err(Error::invalid_argument(format!("Could not find option: : {name}"))),
    }
}

/// A built-in merge operator from its OPTIONS id, with the string-append
/// delimiter when the value gives one (`{id=StringAppendOperator;delimiter=,;}`).
fn builtin_merge_operator(id: &str, value: &str) -> Option<std::sync::Arc<dyn crate::merge::MergeOperator>> {
    let op = crate::merge::builtin(id)?;
    if id.starts_with("StringAppend") {
        let delimiter = value
            .strip_prefix('{')
            .and_then(|v| v.strip_suffix('}'))
            .and_then(|inner| inner.split(';').find_map(|kv| kv.trim().strip_prefix("delimiter=")))
            .map(|d| d.replace("\\:", ":").replace("\\;", ";").replace("\\\\", "\\"));
        if let Some(d) = delimiter {
            return Some(std::sync::Arc::new(crate::merge::StringAppendOperator::new(d.as_bytes())));
        }
    }
    Some(op)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::posix::PosixFileSystem;
    use crate::options::file::{parse_options_text, write_options_file};
    use std::path::PathBuf;

    fn temp_dir(tag: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("ferrock-options-load-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    fn load_text(text: &str, ignore_unknown: bool) -> Result<LoadedOptions> {
        options_from_sections(&parse_options_text(text)?, ignore_unknown)
    }

    const HEAD: &str = "[Version]\n  rocksdb_version=7.8.3\n  options_file_version=1.1\n";

    #[test]
    fn ferrocks_own_file_loads_back() {
        let dir = temp_dir("own");
        let fs = PosixFileSystem;
        let mut cf = Options {
            comparator: Comparator::ReverseBytewise,
            write_buffer_size: 1 << 20,
            memtable_prefix_bloom_size_ratio: 0.25,
            ..Options::default()
        };
        cf.merge_operator = crate::merge::builtin("uint64add");
        cf.table.bloom_bits_per_key = 10.0;
        cf.compression = CompressionType::Zstd;
        let db = Options { max_open_files: 77, ..Options::default() };
        write_options_file(&fs, &dir, 9, &db, &[("default".to_string(), &db), ("meta".to_string(), &cf)]).unwrap();
        write_options_file(&fs, &dir, 4, &Options::default(), &[("default".to_string(), &db)]).unwrap();
        let got = load_latest_options(&fs, &dir, false).unwrap();
        assert_eq!(got.db.max_open_files, 77, "the newest file (OPTIONS-000009) wins");
        let names: Vec<&str> = got.cfs.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["default", "meta"]);
        let meta = &got.cfs[1].1;
        assert_eq!(meta.comparator, Comparator::ReverseBytewise);
        assert_eq!(meta.merge_operator.as_ref().map(|m| m.name()).as_deref(), Some("UInt64AddOperator"));
        assert_eq!(meta.write_buffer_size, 1 << 20);
        assert_eq!(meta.compression, CompressionType::Zstd);
        assert_eq!(meta.table.bloom_bits_per_key, 10.0);
        assert_eq!(meta.memtable_prefix_bloom_size_ratio, 0.25);
        assert_eq!(got.cfs[0].1.comparator, Comparator::Bytewise);
        assert!(got.cfs[0].1.merge_operator.is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_are_rocksdbs() {
        // Texts as Debian's 7.8.3 rocksdb_load_latest_options reports them.
        let err = |text: &str| load_text(text, false).err().unwrap().to_string();
        assert_eq!(
            err(&format!("{HEAD}[DBOptions]\n  bogus_opt=1\n[CFOptions \"default\"]\n")),
            "Invalid argument: Could not find option: : bogus_opt"
        );
        assert_eq!(
            err(&format!("{HEAD}[DBOptions]\n[CFOptions \"default\"]\n[TableOptions/BlockBasedTable \"default\"]\n bogus=1\n")),
            "Invalid argument: Could not find option: : bogus"
        );
        assert_eq!(
            err("[Version]\n rocksdb_version=7.8.3\n[DBOptions]\n max_open_files\n"),
            "Invalid argument: [RocksDBOptionsParser Error] : A valid statement must have a '='. (at line 4)"
        );
        assert_eq!(err("[Version]\n rocksdb_version=7.8.3\n[Foo]\n"), "Invalid argument: Unknown section [Foo]");
        assert_eq!(
            err("[Version]\n rocksdb_version=7.8.3\n[DBOptions]\n"),
            "Corruption: A RocksDB Option file must have a single CFOptions:default section"
        );
        assert_eq!(
            err("[Version]\n rocksdb_version=7.8.3\n[CFOptions \"default\"]\n"),
            "Corruption: A RocksDB Option file must have a single DBOptions section"
        );
        assert_eq!(
            err("[Version]\n rocksdb_version=7.8.3\n[DBOptions]\n[CFOptions \"x\"]\n"),
            "Invalid argument: [RocksDBOptionsParser Error] : Default column family must be the first CFOptions section in the option config file (at line 4)"
        );
        assert_eq!(
            err("[Version]\n rocksdb_version=7.8.3\n[DBOptions]\n[CFOptions \"default\"]\n[TableOptions/BlockBasedTable \"zz\"]\n"),
            "Invalid argument: [RocksDBOptionsParser Error] : Does not find a matched column family name in TableOptions section.  Column Family Name:zz (at line 5)"
        );
        assert!(err("[Version]\n rocksdb_version=7.8.3\n[DBOptions]\n[CFOptions \"default\"]\n write_buffer_size=abc\n")
            .starts_with("Invalid argument: Error parsing write_buffer_size"));
        // Unknown names are ignored only for a file from a newer RocksDB, when asked.
        let bogus = "[DBOptions]\n bogus_opt=1\n[CFOptions \"default\"]\n";
        assert!(load_text(&format!("{HEAD}{bogus}"), true).is_err());
        assert!(load_text(&format!("[Version]\n rocksdb_version=99.0.0\n{bogus}"), false).is_err());
        assert!(load_text(&format!("[Version]\n rocksdb_version=99.0.0\n{bogus}"), true).is_ok());
        // A comparator or merge operator that is not built in is left at the default, as RocksDB does.
        let o = load_text(&format!("{HEAD}[DBOptions]\n[CFOptions \"default\"]\n comparator=foo.Bar\n merge_operator=foo.Merge\n"), false).unwrap();
        assert_eq!(o.cfs[0].1.comparator, Comparator::Bytewise);
        assert!(o.cfs[0].1.merge_operator.is_none());
        assert!(o.not_applied.iter().any(|(cf, n)| cf.as_deref() == Some("default") && n == "CFOptions: comparator=foo.Bar"), "{:?}", o.not_applied);
    }

    #[test]
    fn differences_with_the_file_are_described() {
        let dir = temp_dir("differences");
        let fs = PosixFileSystem;
        assert!(options_file_differences(&fs, &dir, &[("default".to_string(), Options::default())]).is_empty());
        let counters = Options { merge_operator: crate::merge::builtin("uint64add"), ..Options::default() };
        let db = Options::default();
        write_options_file(&fs, &dir, 5, &db, &[("default".to_string(), &db), ("counters".to_string(), &counters)]).unwrap();
        let same = [("default".to_string(), db.clone()), ("counters".to_string(), counters.clone())];
        assert!(options_file_differences(&fs, &dir, &same).is_empty());
        let plain = [("default".to_string(), db.clone()), ("counters".to_string(), Options::default())];
        assert_eq!(
            options_file_differences(&fs, &dir, &plain),
            ["OPTIONS-000005: column family 'counters' was written with merge operator UInt64AddOperator, opened with none"]
        );
        std::fs::write(dir.join("OPTIONS-000006"), "garbage\n").unwrap();
        let lines = options_file_differences(&fs, &dir, &plain);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].starts_with("OPTIONS-000006 not used: Invalid argument: [RocksDBOptionsParser Error]"), "{lines:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Lines as RocksDB 11.8.1 writes them (names 7.8.3 lacks, bare filter names).
    #[test]
    fn rocksdb_11_8_1_lines_load() {
        let text = "[Version]\n  rocksdb_version=11.8.1\n  options_file_version=1.1\n[DBOptions]\n  async_wal_precreate=false\n[CFOptions \"default\"]\n  merge_operator=UInt64AddOperator\n  prefix_extractor=rocksdb.FixedPrefix.6\n[TableOptions/BlockBasedTable \"default\"]\n  filter_policy=ribbonfilter\n  format_version=7\n";
        let o = load_text(text, false).unwrap();
        let cf = &o.cfs[0].1;
        assert_eq!(cf.merge_operator.as_ref().map(|m| m.name()).as_deref(), Some("UInt64AddOperator"));
        assert_eq!(cf.prefix_extractor.as_ref().map(|p| p.name()).as_deref(), Some("rocksdb.FixedPrefix.6"));
        assert_eq!((cf.table.bloom_bits_per_key, cf.table.format_version), (10.0, 7));
        assert!(o.not_applied.iter().any(|(cf, e)| cf.is_none() && e == "DBOptions: async_wal_precreate=false"), "{:?}", o.not_applied);
    }

    #[test]
    fn no_options_file_is_not_found() {
        let dir = temp_dir("none");
        let e = load_latest_options(&PosixFileSystem, &dir, false).err().unwrap();
        assert_eq!(e.to_string(), format!("NotFound: No such file or directory: No options files found in the DB directory.: {}", dir.display()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn option_strings() {
        let (o, _) = options_from_string(
            &Options::default(),
            "write_buffer_size=1024;max_open_files=5; block_based_table_factory={block_size=8192;filter_policy=bloomfilter:7:false};compression=kZSTD",
        )
        .unwrap();
        assert_eq!((o.write_buffer_size, o.max_open_files, o.table.block_size), (1024, 5, 8192));
        assert_eq!((o.table.bloom_bits_per_key, o.compression), (7.0, CompressionType::Zstd));
        assert_eq!(
            options_from_string(&Options::default(), "nope=1").err().unwrap().to_string(),
            "Invalid argument: Could not find option: : nope"
        );
        assert!(options_from_string(&Options::default(), "a={b=1").is_err());
        assert!(options_from_string(&Options::default(), "write_buffer_size").is_err());
    }

    /// Every OPTIONS file Debian's RocksDB 7.8.3 writes for the compat suite's
    /// configurations loads, with the comparator and merge operator it names.
    #[test]
    fn rocksdb_7_8_3_options_files_load() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat/compat.c");
        if !Path::new("/usr/bin/cc").exists() || !Path::new("/usr/include/rocksdb/c.h").exists() {
            return;
        }
        let dir = temp_dir("rocksdb783");
        let exe = dir.join("compat");
        let out = crate::util::testutil::system_command("/usr/bin/cc")
            .arg(&src)
            .args(["-O1", "-lrocksdb", "-o"])
            .arg(&exe)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        for mode in ["default", "bloom10", "ribbon", "partitioned", "prefix", "cfs", "merge", "comparator", "twopc"] {
            let db = dir.join(mode);
            let out = crate::util::testutil::system_command(&exe).arg("write").arg(&db).arg(mode).output().unwrap();
            assert!(out.status.success(), "{mode}: {}", String::from_utf8_lossy(&out.stderr));
            let got = load_latest_options(&PosixFileSystem, &db, false).unwrap_or_else(|e| panic!("{mode}: {e}"));
            let names: Vec<&str> = got.cfs.iter().map(|(n, _)| n.as_str()).collect();
            let cf0 = &got.cfs[0].1;
            match mode {
                "cfs" => assert_eq!(names, ["default", "cf1", "cf2"]),
                _ => assert_eq!(names, ["default"], "{mode}"),
            }
            match mode {
                "merge" => assert_eq!(cf0.merge_operator.as_ref().map(|m| m.name()).as_deref(), Some("UInt64AddOperator")),
                _ => assert!(cf0.merge_operator.is_none(), "{mode}"),
            }
            if mode == "comparator" {
                assert!(got.not_applied.iter().any(|(_, n)| n == "CFOptions: comparator=compat.CustomBytewise"), "{:?}", got.not_applied);
            }
            if matches!(mode, "bloom10" | "ribbon" | "partitioned" | "prefix") {
                assert_eq!(cf0.table.bloom_bits_per_key, 10.0, "{mode}");
            }
            if mode == "prefix" {
                assert_eq!(cf0.prefix_extractor.as_ref().map(|p| p.name()).as_deref(), Some("rocksdb.FixedPrefix.6"));
                assert!(!cf0.table.whole_key_filtering);
            }
            assert_eq!(cf0.compression, CompressionType::Snappy, "{mode}: 7.8.3's default");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
