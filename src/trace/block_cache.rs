//! The block cache trace (RocksDB's BlockCacheTracer, trace_replay/block_cache_tracer.cc).

/// RocksDB's BlockCacheTraceOptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockCacheTraceOptions {
    /// One block in this many is traced (by a hash of its cache key, so a traced block's
    /// every access is); 0 and 1 trace every block.
    pub sampling_frequency: u64,
}

impl Default for BlockCacheTraceOptions {
    fn default() -> Self {
        BlockCacheTraceOptions { sampling_frequency: 1 }
    }
}

/// RocksDB's BlockCacheTraceWriterOptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockCacheTraceWriterOptions {
    /// Accesses stop being recorded once the file is larger than this (64 GiB by default).
    pub max_trace_file_size: u64,
}

impl Default for BlockCacheTraceWriterOptions {
    fn default() -> Self {
        BlockCacheTraceWriterOptions { max_trace_file_size: 64 << 30 }
    }
}
