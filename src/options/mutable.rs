//! What SetOptions and SetDBOptions may change, checked all or nothing: RocksDB 11.8.1's
//! `ColumnFamilyData::SetOptions` (GetColumnFamilyOptionsFromMap with
//! `mutable_options_only`, then ValidateOptions) and `GetMutableDBOptionsFromStrings`, with
//! their error texts. Pure: the current options and the `name=value` pairs in, the new
//! options out (the database swaps them in, `db/set_options.rs`).
//!
//! - A column family option: the catalog's mutable lines are parsed into a copy; a name
//!   RocksDB has but does not let change fails with "Invalid argument: Option not
//!   changeable: `<name>`"; a name RocksDB lacks with "Invalid argument: Could not find option:
//!   : `<name>`"; a value that does not parse with RocksDB's parse error.
//! - A DB option: RocksDB looks names up among the mutable DB options only, so both an
//!   unknown and an immutable name fail with "NotFound: Unrecognized option: `<name>`".
//! - Options RocksDB marks mutable that ferrock does not model (`catalog::UNMODELLED_MUTABLE`)
//!   are accepted after their value is checked, and returned in `Change::unmodelled`.

use super::catalog::{self, Kind, Section, UNMODELLED_MUTABLE, UNSUPPORTED_WHEN_ON};
use super::value::parse_bool;
use super::Options;
#[cfg(test)]
use super::CompressionType;
use crate::error::{Error, Result};

/// A checked SetOptions / SetDBOptions call.
pub struct Change {
    /// The options with every change applied.
    pub options: Options,
    /// `name=value` of the accepted options ferrock does not model, in call order.
    pub unmodelled: Vec<(String, String)>,
}

fn not_changeable(name: &str) -> Error {
    Error::invalid_argument(format!("Option not changeable: {name}"))
}

fn unmodelled_kind(section: Section, name: &str) -> Option<Kind> {
    UNMODELLED_MUTABLE.iter().find(|(s, n, _)| *s == section && *n == name).map(|(_, _, k)| *k)
}

/// RocksDB's `CheckCompressionSupported` for the codecs ferrock cannot write.
fn check_compression(o: &Options) -> Result<()> {
    for c in [Some(o.compression), o.bottommost_compression].into_iter().flatten() {
        if !c.supported_for_writing() {
            return Err(Error::invalid_argument(format!("Compression type {} is not linked with the binary.", c.name())));
        }
    }
    Ok(())
}

/// Applies SetOptions pairs to a column family's options.
pub fn apply_cf_changes(current: &Options, pairs: &[(String, String)]) -> Result<Change> {
    if pairs.is_empty() {
        return Err(Error::invalid_argument("empty input"));
    }
    let mut o = current.clone();
    let mut unmodelled = Vec::new();
    for (name, value) in pairs {
        let (name, value) = (name.as_str(), value.as_str());
        if let Some(info) = catalog::find(Section::Cf, name) {
            if !info.mutable {
                return Err(not_changeable(name));
            }
            o.set_from_string(Section::Cf, name, value).expect("a catalog name")?;
            continue;
        }
        if let Some((_, _, what)) = UNSUPPORTED_WHEN_ON.iter().find(|(s, n, _)| *s == Section::Cf && *n == name) {
            if parse_bool(name, value)? {
                return Err(Error::not_supported(*what));
            }
            unmodelled.push((name.to_string(), value.to_string()));
            continue;
        }
        if let Some(kind) = unmodelled_kind(Section::Cf, name) {
            kind.check(name, value)?;
            unmodelled.push((name.to_string(), value.to_string()));
            continue;
        }
        match name {
            "block_based_table_factory" | "table_factory" => {
                apply_table_factory(&mut o, name, value, &mut unmodelled)?;
                continue;
            }
            // RocksDB can swap the prefix extractor of a live column family (its readers
            // check each table's extractor name); ferrock's readers assume one per family.
            "prefix_extractor" => return Err(Error::not_supported("changing prefix_extractor with SetOptions")),
            _ => {}
        }
        if super::load::KNOWN_NAMES.contains(&("cf", name)) {
            return Err(not_changeable(name));
        }
        return Err(Error::invalid_argument(format!("Could not find option: : {name}")));
    }
    check_compression(&o)?;
    Ok(Change { options: o, unmodelled })
}

/// `block_based_table_factory={block_size=8192;...}` (RocksDB clones the factory and
/// configures the clone, so every table option may change) or `table_factory=BlockBasedTable`.
fn apply_table_factory(o: &mut Options, name: &str, value: &str, unmodelled: &mut Vec<(String, String)>) -> Result<()> {
    let v = value.trim();
    if name == "table_factory" {
        return match v {
            "BlockBasedTable" | "" => Ok(()),
            other => Err(Error::not_supported(format!("table factory {other}"))),
        };
    }
    let inner = v.strip_prefix('{').and_then(|x| x.strip_suffix('}')).unwrap_or(v);
    let mut table = o.table.clone();
    for (k, val) in super::load::split_option_string(inner)? {
        match table.set_from_string(Section::Table, &k, &val) {
            Some(r) => r?,
            None if super::load::KNOWN_NAMES.contains(&("table", k.as_str())) => {
                unmodelled.push((format!("{name}.{k}"), val));
            }
            None => return Err(Error::invalid_argument(format!("Could not find option: : {k}"))),
        }
    }
    o.table = table;
    Ok(())
}

