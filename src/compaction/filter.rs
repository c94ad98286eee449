//! The user's compaction filter (RocksDB's `CompactionFilter` and
//! `CompactionFilterFactory`), asked about values and merge operands while a compaction
//! rewrites them, and `CountingFilter`, which counts what it removes.

/// What a user compaction filter decides for a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterDecision {
    /// Keep the value as it is.
    Keep,
    /// The value becomes a deletion at its sequence (it hides older versions too).
    Remove,
    /// Replace the value with this one.
    Change(Vec<u8>),
}

/// A user compaction filter (RocksDB's `CompactionFilter`): asked about the newest
/// version of each key that is a plain value, and about each merge operand newer than
/// every snapshot, during compaction (not flush, as RocksDB).
pub trait CompactionFilter: Send + Sync {
    /// The filter's name (for the LOG).
    fn name(&self) -> String;
    /// `level` is the compaction's input level.
    fn filter(&self, level: i32, key: &[u8], value: &[u8]) -> FilterDecision;
    /// RocksDB's FilterMergeOperand (FilterV2 with kMergeOperand): `Remove` drops the
    /// operand, `Change` replaces it. The default keeps every operand, as RocksDB's base
    /// class does, and so does a filter from the C API, which only has the value callback.
    fn filter_merge_operand(&self, level: i32, key: &[u8], operand: &[u8]) -> FilterDecision {
        let _ = (level, key, operand);
        FilterDecision::Keep
    }
}

/// Makes a compaction filter per compaction (RocksDB's `CompactionFilterFactory`).
pub trait CompactionFilterFactory: Send + Sync {
    /// The factory's name (recorded in the OPTIONS file).
    fn name(&self) -> String;
    /// The filter for one compaction (None: no filter for it).
    fn create(&self, is_full_compaction: bool, is_manual_compaction: bool) -> Option<std::sync::Arc<dyn CompactionFilter>>;
}

/// A user compaction filter that counts the values it removes (RocksDB's
/// COMPACTION_KEY_DROP_USER ticker).
pub struct CountingFilter<'a> {
    inner: &'a dyn CompactionFilter,
    removed: std::sync::atomic::AtomicU64,
}

impl<'a> CountingFilter<'a> {
    pub fn new(inner: &'a dyn CompactionFilter) -> Self {
        CountingFilter { inner, removed: std::sync::atomic::AtomicU64::new(0) }
    }

    pub fn removed(&self) -> u64 {
        self.removed.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl CompactionFilter for CountingFilter<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn filter(&self, level: i32, key: &[u8], value: &[u8]) -> FilterDecision {
        let d = self.inner.filter(level, key, value);
        if d == FilterDecision::Remove {
            self.removed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        d
    }
    // Forwarded too (without it a compaction never asked the user filter about operands),
    // and not counted: RocksDB's COMPACTION_KEY_DROP_USER counts filtered values only.
    fn filter_merge_operand(&self, level: i32, key: &[u8], operand: &[u8]) -> FilterDecision {
        self.inner.filter_merge_operand(level, key, operand)
    }
}

