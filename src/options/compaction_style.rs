//! The options of the universal and FIFO compaction styles (RocksDB's
//! `CompactionOptionsUniversal`, include/rocksdb/universal_compaction.h, and
//! `CompactionOptionsFIFO`, include/rocksdb/advanced_options.h), with RocksDB's defaults.
//!
//! ferrock compacts by levels whatever the style, so these are kept in the column family's
//! options and written to the OPTIONS file (`options_file_value`) without driving compaction
//! (FIFO compaction, style 2, is refused at open).

/// RocksDB's `CompactionOptionsUniversal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompactionOptionsUniversal {
    /// Percentage by which a run may be larger than the sum of the smaller runs and still be merged with them.
    pub size_ratio: u32,
    /// Fewest sorted runs one compaction merges.
    pub min_merge_width: u32,
    /// Most sorted runs one compaction merges.
    pub max_merge_width: u32,
    /// Size amplification (percent of the last run's size) that triggers a full compaction.
    pub max_size_amplification_percent: u32,
    /// Percent of the data kept compressed (-1: all of it, as the compression option says).
    pub compression_size_percent: i32,
    /// Most sorted runs a read may meet (-1: level0_file_num_compaction_trigger decides).
    pub max_read_amp: i32,
    /// RocksDB's CompactionStopStyle: 0 kCompactionStopStyleSimilarSize, 1 kCompactionStopStyleTotalSize.
    pub stop_style: i32,
    /// Move files instead of rewriting them where no key range overlaps.
    pub allow_trivial_move: bool,
    /// Pick size-amplification compactions incrementally.
    pub incremental: bool,
    /// Lock fewer files while picking.
    pub reduce_file_locking: bool,
}

impl Default for CompactionOptionsUniversal {
    fn default() -> Self {
        CompactionOptionsUniversal {
            size_ratio: 1,
            min_merge_width: 2,
            max_merge_width: u32::MAX,
            max_size_amplification_percent: 200,
            compression_size_percent: -1,
            max_read_amp: -1,
            stop_style: 1,
            allow_trivial_move: false,
            incremental: false,
            reduce_file_locking: false,
        }
    }
}

impl CompactionOptionsUniversal {
    /// The OPTIONS-file value, with the fields and the order RocksDB 7.8.3 writes (the file
    /// claims 7.8.3, whose parser refuses names it does not know: max_read_amp and
    /// reduce_file_locking are left out).
    pub fn options_file_value(&self) -> String {
        let stop = if self.stop_style == 0 { "kCompactionStopStyleSimilarSize" } else { "kCompactionStopStyleTotalSize" };
        format!(
            "{{incremental={};compression_size_percent={};allow_trivial_move={};max_size_amplification_percent={};max_merge_width={};stop_style={stop};min_merge_width={};size_ratio={};}}",
            self.incremental,
            self.compression_size_percent,
            self.allow_trivial_move,
            self.max_size_amplification_percent,
            self.max_merge_width,
            self.min_merge_width,
            self.size_ratio
        )
    }
}

/// RocksDB's `CompactionOptionsFIFO` (without file_temperature_age_thresholds, which c.h
/// cannot set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompactionOptionsFifo {
    /// Total size of the table files above which the oldest are dropped.
    pub max_table_files_size: u64,
    /// Compact small level-0 files together (intra-L0 compaction).
    pub allow_compaction: bool,
    /// Age in seconds after which files become warm (temperatures).
    pub age_for_warm: u64,
    /// Copy a file whole when its temperature changes.
    pub allow_trivial_copy_when_change_temperature: bool,
    /// Buffer size of that copy.
    pub trivial_copy_buffer_size: u64,
    /// Total size of table and blob files above which the oldest are dropped.
    pub max_data_files_size: u64,
    /// Pick intra-L0 compactions by key-value ratio.
    pub use_kv_ratio_compaction: bool,
}

impl Default for CompactionOptionsFifo {
    fn default() -> Self {
        CompactionOptionsFifo {
            max_table_files_size: 1 << 30,
            allow_compaction: false,
            age_for_warm: 0,
            allow_trivial_copy_when_change_temperature: false,
            trivial_copy_buffer_size: 4096,
            max_data_files_size: 0,
            use_kv_ratio_compaction: false,
        }
    }
}

impl CompactionOptionsFifo {
    /// The OPTIONS-file value as RocksDB 7.8.3 writes it (its three fields, in its order).
    pub fn options_file_value(&self) -> String {
        format!(
            "{{allow_compaction={};age_for_warm={};max_table_files_size={};}}",
            self.allow_compaction, self.age_for_warm, self.max_table_files_size
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_write_as_rocksdb_7_8_3_writes_them() {
        // Copied from the OPTIONS file Debian's ldb (RocksDB 7.8.3) writes for a new database.
        assert_eq!(
            CompactionOptionsUniversal::default().options_file_value(),
            "{incremental=false;compression_size_percent=-1;allow_trivial_move=false;max_size_amplification_percent=200;max_merge_width=4294967295;stop_style=kCompactionStopStyleTotalSize;min_merge_width=2;size_ratio=1;}"
        );
        assert_eq!(CompactionOptionsFifo::default().options_file_value(), "{allow_compaction=false;age_for_warm=0;max_table_files_size=1073741824;}");
    }
}
