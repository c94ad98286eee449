//! The `OPTIONS-NNNNNN` file: RocksDB's INI text of the DB and column family
//! options (docs/format/manifest.md §4.7). The lines come from the catalog (`catalog.rs`).
//!
//! RocksDB's DB::Open never reads it, but `ldb` does, and fails on any option
//! name 7.8.3 does not know; so only options ferrock has, under 7.8.3's names
//! and value spellings, are written. Reading returns each column family's
//! options as text, enough to learn its comparator and merge operator.

use crate::env::{read_file_to_vec, write_file_atomically, FileSystem};
use crate::error::{Error, Result};
use crate::options::{Options, Section};
use crate::version::filename::{options_file_name, temp_options_file_name};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The RocksDB version the file claims; 7.8.3 is what Debian's tools check against.
const ROCKSDB_VERSION: &str = "7.8.3";
const OPTIONS_FILE_VERSION: &str = "1.1";

fn push_section(out: &mut String, header: &str, entries: &[(&str, String)]) {
    let _ = writeln!(out, "{header}");
    for (k, v) in entries {
        let _ = writeln!(out, "  {k}={v}");
    }
    out.push_str("  \n");
}

/// `[DBOptions]`: the catalog's DB lines, then two RocksDB options ferrock has fixed values of.
fn db_options_entries(o: &Options) -> Vec<(&'static str, String)> {
    let mut out = o.catalog_entries(Section::Db);
    // ferrock never writes this feature; saying so keeps tools from assuming it.
    out.push(("track_and_verify_wals_in_manifest", "false".to_string()));
    out.push(("max_manifest_file_size", crate::version::set::DEFAULT_MAX_MANIFEST_FILE_SIZE.to_string()));
    out
}

/// `[CFOptions "name"]`: the comparator and the factories ferrock has, the catalog's CF
/// lines, then the plugins an opener needs to know (merge operator, prefix extractor).
fn cf_options_entries(o: &Options) -> Vec<(&'static str, String)> {
    let mut out = vec![
        ("comparator", o.comparator.name().to_string()),
        ("table_factory", if o.cuckoo_table.is_some() { crate::table::cuckoo::CUCKOO_TABLE_NAME } else { o.table_factory.name() }.to_string()),
        ("memtable_factory", memtable_factory(o.memtable_rep)),
        ("compaction_style", "kCompactionStyleLevel".to_string()),
    ];
    out.extend(o.catalog_entries(Section::Cf));
    out.push(("compaction_options_fifo", o.compaction_options_fifo.options_file_value()));
    out.push(("compaction_options_universal", o.compaction_options_universal.options_file_value()));
    out.push(("force_consistency_checks", "true".to_string()));
    out.extend(o.merge_operator.as_ref().map(|m| ("merge_operator", m.name())));
    out.extend(o.prefix_extractor.as_ref().map(|p| ("prefix_extractor", p.name())));
    out
}

/// memtable_factory as RocksDB writes it: the factory's id, with its options when not the default.
fn memtable_factory(rep: crate::options::MemTableRep) -> String {
    match rep {
        crate::options::MemTableRep::SkipList => "SkipListFactory".to_string(),
        crate::options::MemTableRep::HashSkipList { bucket_count, height, branching } => format!(
            "{{id=HashSkipListRepFactory;bucket_count={bucket_count};skiplist_height={height};branching_factor={branching};}}"
        ),
    }
}

/// `[TableOptions/BlockBasedTable "name"]`: the catalog's table lines; ferrock's index is
/// always a binary-search index. A Ribbon policy is written with its bloom_before_level
/// (`ribbonfilter:<bits>:<before>`, as RocksDB 7.8.3 writes it).
fn table_options_entries(o: &Options) -> Vec<(&'static str, String)> {
    let t = &o.table;
    let mut out = t.catalog_entries(Section::Table);
    let filter = out.pop().filter(|(n, _)| *n == "filter_policy").map(|(n, v)| match t.ribbon_bloom_before_level {
        Some(before) if t.bloom_bits_per_key > 0.0 => (n, format!("ribbonfilter:{}:{before}", t.bloom_bits_per_key)),
        _ => (n, v),
    });
    out.push(("index_type", "kBinarySearch".to_string()));
    out.extend(filter);
    out
}

