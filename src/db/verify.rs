//! RocksDB's VerifyChecksum and VerifyFileChecksums over a live database: every table of every
//! column family's current version, read again from its file.
//!
//! VerifyChecksum opens each table with a reader of its own (no table cache, no block cache),
//! which verifies the metaindex, properties, index, filter and range-deletion blocks, then
//! reads every data block with its checksum checked (`Table::verify_block_checksums`). The
//! versions are held while this runs, so no table is deleted under it.
//!
//! VerifyFileChecksums compares whole-file checksums with those the MANIFEST records
//! (`util/file_checksum.rs`), which needs a `file_checksum_gen_factory` (RocksDB's
//! InvalidArgument without one); a table recorded without a checksum (written without a
//! factory) is skipped, as RocksDB skips it.

use super::Db;
use crate::error::{Error, Result};
use std::sync::atomic::Ordering;

/// RocksDB's text when DB::VerifyFileChecksums runs without options.file_checksum_gen_factory.
const NO_FILE_CHECKSUM_GEN_FACTORY: &str = "Cannot verify file checksum if options.file_checksum_gen_factory is null";

impl Db {
    /// Every live family with its current super version, all taken first so the set checked
    /// is one moment's (the versions hold their tables while they are checked).
    fn live_versions(&self) -> Vec<(std::sync::Arc<super::ColumnFamily>, std::sync::Arc<super::SuperVersion>)> {
        let families: Vec<_> = self.inner.cfs.read().values().filter(|c| !c.dropped.load(Ordering::Acquire)).cloned().collect();
        families.iter().map(|cf| (cf.clone(), cf.super_version())).collect()
    }

    /// RocksDB's DB::VerifyChecksum: the first corruption (or read error) found in any block of
    /// any live table, else Ok.
    pub fn verify_checksum(&self) -> Result<()> {
        let inner = &self.inner;
        inner.check_open()?;
        for (cf, sv) in &self.live_versions() {
            for files in &sv.version.levels {
                for f in files {
                    let table = inner.table_cache.open_uncached(&cf.icmp, cf.table_dir(f.path_id), f.number, f.file_size, f.largest_seqno)?;
                    table.verify_block_checksums()?;
                }
            }
        }
        Ok(())
    }

    /// RocksDB's DB::VerifyFileChecksums: the first table whose bytes do not give the checksum
    /// the MANIFEST records (`Corruption: <file> file checksum mismatch, expecting <hex>, but
    /// actual <hex>`), or a read error, else Ok.
    pub fn verify_file_checksums(&self) -> Result<()> {
        let inner = &self.inner;
        inner.check_open()?;
        let factory = inner.opts().file_checksum_gen_factory.ok_or_else(|| Error::invalid_argument(NO_FILE_CHECKSUM_GEN_FACTORY))?;
        let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02X}")).collect::<String>();
        for (cf, sv) in &self.live_versions() {
            for f in sv.version.levels.iter().flatten() {
                if f.file_checksum.is_empty() {
                    continue;
                }
                let path = cf.table_dir(f.path_id).join(crate::version::filename::table_file_name(f.number));
                let actual = crate::util::file_checksum::of_file(inner.fs.as_ref(), &path, factory, &f.file_checksum_func_name)?;
                if actual != f.file_checksum {
                    return Err(Error::corruption(format!(
                        "{} file checksum mismatch, expecting {}, but actual {}",
                        path.display(),
                        hex(&f.file_checksum),
                        hex(&actual)
                    )));
                }
            }
        }
        Ok(())
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

    /// With the CRC32C factory every flushed and compacted table gets its checksum in the
    /// MANIFEST: verification passes, survives a reopen, and finds a flipped byte.
    #[test]
    fn file_checksums_are_recorded_and_verified() {
        let dir = TempDir::new("verify-file-checksums-crc");
        let o = Options {
            create_if_missing: true,
            compression: crate::options::CompressionType::None,
            file_checksum_gen_factory: Some(crate::util::file_checksum::FileChecksumGenFactory::Crc32c),
            ..Default::default()
        };
        {
            let db = Db::open(&o, &dir.0).unwrap();
            for round in 0..3u32 {
                for i in 0..500u32 {
                    db.put(&WriteOptions::default(), format!("key{i:05}").as_bytes(), format!("value{round}-{i:05}").as_bytes()).unwrap();
                }
                db.flush(&FlushOptions::default()).unwrap();
            }
            db.verify_file_checksums().unwrap();
            db.compact_range_cf(&db.default_column_family(), None, None).unwrap();
            let v = db.inner.cf(0).unwrap().super_version().version.clone();
            assert!(v.all_files().all(|(_, f)| f.file_checksum.len() == 4 && f.file_checksum_func_name == "FileChecksumCrc32c"));
            db.verify_file_checksums().unwrap();
        }
        let db = Db::open(&o, &dir.0).unwrap();
        db.verify_file_checksums().unwrap();
        let t = tables(&dir);
        assert_eq!(t.len(), 1);
        let mut bytes = std::fs::read(&t[0]).unwrap();
        let at = bytes.windows(8).position(|w| w == b"value2-0").unwrap();
        bytes[at] ^= 0x01;
        std::fs::write(&t[0], &bytes).unwrap();
        let e = db.verify_file_checksums().unwrap_err();
        assert_eq!(e.code(), Code::Corruption, "{e}");
        assert!(e.to_string().contains("file checksum mismatch, expecting "), "{e}");
        // Opened without the factory, the recorded checksums cannot be verified.
        drop(db);
        let plain = Options { create_if_missing: true, ..Default::default() };
        let db = Db::open(&plain, &dir.0).unwrap();
        assert!(db.verify_file_checksums().unwrap_err().to_string().contains("file_checksum_gen_factory is null"));
    }
}
