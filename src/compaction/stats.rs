//! Statistics of finished flushes and compactions, per output level and per compaction
//! kind, for the `rocksdb.stats` property and the stall report.

/// Per-level compaction statistics for rocksdb.stats.
#[derive(Default, Clone)]
pub struct LevelStats {
    pub count: u64,
    pub micros: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    pub files_in: u64,
    pub files_out: u64,
    pub trivial_moves: u64,
}

#[derive(Default, Clone)]
pub struct KindStats {
    pub count: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    pub micros: u64,
}

#[derive(Default, Clone)]
pub struct CompactionStats {
    /// By compaction kind (name), for the stall report.
    pub kinds: std::collections::BTreeMap<&'static str, KindStats>,
    /// Indexed by output level (flushes count at level 0).
    pub levels: Vec<LevelStats>,
    pub flush_count: u64,
    pub flush_bytes: u64,
}

impl CompactionStats {
    pub fn level_mut(&mut self, level: usize) -> &mut LevelStats {
        if self.levels.len() <= level {
            self.levels.resize(level + 1, LevelStats::default());
        }
        &mut self.levels[level]
    }
}
