//! Copying and creating files through a `FileSystem` the way RocksDB's CopyEngine does for
//! checkpoints and backups: in buffers (`io_buffer_size`, else the rate limiter's burst, else
//! 5 MiB), up to a size limit for files that may still grow, with the CRC32C of what was
//! copied, reads and writes charged to a rate limiter, a progress callback every
//! `callback_trigger_interval_size` bytes, a stop flag checked between buffers, and a sync of
//! the copy before it is closed.

use crate::env::FileSystem;
use crate::error::{Code, Error, Result};
use crate::util::rate_limiter::{IoPriority, OpType, RateLimiter};
use parking_lot::Mutex;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// RocksDB's kDefaultCopyFileBufferSize.
pub const DEFAULT_COPY_BUFFER_SIZE: usize = 5 * 1024 * 1024;

/// A callback run every `interval` bytes copied, one call at a time (RocksDB serialises them).
pub struct Progress {
    pub interval: u64,
    callback: Arc<dyn Fn() + Send + Sync>,
    one_at_a_time: Mutex<()>,
}

impl Progress {
    pub fn new(interval: u64, callback: Arc<dyn Fn() + Send + Sync>) -> Progress {
        Progress { interval: interval.max(1), callback, one_at_a_time: Mutex::new(()) }
    }
}

/// What governs one copy: shared by the files of one checkpoint, backup or restore.
#[derive(Clone, Default)]
pub struct CopyControl {
    pub rate_limiter: Option<Arc<RateLimiter>>,
    /// 0: the rate limiter's burst size, or 5 MiB.
    pub io_buffer_size: u64,
    pub progress: Option<Arc<Progress>>,
    /// Set to stop: copies then fail with "Result incomplete: <stop_message>".
    pub stop: Option<Arc<AtomicBool>>,
    pub stop_message: &'static str,
}

/// What a copy produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    pub size: u64,
    pub crc32c: u32,
}

impl CopyControl {
    fn buffer_size(&self) -> usize {
        if self.io_buffer_size > 0 {
            return self.io_buffer_size as usize;
        }
        match &self.rate_limiter {
            Some(rl) => rl.single_burst_bytes().max(1) as usize,
            None => DEFAULT_COPY_BUFFER_SIZE,
        }
    }

    fn check_stop(&self) -> Result<()> {
        match &self.stop {
            Some(s) if s.load(Ordering::Acquire) => Err(Error::new(Code::Incomplete, self.stop_message)),
            _ => Ok(()),
        }
    }

    /// Copies `src` to `dst` (created or truncated): at most `size_limit` bytes (0: all).
    /// `bytes_toward_next_callback` carries the progress count across the files one worker copies.
    pub fn copy_file(
        &self,
        src_fs: &dyn FileSystem,
        src: &Path,
        dst_fs: &dyn FileSystem,
        dst: &Path,
        size_limit: u64,
        sync: bool,
        bytes_toward_next_callback: &mut u64,
    ) -> Result<Copied> {
        self.check_stop()?;
        let mut remaining = if size_limit == 0 { u64::MAX } else { size_limit };
        let mut out = dst_fs.new_writable_file(dst)?;
        let mut input = src_fs.new_sequential_file(src)?;
        let mut buf = vec![0u8; self.buffer_size()];
        let mut copied = Copied { size: 0, crc32c: 0 };
        while remaining > 0 {
            self.check_stop()?;
            let want = (buf.len() as u64).min(remaining) as usize;
            let n = read_full(input.as_mut(), &mut buf[..want])?;
            if n == 0 {
                break;
            }
            if let Some(rl) = &self.rate_limiter {
                rl.request_in_bursts(n as i64, IoPriority::Low, OpType::Read);
            }
            out.append(&buf[..n])?;
            if let Some(rl) = &self.rate_limiter {
                rl.request_in_bursts(n as i64, IoPriority::Low, OpType::Write);
            }
            copied.crc32c = crate::util::crc::extend(copied.crc32c, &buf[..n]);
            copied.size += n as u64;
            remaining -= n as u64;
            self.report(n as u64, bytes_toward_next_callback);
            if n < want {
                break;
            }
        }
        if sync {
            out.sync()?;
        }
        out.close()?;
        Ok(copied)
    }