/// The file's text (what `write_options_file` writes).
pub fn options_file_text(db_opts: &Options, cfs: &[(String, &Options)]) -> String {
    let mut out = String::from(
        "# This is a RocksDB option file.\n#\n# For detailed file format spec, please refer to the example file\n# in examples/rocksdb_option_file_example.ini\n#\n\n",
    );
    push_section(
        &mut out,
        "[Version]",
        &[("rocksdb_version", ROCKSDB_VERSION.to_string()), ("options_file_version", OPTIONS_FILE_VERSION.to_string())],
    );
    out.push('\n');
    push_section(&mut out, "[DBOptions]", &db_options_entries(db_opts));
    out.push('\n');
    for (name, o) in cfs {
        let quoted = escape(name);
        push_section(&mut out, &format!("[CFOptions \"{quoted}\"]"), &cf_options_entries(o));
        // RocksDB writes the section of the family's own factory.
        match (&o.cuckoo_table, &o.table_factory) {
            (Some(c), _) => push_section(&mut out, &format!("[TableOptions/CuckooTable \"{quoted}\"]"), &c.options_file_entries()),
            (None, crate::table::factory::TableFactory::BlockBased) => push_section(
                &mut out,
                &format!("[TableOptions/BlockBasedTable \"{quoted}\"]"),
                &table_options_entries(o),
            ),
            (None, crate::table::factory::TableFactory::Plain(p)) => push_section(
                &mut out,
                &format!("[TableOptions/{} \"{quoted}\"]", crate::table::plain::FACTORY_NAME),
                &p.options_file_entries(),
            ),
        }
    }
    out
}

/// Writes `OPTIONS-<file_number>` through `OPTIONS-<file_number>.dbtmp` and a
/// rename, as RocksDB does, so a crash never leaves a half-written OPTIONS file.
pub fn write_options_file(
    fs: &dyn FileSystem,
    dbname: &Path,
    file_number: u64,
    db_opts: &Options,
    cfs: &[(String, &Options)],
) -> Result<()> {
    let text = options_file_text(db_opts, cfs);
    write_file_atomically(
        fs,
        dbname,
        &temp_options_file_name(file_number),
        &options_file_name(file_number),
        text.as_bytes(),
    )
}

/// Backslash-escapes what RocksDB's option parser treats specially
/// (EscapeOptionString: `\\ # :` and line breaks).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '#' | ':' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some(n) => out.push(n),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The line without a trailing comment: an unescaped `#` starts one.
fn strip_comment(line: &str) -> &str {
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '#' => return &line[..i],
            _ => {}
        }
    }
    line
}

/// One `[Section "argument"]` of an OPTIONS file with its `name=value` lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsSection {
    pub title: String,
    pub argument: Option<String>,
    /// The first value of each name (RocksDB keeps the first of duplicates).
    pub entries: BTreeMap<String, String>,
}

fn parser_error(line: usize, what: &str) -> Error {
    Error::invalid_argument(format!("[RocksDBOptionsParser Error] : {what} (at line {line})"))
}

/// Parses OPTIONS text into its sections, in file order, with the checks and
/// messages of RocksDB's `RocksDBOptionsParser`: known section titles only, one
/// `[Version]` and one `[DBOptions]`, `[CFOptions "default"]` first and each
/// column family once, table options after their column family, and
/// (Corruption) a file without `[DBOptions]` or the default column family.
/// Lines before the first section are ignored, as RocksDB does.
pub fn parse_options_text(text: &str) -> Result<Vec<OptionsSection>> {
    let mut sections: Vec<OptionsSection> = Vec::new();
    let mut before_first_section = true;
    for (i, raw) in text.lines().enumerate() {
        let line_num = i + 1;
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if line.len() >= 2 && line.starts_with('[') && line.ends_with(']') {
            let inner = &line[1..line.len() - 1];
            let (title, argument) = match (inner.find('"'), inner.rfind('"')) {
                (Some(a), Some(b)) if b > a => (inner[..a].trim().to_string(), Some(unescape(&inner[a + 1..b]))),
                _ => (inner.trim().to_string(), None),
            };
            let known = matches!(title.as_str(), "Version" | "DBOptions" | "CFOptions")
                || title.strip_prefix("TableOptions/").is_some_and(|t| !t.is_empty());
            if !known {
                return Err(Error::invalid_argument(format!("Unknown section {line}")));
            }
            check_section(&sections, &title, argument.as_deref(), line_num)?;
            sections.push(OptionsSection { title, argument, entries: BTreeMap::new() });
            before_first_section = false;
            continue;
        }
        let (name, value) = line.split_once('=').ok_or_else(|| parser_error(line_num, "A valid statement must have a '='."))?;
        let name = name.trim();
        if name.is_empty() {
            return Err(parser_error(line_num, "A valid statement must have a variable name."));
        }
        if before_first_section {
            continue;
        }
        if let Some(section) = sections.last_mut() {
            // Values stay escaped, as RocksDB's nested option strings need their escapes.
            section.entries.entry(name.to_string()).or_insert_with(|| value.trim().to_string());
        }
    }
    if !sections.iter().any(|s| s.title == "DBOptions") {
        return Err(Error::corruption("A RocksDB Option file must have a single DBOptions section"));
    }
    if !sections.iter().any(|s| s.title == "CFOptions" && s.argument.as_deref() == Some("default")) {
        return Err(Error::corruption("A RocksDB Option file must have a single CFOptions:default section"));
    }
    Ok(sections)
}

