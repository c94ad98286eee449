//! Table directories of a column family (RocksDB's `cf_paths`/`db_paths`) and which of them a
//! compaction's outputs go to: RocksDB's LevelCompactionBuilder::GetPathId. Level sizes are
//! estimated as level 0 = level 1 = `max_bytes_for_level_base`, each deeper level a
//! multiplier larger; a level goes to the first path whose remaining target size holds it,
//! and the last path takes whatever fits nowhere. Flushes always write to path 0.

use crate::options::{DbPath, Options};
use std::path::Path;

/// The directories a column family's tables live in, indexed by the path id the MANIFEST
/// records: its own `cf_paths`, else the database's `db_paths`, else the database directory
/// with no size limit (RocksDB's SanitizeOptions / SanitizeCfOptions).
pub fn effective_paths(db_dir: &Path, db_opts: &Options, cf_opts: &Options) -> Vec<DbPath> {
    if !cf_opts.cf_paths.is_empty() {
        cf_opts.cf_paths.clone()
    } else if !db_opts.db_paths.is_empty() {
        db_opts.db_paths.clone()
    } else {
        vec![DbPath { path: db_dir.to_string_lossy().into_owned(), target_size: u64::MAX }]
    }
}

/// RocksDB's GetPathId for an output of `level`.
pub fn path_id_for_level(paths: &[DbPath], opts: &Options, level: usize) -> u32 {
    if paths.len() <= 1 {
        return 0;
    }
    let mut p = 0usize;
    let mut current_path_size = paths[0].target_size;
    let mut level_size = opts.max_bytes_for_level_base;
    let mut cur_level = 0usize;
    while p < paths.len() - 1 {
        if level_size <= current_path_size {
            if cur_level == level {
                return p as u32;
            }
            current_path_size -= level_size;
            if cur_level > 0 {
                let additional = if opts.level_compaction_dynamic_level_bytes {
                    1.0
                } else {
                    opts.max_bytes_for_level_multiplier_additional.get(cur_level).map_or(1.0, |m| *m as f64)
                };
                level_size = (level_size as f64 * opts.max_bytes_for_level_multiplier * additional) as u64;
            }
            cur_level += 1;
            continue;
        }
        p += 1;
        current_path_size = paths[p].target_size;
    }
    p as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(sizes: &[u64]) -> Vec<DbPath> {
        sizes.iter().enumerate().map(|(i, s)| DbPath { path: format!("/p{i}"), target_size: *s }).collect()
    }

    #[test]
    fn levels_fill_paths_in_order() {
        let mut o = Options::default();
        o.max_bytes_for_level_base = 100;
        o.max_bytes_for_level_multiplier = 10.0;
        o.level_compaction_dynamic_level_bytes = false;
        // Path 0 holds L0 (100) and L1 (100); L2 (1000) needs path 1 (1500), L3 (10000) the last.
        let p = paths(&[250, 1500, 10]);
        let ids: Vec<u32> = (0..5).map(|l| path_id_for_level(&p, &o, l)).collect();
        assert_eq!(ids, vec![0, 0, 1, 2, 2]);
        // A first path smaller than level 1's estimate sends everything on.
        let p = paths(&[50, 1 << 40]);
        assert_eq!(path_id_for_level(&p, &o, 0), 1);
        // One path: always 0.
        assert_eq!(path_id_for_level(&paths(&[1]), &o, 3), 0);
    }

    #[test]
    fn multiplier_additional_counts_from_level_one() {
        let mut o = Options::default();
        o.max_bytes_for_level_base = 100;
        o.max_bytes_for_level_multiplier = 2.0;
        o.level_compaction_dynamic_level_bytes = false;
        o.max_bytes_for_level_multiplier_additional = vec![1, 3, 1];
        // L0 100, L1 100, L2 100*2*3 = 600.
        let p = paths(&[200, 600, 1]);
        assert_eq!(path_id_for_level(&p, &o, 1), 0);
        assert_eq!(path_id_for_level(&p, &o, 2), 1);
        assert_eq!(path_id_for_level(&p, &o, 3), 2);
    }

    #[test]
    fn cf_paths_win_over_db_paths() {
        let mut db = Options::default();
        let mut cf = Options::default();
        assert_eq!(effective_paths(Path::new("/db"), &db, &cf)[0].path, "/db");
        db.db_paths = paths(&[5, 6]);
        assert_eq!(effective_paths(Path::new("/db"), &db, &cf).len(), 2);
        cf.cf_paths = paths(&[7]);
        assert_eq!(effective_paths(Path::new("/db"), &db, &cf)[0].target_size, 7);
    }
}
