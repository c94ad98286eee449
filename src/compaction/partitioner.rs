//! RocksDB's SST partitioner (`sst_partitioner_factory`): a compaction's outputs are cut where
//! the partitioner asks, and a file it would cut is not moved trivially. ferrock has RocksDB's
//! built-in one, SstPartitionerFixedPrefixFactory: a new table starts wherever the first
//! `len` bytes of the user key change (keys shorter than `len` compare whole). Like RocksDB's,
//! it applies to compaction outputs above level 0 only; flushes are not partitioned.

/// The SST partitioners ferrock has (RocksDB's `SstPartitionerFactory`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SstPartitionerFactory {
    /// SstPartitionerFixedPrefixFactory with this prefix length.
    FixedPrefix(usize),
}

impl SstPartitionerFactory {
    /// RocksDB's class name.
    pub fn name(self) -> &'static str {
        "SstPartitionerFixedPrefixFactory"
    }

    /// RocksDB's ShouldPartition: whether a table must end between `prev` and `current`.
    pub fn should_partition(self, prev: &[u8], current: &[u8]) -> bool {
        let SstPartitionerFactory::FixedPrefix(len) = self;
        prev[..prev.len().min(len)] != current[..current.len().min(len)]
    }

    /// RocksDB's CanDoTrivialMove: a file the partitioner would not cut.
    pub fn can_do_trivial_move(self, smallest_user_key: &[u8], largest_user_key: &[u8]) -> bool {
        !self.should_partition(smallest_user_key, largest_user_key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_prefix_cuts_where_the_prefix_changes() {
        let p = SstPartitionerFactory::FixedPrefix(4);
        assert!(!p.should_partition(b"abcd1", b"abcd9"));
        assert!(p.should_partition(b"abcd1", b"abce0"));
        // Shorter keys compare whole.
        assert!(p.should_partition(b"abc", b"abcd"));
        assert!(!p.should_partition(b"ab", b"ab"));
        assert!(p.can_do_trivial_move(b"abcd0", b"abcdz"));
        assert!(!p.can_do_trivial_move(b"abcd0", b"abcez"));
    }
}