/// RocksDB's `CheckSection`: what may follow the sections already read.
fn check_section(sections: &[OptionsSection], title: &str, argument: Option<&str>, line: usize) -> Result<()> {
    let cf_named = |name: &str| sections.iter().any(|s| s.title == "CFOptions" && s.argument.as_deref() == Some(name));
    match title {
        "DBOptions" if sections.iter().any(|s| s.title == "DBOptions") => {
            Err(parser_error(line, "More than one DBOption section found in the option config file"))
        }
        "Version" if sections.iter().any(|s| s.title == "Version") => {
            Err(parser_error(line, "More than one Version section found in the option config file."))
        }
        "CFOptions" => {
            let name = argument.unwrap_or("");
            let any_cf = sections.iter().any(|s| s.title == "CFOptions");
            if !any_cf && name != "default" {
                Err(parser_error(line, "Default column family must be the first CFOptions section in the option config file"))
            } else if any_cf && name == "default" {
                // (RocksDB's text, typo included.)
                Err(parser_error(line, "Default column family must be the first CFOptions section in the optio/n config file"))
            } else if cf_named(name) {
                Err(parser_error(line, "Two identical column families found in option config file"))
            } else {
                Ok(())
            }
        }
        t if t.starts_with("TableOptions/") => {
            let name = argument.unwrap_or("");
            if cf_named(name) {
                Ok(())
            } else {
                Err(parser_error(
                    line,
                    &format!("Does not find a matched column family name in TableOptions section.  Column Family Name:{name}"),
                ))
            }
        }
        _ => Ok(()),
    }
}

/// Each column family's `[CFOptions "name"]` entries, in file order.
pub fn read_options_file(fs: &dyn FileSystem, path: &Path) -> Result<Vec<(String, BTreeMap<String, String>)>> {
    Ok(read_options_sections(fs, path)?
        .into_iter()
        .filter(|s| s.title == "CFOptions")
        .map(|s| (s.argument.unwrap_or_default(), s.entries))
        .collect())
}

/// Every section of an OPTIONS file (`parse_options_text` of its contents).
pub fn read_options_sections(fs: &dyn FileSystem, path: &Path) -> Result<Vec<OptionsSection>> {
    let bytes = read_file_to_vec(fs, path)?;
    parse_options_text(&String::from_utf8_lossy(&bytes))
}

/// The newest `OPTIONS-NNNNNN` of `dir` (the highest number), as RocksDB's
/// `GetLatestOptionsFileName` picks it.
pub fn latest_options_file(fs: &dyn FileSystem, dir: &Path) -> Result<std::path::PathBuf> {
    let none = || {
        Error::with_subcode(
            crate::error::Code::NotFound,
            crate::error::SubCode::PathNotFound,
            format!("No options files found in the DB directory.: {}", dir.display()),
        )
    };
    let names = fs.list_dir(dir).map_err(|_| none())?;
    names
        .iter()
        .filter_map(|n| match crate::version::filename::parse_file_name(n) {
            Some((crate::version::filename::FileType::Options, number)) => Some((number, n)),
            _ => None,
        })
        .max()
        .map(|(_, n)| dir.join(n))
        .ok_or_else(none)
}