    /// Reads `path` (at most `size_limit` bytes, 0: all) for its size and CRC32C.
    pub fn checksum_file(&self, fs: &dyn FileSystem, path: &Path, size_limit: u64) -> Result<Copied> {
        let mut remaining = if size_limit == 0 { u64::MAX } else { size_limit };
        let mut input = fs.new_sequential_file(path)?;
        let mut buf = vec![0u8; self.buffer_size()];
        let mut copied = Copied { size: 0, crc32c: 0 };
        while remaining > 0 {
            self.check_stop()?;
            let want = (buf.len() as u64).min(remaining) as usize;
            let n = read_full(input.as_mut(), &mut buf[..want])?;
            if n == 0 {
                break;
            }
            if let Some(rl) = &self.rate_limiter {
                rl.request_in_bursts(n as i64, IoPriority::Low, OpType::Read);
            }
            copied.crc32c = crate::util::crc::extend(copied.crc32c, &buf[..n]);
            copied.size += n as u64;
            remaining -= n as u64;
            if n < want {
                break;
            }
        }
        Ok(copied)
    }

    /// Creates `path` holding `contents` (CURRENT of a checkpoint or backup).
    pub fn create_file(&self, fs: &dyn FileSystem, path: &Path, contents: &[u8], sync: bool) -> Result<Copied> {
        self.check_stop()?;
        let mut out = fs.new_writable_file(path)?;
        out.append(contents)?;
        if let Some(rl) = &self.rate_limiter {
            rl.request_in_bursts(contents.len() as i64, IoPriority::Low, OpType::Write);
        }
        if sync {
            out.sync()?;
        }
        out.close()?;
        Ok(Copied { size: contents.len() as u64, crc32c: crate::util::crc::value(contents) })
    }

    fn report(&self, n: u64, toward: &mut u64) {
        if let Some(p) = &self.progress {
            *toward += n;
            while *toward >= p.interval {
                *toward -= p.interval;
                let _one = p.one_at_a_time.lock();
                (p.callback)();
            }
        }
    }
}

/// Fills `buf` unless the file ends first; returns the bytes read.
fn read_full(f: &mut dyn crate::env::SequentialFile, buf: &mut [u8]) -> Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        let k = f.read(&mut buf[n..])?;
        if k == 0 {
            break;
        }
        n += k;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::testutil::TempDir;

    #[test]
    fn copies_up_to_the_limit_with_crc_and_progress() {
        let dir = TempDir::created("copy-limit");
        let fs = crate::env::default_fs();
        let data: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(dir.0.join("src"), &data).unwrap();
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let c = calls.clone();
        let ctl = CopyControl {
            io_buffer_size: 1000,
            progress: Some(Arc::new(Progress::new(3000, Arc::new(move || {
                c.fetch_add(1, Ordering::SeqCst);
            })))),
            ..Default::default()
        };
        let mut toward = 0;
        let got = ctl.copy_file(fs.as_ref(), &dir.0.join("src"), fs.as_ref(), &dir.0.join("dst"), 7_500, true, &mut toward).unwrap();
        assert_eq!(got, Copied { size: 7_500, crc32c: crate::util::crc::value(&data[..7_500]) });
        assert_eq!(std::fs::read(dir.0.join("dst")).unwrap(), &data[..7_500]);
        assert_eq!(calls.load(Ordering::SeqCst), 2, "7,500 bytes at one call per 3,000");
        assert_eq!(toward, 1_500);
        let whole = ctl.checksum_file(fs.as_ref(), &dir.0.join("src"), 0).unwrap();
        assert_eq!(whole, Copied { size: 10_000, crc32c: crate::util::crc::value(&data) });
        let stop = Arc::new(AtomicBool::new(true));
        let stopped = CopyControl { stop: Some(stop), stop_message: "Backup stopped", ..Default::default() };
        let e = stopped.copy_file(fs.as_ref(), &dir.0.join("src"), fs.as_ref(), &dir.0.join("x"), 0, false, &mut toward).unwrap_err();
        assert_eq!(e.to_string(), "Result incomplete: Backup stopped");
    }
}
