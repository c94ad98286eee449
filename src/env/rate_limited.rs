//! A `WritableFile` whose appends are charged to a rate limiter first (RocksDB's
//! WritableFileWriter with `rate_limiter`): flush and compaction outputs are written at the
//! database's `rate_limiter` pace, flushes at high priority, compactions at low.

use super::WritableFile;
use crate::error::Result;
use crate::util::rate_limiter::{IoPriority, OpType, RateLimiter};
use std::sync::Arc;

pub struct RateLimitedFile {
    inner: Box<dyn WritableFile>,
    limiter: Arc<RateLimiter>,
    priority: IoPriority,
}

/// `file` charged to `limiter` at `priority`, or `file` itself without a limiter.
pub fn rate_limited(file: Box<dyn WritableFile>, limiter: Option<&Arc<RateLimiter>>, priority: IoPriority) -> Box<dyn WritableFile> {
    match limiter {
        Some(l) if l.is_rate_limited(OpType::Write) => Box::new(RateLimitedFile { inner: file, limiter: l.clone(), priority }),
        _ => file,
    }
}

impl WritableFile for RateLimitedFile {
    fn append(&mut self, data: &[u8]) -> Result<()> {
        self.limiter.request_in_bursts(data.len() as i64, self.priority, OpType::Write);
        self.inner.append(data)
    }
    fn flush(&mut self) -> Result<()> {
        self.inner.flush()
    }
    fn sync(&mut self) -> Result<()> {
        self.inner.sync()
    }
    fn close(&mut self) -> Result<()> {
        self.inner.close()
    }
    fn size(&self) -> u64 {
        self.inner.size()
    }
}