/// The merge operator's name from a `merge_operator` value: `nullptr` is none;
/// a customizable struct such as `{id=StringAppendOperator;delimiter=\:;}` gives its id.
pub fn merge_operator_name(value: &str) -> Option<String> {
    let v = value.trim();
    if v.is_empty() || v == "nullptr" {
        return None;
    }
    if let Some(inner) = v.strip_prefix('{').and_then(|x| x.strip_suffix('}')) {
        return inner
            .split(';')
            .find_map(|kv| kv.trim().strip_prefix("id="))
            .map(|id| unescape(id.trim()));
    }
    Some(unescape(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::posix::PosixFileSystem;
    use crate::options::CompressionType;
    use crate::util::comparator::Comparator;
    use std::path::PathBuf;

    fn temp_dir(tag: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("ferrock-options-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    #[test]
    fn written_file_parses_back() {
        let dir = temp_dir("roundtrip");
        let fs = PosixFileSystem;
        let db = Options::default();
        let mut meta = Options { comparator: Comparator::ReverseBytewise, ..Options::default() };
        meta.table.bloom_bits_per_key = 10.0;
        meta.compression = CompressionType::None;
        write_options_file(&fs, &dir, 7, &db, &[("default".to_string(), &db), ("meta:x".to_string(), &meta)]).unwrap();
        assert!(!dir.join("OPTIONS-000007.dbtmp").exists());
        let cfs = read_options_file(&fs, &dir.join("OPTIONS-000007")).unwrap();
        assert_eq!(cfs.len(), 2);
        assert_eq!(cfs[0].0, "default");
        assert_eq!(cfs[0].1["comparator"], "leveldb.BytewiseComparator");
        assert_eq!(cfs[0].1["compression"], "kLZ4Compression");
        assert_eq!(cfs[0].1["max_bytes_for_level_multiplier"], "10.000000");
        assert_eq!(cfs[1].0, "meta:x");
        assert_eq!(cfs[1].1["comparator"], "rocksdb.ReverseBytewiseComparator");
        assert_eq!(cfs[1].1["compression"], "kNoCompression");
        assert_eq!(cfs[1].1.get("merge_operator"), None);
        let sections = parse_options_text(&std::fs::read_to_string(dir.join("OPTIONS-000007")).unwrap()).unwrap();
        assert_eq!(sections[0].title, "Version");
        assert_eq!(sections[0].entries["rocksdb_version"], "7.8.3");
        assert_eq!(sections[0].entries["options_file_version"], "1.1");
        assert_eq!(sections[1].entries["wal_recovery_mode"], "kPointInTimeRecovery");
        let table = sections.iter().find(|s| s.title == "TableOptions/BlockBasedTable" && s.argument.as_deref() == Some("meta:x"));
        assert_eq!(table.unwrap().entries["filter_policy"], "bloomfilter:10:false");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn reads_a_file_written_by_rocksdb() {
        let text = "# comment\n[Version]\n  rocksdb_version=7.8.3\n  options_file_version=1.1\n\n[DBOptions]\n  max_open_files=-1\n  \n[CFOptions \"default\"]\n  merge_operator={id=StringAppendOperator;delimiter=\\:;}\n  comparator=leveldb.BytewiseComparator\n  \n[TableOptions/BlockBasedTable \"default\"]\n  block_size=4096\n";
        let sections = parse_options_text(text).unwrap();
        assert_eq!(sections.len(), 4);
        let cf = &sections[2];
        assert_eq!((cf.title.as_str(), cf.argument.as_deref()), ("CFOptions", Some("default")));
        assert_eq!(merge_operator_name(&cf.entries["merge_operator"]).as_deref(), Some("StringAppendOperator"));
        assert_eq!(merge_operator_name("nullptr"), None);
        assert_eq!(merge_operator_name("UInt64AddOperator").as_deref(), Some("UInt64AddOperator"));
        assert!(parse_options_text("[DBOptions\n").is_err());
        assert!(parse_options_text("[DBOptions]\nnot an option\n").is_err());
    }

    /// Debian's ldb (7.8.3) loads our OPTIONS file when it opens the database.
    #[test]
    fn rocksdb_7_8_3_ldb_accepts_the_file() {
        if !Path::new("/usr/bin/ldb").exists() {
            return;
        }
        let dir = temp_dir("ldb");
        let fs: std::sync::Arc<dyn FileSystem> = std::sync::Arc::new(PosixFileSystem);
        let mut vs = crate::version::set::VersionSet::new(
            fs.clone(),
            dir.clone(),
            7,
            crate::key::InternalKeyComparator::default(),
        );
        vs.create_new().unwrap();
        let mut db = Options { compression: CompressionType::None, ..Options::default() };
        db.table.bloom_bits_per_key = 10.0;
        write_options_file(fs.as_ref(), &dir, 2, &db, &[("default".to_string(), &db)]).unwrap();
        let run = |args: &[&str]| {
            let out = crate::util::testutil::system_command("/usr/bin/ldb").args(args).output().unwrap();
            (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
        };
        let db_arg = format!("--db={}", dir.display());
        let (ok, text) = run(&[&db_arg, "put", "a", "1"]);
        assert!(ok, "{text}");
        let (ok, text) = run(&[&db_arg, "get", "a"]);
        assert!(ok && text.trim() == "1", "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
