//! RocksDB's VerifyChecksum and VerifyFileChecksums over a live database: every table of every
//! column family's current version, read again from its file.
//!
//! VerifyChecksum opens each table with a reader of its own (no table cache, no block cache),
//! which verifies the metaindex, properties, index, filter and range-deletion blocks, then
//! reads every data block with its checksum checked (`Table::verify_block_checksums`). The
//! versions are held while this runs, so no table is deleted under it.
//!
//! VerifyFileChecksums compares whole-file checksums with those the MANIFEST records, which
//! needs a `file_checksum_gen_factory`; ferrock has none (it records no file checksums,
//! `live_files::UNKNOWN_FILE_CHECKSUM_FUNC_NAME`), so it answers RocksDB's InvalidArgument for
//! a database opened without one.

use super::Db;
use crate::error::{Error, Result};
use std::sync::atomic::Ordering;

/// RocksDB's text when DB::VerifyFileChecksums runs without options.file_checksum_gen_factory.
const NO_FILE_CHECKSUM_GEN_FACTORY: &str = "Cannot verify file checksum if options.file_checksum_gen_factory is null";

impl Db {
    /// RocksDB's DB::VerifyChecksum: the first corruption (or read error) found in any block of
    /// any live table, else Ok.
    pub fn verify_checksum(&self) -> Result<()> {
        let inner = &self.inner;
        inner.check_open()?;
        let families: Vec<_> = inner.cfs.read().values().filter(|c| !c.dropped.load(Ordering::Acquire)).cloned().collect();
        // Every family's version first, so the set checked is one moment's.
        let versions: Vec<_> = families.iter().map(|cf| (cf.clone(), cf.super_version())).collect();
        for (cf, sv) in &versions {
            for files in &sv.version.levels {
                for f in files {
                    let table = inner.table_cache.open_uncached(&cf.icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
                    table.verify_block_checksums()?;
                }
            }
        }
        Ok(())
    }

    /// RocksDB's DB::VerifyFileChecksums: always "Invalid argument: Cannot verify file checksum
    /// if options.file_checksum_gen_factory is null": ferrock records no file checksums.
    pub fn verify_file_checksums(&self) -> Result<()> {
        self.inner.check_open()?;
        Err(Error::invalid_argument(NO_FILE_CHECKSUM_GEN_FACTORY))
    }
}

#[cfg(test)]
mod tests {
    use crate::db::Db;
    use crate::error::Code;
    use crate::options::{FlushOptions, Options, WriteOptions};
    use crate::util::testutil::TempDir;

    fn open(dir: &TempDir) -> Db {
        let o = Options { create_if_missing: true, compression: crate::options::CompressionType::None, ..Default::default() };
        Db::open(&o, &dir.0).unwrap()
    }

    fn tables(dir: &TempDir) -> Vec<std::path::PathBuf> {
        let mut v: Vec<_> = std::fs::read_dir(&dir.0)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "sst"))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn verify_checksum_passes_intact_tables_and_finds_a_flipped_data_byte() {
        let dir = TempDir::new("verify-checksum");
        let db = open(&dir);
        db.verify_checksum().unwrap();
        for i in 0..2000u32 {
            db.put(&WriteOptions::default(), format!("key{i:05}").as_bytes(), format!("value{i:05}").as_bytes()).unwrap();
        }
        db.flush(&FlushOptions::default()).unwrap();
        db.verify_checksum().unwrap();
        let t = tables(&dir);
        assert_eq!(t.len(), 1);
        // Reads (which fill the table cache and block cache) do not hide a later corruption.
        assert!(db.get(&Default::default(), b"key00010").unwrap().is_some());
        let mut bytes = std::fs::read(&t[0]).unwrap();
        // The first data block starts at offset 0; its keys are in the clear (no compression).
        let at = bytes.windows(8).position(|w| w == b"value000").unwrap();
        bytes[at] ^= 0x01;
        std::fs::write(&t[0], &bytes).unwrap();
        let e = db.verify_checksum().unwrap_err();
        assert_eq!(e.code(), Code::Corruption, "{e}");
        assert!(e.to_string().contains("block checksum mismatch"), "{e}");
    }

    #[test]
    fn verify_file_checksums_needs_a_checksum_generator() {
        let dir = TempDir::new("verify-file-checksums");
        let db = open(&dir);
        let e = db.verify_file_checksums().unwrap_err();
        assert_eq!(
            e.to_string(),
            "Invalid argument: Cannot verify file checksum if options.file_checksum_gen_factory is null"
        );
    }
}
