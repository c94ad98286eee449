//! CompactFiles (RocksDB's `DB::CompactFiles`): compacts named table files into an output
//! level. The job is planned by `compaction/manual.rs` (RocksDB's input sanitization and
//! error texts) and run like a manual compaction (so `max_subcompactions` applies).
//!
//! Thread-safety: runs on the caller's thread under the db mutex, which is released during
//! table I/O; automatic compactions wait while it runs, as for CompactRange.

use super::{ColumnFamilyHandle, Db};
use crate::compaction::manual::plan_compact_files;
pub use crate::compaction::manual::CompactFilesOptions;
use crate::error::{Error, Result};
use crate::version::filename::table_file_name;
use std::time::Duration;

impl Db {
    /// Compacts `input_file_names` into `output_level` and returns the paths of the tables
    /// the job installed.
    pub fn compact_files_cf(
        &self,
        cf: &ColumnFamilyHandle,
        opts: &CompactFilesOptions,
        input_file_names: &[String],
        output_level: i32,
    ) -> Result<Vec<String>> {
        let inner = &self.inner;
        let _op = inner.begin_operation()?;
        if inner.read_only {
            return Err(super::write::read_only_error());
        }
        let cfd = inner.cf(cf.id)?;
        // RocksDB's CompactFilesImpl: no automatic path choice with several paths. An id past
        // the family's paths gets CompactRange's message (RocksDB does not check it here).
        let path_id = match opts.output_path_id {
            p if p < 0 && cfd.dirs.len() == 1 => 0,
            p if p < 0 => {
                return Err(Error::not_supported("Automatic output path selection is not yet supported in CompactFiles()"))
            }
            p if p as usize >= cfd.dirs.len() => return Err(Error::invalid_argument("Invalid target path ID")),
            p => p as u32,
        };
        let mut st = inner.state.lock();
        st.manual_compactions += 1;
        let result = (|| -> Result<Vec<u64>> {
            // Like CompactRange: no other compaction may write into the levels this one does.
            while st.running_compactions > 0 {
                inner.bg_cv.wait_for(&mut st, Duration::from_millis(50));
            }
            if let Some(e) = inner.bg_error() {
                return Err(e);
            }
            if st.manual_compaction_paused > 0 {
                return Err(super::control::manual_compaction_paused());
            }
            let version = st.versions.cf(cf.id).map(|d| d.current.clone()).ok_or_else(|| Error::invalid_argument("Column family dropped"))?;
            let plan = plan_compact_files(&version, &cfd.icmp, &cfd.name, &cfd.opts(), opts, &st.compacting, input_file_names, output_level)?;
            // Not held while the job runs: its inputs are deleted when it installs.
            drop(version);
            inner.run_compaction(&mut st, &cfd, plan.with_output_path_id(path_id))
        })();
        st.manual_compactions -= 1;
        drop(st);
        inner.bg_cv.notify_all();
        Ok(result?.into_iter().map(|n| cfd.table_dir(path_id).join(table_file_name(n)).display().to_string()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compaction::manual::table_number;
    use crate::options::{FlushOptions, Options, ReadOptions, WriteOptions};

    fn level_files(db: &Db, level: usize) -> Vec<u64> {
        let st = db.inner.state.lock();
        st.versions.cf(0).map(|c| c.current.files(level).iter().map(|f| f.number).collect()).unwrap_or_default()
    }

    #[test]
    fn named_files_are_compacted_into_the_output_level() {
        let d = crate::util::testutil::TempDir::new("compactfiles");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        let db = Db::open(&o, &d.0).unwrap();
        let wo = WriteOptions::default();
        for round in 0..3 {
            for i in 0..200 {
                db.put(&wo, format!("k{:04}", i * 3 + round).as_bytes(), format!("r{round}").as_bytes()).unwrap();
            }
            db.put(&wo, b"shared", format!("r{round}").as_bytes()).unwrap();
            db.flush(&FlushOptions::default()).unwrap();
        }
        let l0 = level_files(&db, 0);
        assert_eq!(l0.len(), 3);
        let cf = db.default_column_family();
        // The newest level-0 file alone into L1: the older ones must come along.
        let newest = format!("{}/{}", d.0.display(), table_file_name(l0[0]));
        let out = db.compact_files_cf(&cf, &CompactFilesOptions::default(), &[newest], 1).unwrap();
        assert_eq!(level_files(&db, 0), Vec::<u64>::new());
        // No output size limit by default: one table, named by its path.
        assert_eq!(out.len(), 1);
        assert_eq!(level_files(&db, 1), vec![table_number(&out[0]).unwrap()]);
        assert!(std::path::Path::new(&out[0]).exists());
        assert_eq!(db.get(&ReadOptions::new(), b"shared").unwrap(), Some(b"r2".to_vec()));
        assert_eq!(db.get(&ReadOptions::new(), b"k0001").unwrap(), Some(b"r1".to_vec()));
        // A trivial move when allowed and nothing below overlaps.
        let l1 = format!("{:06}.sst", level_files(&db, 1)[0]);
        let moved = CompactFilesOptions { allow_trivial_move: true, ..Default::default() };
        let out = db.compact_files_cf(&cf, &moved, &[l1.clone()], 3).unwrap();
        assert_eq!(level_files(&db, 3), vec![table_number(&out[0]).unwrap()]);
        assert_eq!(table_number(&out[0]), table_number(&l1), "moved, not rewritten");
        // The moved file is free for the next job.
        assert!(db.inner.state.lock().compacting.is_empty());
        // An output size limit cuts the outputs.
        let small = CompactFilesOptions { output_file_size_limit: 1024, ..Default::default() };
        let out = db.compact_files_cf(&cf, &small, &[l1], 4).unwrap();
        assert!(out.len() > 1, "{out:?}");
        assert_eq!(level_files(&db, 4).len(), out.len());
        assert_eq!(db.get(&ReadOptions::new(), b"k0599").unwrap(), Some(b"r2".to_vec()));
        // A compression override (CompactionOptions::compression) sets the outputs' codec.
        let l4: Vec<String> = level_files(&db, 4).iter().map(|n| format!("{n:06}.sst")).collect();
        let zstd = CompactFilesOptions { compression: Some(crate::options::CompressionType::Zstd), ..Default::default() };
        let out = db.compact_files_cf(&cf, &zstd, &l4, 5).unwrap();
        for path in &out {
            let fs = crate::env::default_fs();
            let p = std::path::Path::new(path);
            let t = crate::table::Table::open(fs.new_random_access_file(p).unwrap(), fs.file_size(p).unwrap(), Default::default()).unwrap();
            assert_eq!(t.properties().compression_name, "ZSTD");
        }
        assert_eq!(db.get(&ReadOptions::new(), b"k0599").unwrap(), Some(b"r2".to_vec()));
    }

    #[test]
    fn bad_requests_get_rocksdb_errors() {
        let d = crate::util::testutil::TempDir::new("compactfiles-err");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        let db = Db::open(&o, &d.0).unwrap();
        db.put(&WriteOptions::default(), b"a", b"1").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        let cf = db.default_column_family();
        let f = format!("{:06}.sst", level_files(&db, 0)[0]);
        let opts = CompactFilesOptions::default();
        let err = |names: &[String], level: i32| db.compact_files_cf(&cf, &opts, names, level).unwrap_err().to_string();
        assert_eq!(err(&[f.clone()], 7), "Invalid argument: Output level for column family default must between [0, 6].");
        assert_eq!(err(&[f.clone()], -1), "Invalid argument: Output level cannot be negative.");
        assert_eq!(err(&[], 1), "Invalid argument: A compaction must contain at least one file.");
        assert_eq!(
            err(&["000999.sst".to_string()], 1),
            "Invalid argument: Specified compaction input file /000999.sst does not exist in column family default."
        );
        db.compact_files_cf(&cf, &opts, &[f], 2).unwrap();
        let f2 = format!("{:06}.sst", level_files(&db, 2)[0]);
        assert_eq!(
            err(&[f2.clone()], 1),
            format!("Invalid argument: Cannot compact file to up level, input file: /{f2} level 2 > output level 1")
        );
    }

    /// CompactFiles of the newest level-0 file into level 0: an older level-0 file holds a
    /// value its deletion hides, so the deletion is kept (the job is not bottommost).
    #[test]
    fn a_level0_job_keeps_a_deletion_that_hides_an_older_level0_file() {
        let d = crate::util::testutil::TempDir::new("compactfiles-l0");
        let mut o = Options { create_if_missing: true, ..Default::default() };
        o.disable_auto_compactions = true;
        let db = Db::open(&o, &d.0).unwrap();
        let wo = WriteOptions::default();
        db.put(&wo, b"x", b"old").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        db.delete(&wo, b"x").unwrap();
        db.put(&wo, b"y", b"1").unwrap();
        db.flush(&FlushOptions::default()).unwrap();
        let newest = format!("{:06}.sst", level_files(&db, 0)[0]);
        db.compact_files_cf(&db.default_column_family(), &CompactFilesOptions::default(), &[newest], 0).unwrap();
        assert_eq!(level_files(&db, 0).len(), 2);
        assert_eq!(db.get(&ReadOptions::new(), b"x").unwrap(), None, "the deletion of x was dropped");
    }
}