/// Applies SetDBOptions pairs to the DB options.
pub fn apply_db_changes(current: &Options, pairs: &[(String, String)]) -> Result<Change> {
    if pairs.is_empty() {
        return Err(Error::invalid_argument("empty input"));
    }
    let mut o = current.clone();
    let mut unmodelled = Vec::new();
    for (name, value) in pairs {
        let (name, value) = (name.as_str(), value.as_str());
        match catalog::find(Section::Db, name) {
            Some(info) if info.mutable => o.set_from_string(Section::Db, name, value).expect("a catalog name")?,
            _ => match unmodelled_kind(Section::Db, name) {
                Some(kind) => {
                    kind.check(name, value)?;
                    unmodelled.push((name.to_string(), value.to_string()));
                }
                None => return Err(Error::not_found(format!("Unrecognized option: {name}"))),
            },
        }
    }
    // RocksDB's SetDBOptions: "if (new_options.bytes_per_sync == 0) new_options.bytes_per_sync
    // = 1024 * 1024;" (whatever was set).
    if o.bytes_per_sync == 0 {
        o.bytes_per_sync = 1 << 20;
    }
    Ok(Change { options: o, unmodelled })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn cf_err(p: &[(&str, &str)]) -> String {
        apply_cf_changes(&Options::default(), &pairs(p)).err().unwrap().to_string()
    }

    fn db_err(p: &[(&str, &str)]) -> String {
        apply_db_changes(&Options::default(), &pairs(p)).err().unwrap().to_string()
    }

    /// The texts Debian's RocksDB 7.8.3 gives for the same calls (11.8.1's code paths are the
    /// same: options_helper.cc, configurable.cc, db_options.cc).
    #[test]
    fn errors_are_rocksdbs() {
        assert_eq!(cf_err(&[]), "Invalid argument: empty input");
        assert_eq!(db_err(&[]), "Invalid argument: empty input");
        assert_eq!(cf_err(&[("not_a_cf_option", "10")]), "Invalid argument: Could not find option: : not_a_cf_option");
        assert_eq!(cf_err(&[("max_background_jobs", "4")]), "Invalid argument: Could not find option: : max_background_jobs");
        assert_eq!(cf_err(&[("num_levels", "3")]), "Invalid argument: Option not changeable: num_levels");
        assert_eq!(cf_err(&[("merge_operator", "uint64add")]), "Invalid argument: Option not changeable: merge_operator");
        assert_eq!(
            cf_err(&[("level_compaction_dynamic_level_bytes", "false")]),
            "Invalid argument: Option not changeable: level_compaction_dynamic_level_bytes"
        );
        assert_eq!(cf_err(&[("write_buffer_size", "abc")]), "Invalid argument: Error parsing write_buffer_size:stoull");
        assert_eq!(cf_err(&[("compression", "kFoo")]), "Invalid argument: Error parsing:: compression");
        assert_eq!(cf_err(&[("disable_auto_compactions", "maybe")]), "Invalid argument: Error parsing disable_auto_compactions:");
        assert_eq!(
            cf_err(&[("compression", "kXpressCompression")]),
            "Invalid argument: Compression type Xpress is not linked with the binary."
        );
        assert_eq!(db_err(&[("not_a_db_option", "10")]), "NotFound: Unrecognized option: not_a_db_option");
        assert_eq!(db_err(&[("create_if_missing", "true")]), "NotFound: Unrecognized option: create_if_missing");
        assert_eq!(db_err(&[("write_buffer_size", "1")]), "NotFound: Unrecognized option: write_buffer_size");
        assert_eq!(db_err(&[("max_background_jobs", "5"), ("nope", "3")]), "NotFound: Unrecognized option: nope");
        assert_eq!(db_err(&[("max_background_jobs", "abc")]), "Invalid argument: Error parsing max_background_jobs:stoi");
        assert_eq!(db_err(&[("stats_dump_period_sec", "-1")]), "Invalid argument: Error parsing stats_dump_period_sec:-1");
    }

    #[test]
    fn changes_apply_to_a_copy() {
        let base = Options::default();
        let c = apply_cf_changes(
            &base,
            &pairs(&[
                ("write_buffer_size", "1m"),
                ("level0_file_num_compaction_trigger", "2"),
                ("disable_auto_compactions", "true"),
                ("compression", "kZSTD"),
                ("max_bytes_for_level_multiplier", "5"),
                ("paranoid_file_checks", "true"),
                ("block_based_table_factory", "{block_size=8192;filter_policy=bloomfilter:10:false}"),
            ]),
        )
        .unwrap();
        let o = &c.options;
        assert_eq!((o.write_buffer_size, o.level0_file_num_compaction_trigger, o.disable_auto_compactions), (1 << 20, 2, true));
        assert_eq!((o.compression, o.max_bytes_for_level_multiplier), (CompressionType::Zstd, 5.0));
        assert_eq!((o.table.block_size, o.table.bloom_bits_per_key), (8192, 10.0));
        assert_eq!(c.unmodelled, pairs(&[("paranoid_file_checks", "true")]));
        assert_eq!(base.write_buffer_size, 64 << 20);
        assert_eq!(base.compression, CompressionType::Lz4);

        let d = apply_db_changes(&base, &pairs(&[("stats_dump_period_sec", "10"), ("max_background_jobs", "4")])).unwrap();
        assert_eq!((d.options.stats_dump_period_sec, d.options.max_background_jobs), (10, 4));
        assert_eq!(d.options.bytes_per_sync, 1 << 20, "RocksDB turns bytes_per_sync 0 into 1 MiB");
        assert_eq!(
            apply_cf_changes(&base, &pairs(&[("enable_blob_files", "true")])).err().unwrap().to_string(),
            "Not implemented: blob files (enable_blob_files)"
        );
        assert!(apply_cf_changes(&base, &pairs(&[("enable_blob_files", "false")])).is_ok());
    }
}
