//! `InfoLog`: the human-readable `<db>/LOG` file RocksDB users and tools look
//! at. Lines follow RocksDB's layout, `YYYY/MM/DD-HH:MM:SS.micros <thread-id> message`
//! (times in UTC). Opening rotates an existing LOG to `LOG.old.<micros>` and
//! keeps at most `keep_log_file_num` old logs, as RocksDB does.
//!
//! Thread-safe: lines are written whole under a mutex and handed to the OS per
//! line (never synced). Logging never fails the caller: a write error is
//! dropped, as RocksDB's logger does.
//!
//! A user's logger (`Options::info_log`, the C API's stderr and callback loggers) takes the
//! place of the LOG file, as RocksDB's `options.info_log` does. Every line ferrock writes is
//! at INFO level, so a logger (or `info_log_level`) above INFO receives nothing.

use super::{FileSystem, WritableFile};
use crate::error::Result;
use parking_lot::Mutex;
use std::path::Path;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

pub struct InfoLog {
    /// None for the null logger and for a user's logger.
    file: Option<Mutex<Box<dyn WritableFile>>>,
    user: Option<Arc<UserLogger>>,
    /// The LOG file's info_log_level: above INFO, nothing is written to it.
    file_level: std::sync::atomic::AtomicU32,
}

/// RocksDB's InfoLogLevel numbers.
pub const INFO_LEVEL: u32 = 1;

/// A logger the user supplies: it gets each message (without the LOG file's time and thread
/// prefix) with its level, and ignores messages below its own level.
pub struct UserLogger {
    /// The lowest level passed on (RocksDB's InfoLogLevel: 0 DEBUG, 1 INFO, 2 WARN, 3 ERROR, ...).
    pub level: u32,
    /// Called with each message's level and text.
    pub write: Box<dyn Fn(u32, &str) + Send + Sync>,
}

impl UserLogger {
    /// RocksDB's StderrLogger: "`<time>` `<thread>` `<prefix><message>`" on standard error.
    pub fn stderr(level: u32, prefix: String) -> UserLogger {
        UserLogger {
            level,
            write: Box::new(move |_, msg| {
                eprintln!("{} {:x} {prefix}{msg}", format_timestamp(now_micros()), thread_number());
            }),
        }
    }
}

/// Writes a formatted line to an `InfoLog`: `info_log!(log, "flushed {} bytes", n)`. Not
/// exported: it is no part of the Rust API (the engine calls `InfoLog::logf` itself).
#[allow(unused_macros)]
macro_rules! info_log {
    ($log:expr, $($arg:tt)*) => {
        $log.logf(format_args!($($arg)*))
    };
}

const OLD_PREFIX: &str = "LOG.old.";

impl InfoLog {
    /// Opens `<dir>/LOG` for a new session, creating `dir` if needed. An existing
    /// LOG becomes `LOG.old.<now in micros>`, then the oldest `LOG.old.*` beyond
    /// `keep` are deleted.
    pub fn open(fs: &dyn FileSystem, dir: &Path, keep: usize) -> Result<Arc<InfoLog>> {
        fs.create_dir_all(dir)?;
        let current = dir.join("LOG");
        if fs.file_exists(&current) {
            let mut stamp = now_micros();
            // Two opens in the same microsecond must not overwrite an old log.
            while fs.file_exists(&dir.join(format!("{OLD_PREFIX}{stamp}"))) {
                stamp += 1;
            }
            fs.rename(&current, &dir.join(format!("{OLD_PREFIX}{stamp}")))?;
        }
        let mut old: Vec<(u64, String)> = fs
            .list_dir(dir)?
            .into_iter()
            .filter_map(|name| {
                let stamp = name.strip_prefix(OLD_PREFIX)?.parse::<u64>().ok()?;
                Some((stamp, name))
            })
            .collect();
        if old.len() > keep {
            old.sort();
            for (_, name) in &old[..old.len() - keep] {
                // A file that cannot be deleted is left behind, as RocksDB does.
                let _ = fs.remove_file(&dir.join(name));
            }
        }
        let file = fs.new_writable_file(&current)?;
        Ok(Arc::new(InfoLog { file: Some(Mutex::new(file)), user: None, file_level: INFO_LEVEL.into() }))
    }

    /// A logger that discards everything (no LOG file).
    pub fn null() -> Arc<InfoLog> {
        Arc::new(InfoLog { file: None, user: None, file_level: INFO_LEVEL.into() })
    }

    /// RocksDB's info_log_level for the LOG file (a user's logger has its own level).
    pub fn set_file_level(&self, level: u32) {
        self.file_level.store(level, std::sync::atomic::Ordering::Relaxed);
    }

    /// Messages go to the user's logger instead of a LOG file.
    pub fn to_user(logger: Arc<UserLogger>) -> Arc<InfoLog> {
        Arc::new(InfoLog { file: None, user: Some(logger), file_level: INFO_LEVEL.into() })
    }

    pub fn log(&self, msg: &str) {
        self.logf(format_args!("{msg}"));
    }

    pub fn logf(&self, args: std::fmt::Arguments) {
        if let Some(user) = &self.user {
            if user.level <= INFO_LEVEL {
                (user.write)(INFO_LEVEL, &args.to_string());
            }
            return;
        }
        let Some(file) = &self.file else { return };
        if self.file_level.load(std::sync::atomic::Ordering::Relaxed) > INFO_LEVEL {
            return;
        }
        use std::fmt::Write;
        let mut line = String::with_capacity(128);
        let micros = now_micros();
        let _ = write!(line, "{} {:x} ", format_timestamp(micros), thread_number());
        let _ = line.write_fmt(args);
        if !line.ends_with('\n') {
            line.push('\n');
        }
        let mut f = file.lock();
        let _ = f.append(line.as_bytes()).and_then(|_| f.flush());
    }

    /// Hands everything written to the OS (each line already is).
    pub fn flush(&self) {
        if let Some(file) = &self.file {
            let _ = file.lock().flush();
        }
    }

    pub fn is_null(&self) -> bool {
        self.file.is_none() && self.user.is_none()
    }
}

impl Drop for InfoLog {
    fn drop(&mut self) {
        if let Some(file) = &self.file {
            let _ = file.lock().close();
        }
    }
}

fn now_micros() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_micros() as u64).unwrap_or(0)
}

/// A small stable number per thread (std does not expose the OS thread id safely).
fn thread_number() -> u64 {
    thread_local! {
        static NUMBER: u64 = {
            let dbg = format!("{:?}", std::thread::current().id());
            dbg.chars().filter(|c| c.is_ascii_digit()).collect::<String>().parse().unwrap_or(0)
        };
    }
    NUMBER.with(|n| *n)
}

/// `YYYY/MM/DD-HH:MM:SS.micros` in UTC for microseconds since the epoch.
fn format_timestamp(micros: u64) -> String {
    let secs = micros / 1_000_000;
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let sod = secs % 86_400;
    format!(
        "{y:04}/{m:02}/{d:02}-{:02}:{:02}:{:02}.{:06}",
        sod / 3600,
        sod / 60 % 60,
        sod % 60,
        micros % 1_000_000
    )
}

/// Proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// days-to-civil method: shift to eras of 400 years starting in March).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::env::read_file_to_vec;

    use crate::util::testutil::TempDir;

    #[test]
    fn timestamps_render_like_rocksdb() {
        assert_eq!(format_timestamp(0), "1970/01/01-00:00:00.000000");
        // 2026-11-30 05:37:06.123456 UTC
        assert_eq!(format_timestamp(1_796_017_026_123_456), "2026/11/30-05:37:06.123456");
        assert_eq!(format_timestamp(951_782_400_000_001), "2000/02/29-00:00:00.000001");
        assert_eq!(format_timestamp(4_107_542_399_999_999), "2100/02/28-23:59:59.999999");
    }

    #[test]
    fn writes_lines_and_rotates_keeping_the_newest_old_logs() {
        let dir = TempDir::new("rotate");
        let fs = crate::env::default_fs();
        for session in 0..5 {
            let log = InfoLog::open(&*fs, &dir.0, 2).unwrap();
            log.log(&format!("session {session}"));
            info_log!(log, "opened with {} column families", 1);
            // Flushed per line: readable while the logger is still open.
            let text = String::from_utf8(read_file_to_vec(&*fs, &dir.0.join("LOG")).unwrap()).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 2);
            let (stamp, rest) = lines[0].split_at(26);
            assert_eq!(stamp.as_bytes()[4], b'/');
            assert_eq!(stamp.as_bytes()[10], b'-');
            assert_eq!(stamp.as_bytes()[19], b'.');
            let (tid, msg) = rest.trim_start().split_once(' ').unwrap();
            assert!(u64::from_str_radix(tid, 16).is_ok(), "thread id {tid}");
            assert_eq!(msg, format!("session {session}"));
            assert!(lines[1].ends_with(" opened with 1 column families"));
        }
        let mut old: Vec<String> = fs.list_dir(&dir.0).unwrap().into_iter().filter(|n| n.starts_with("LOG.old.")).collect();
        old.sort();
        assert_eq!(old.len(), 2);
        // The kept old logs are the two most recent sessions before the current one.
        let second_newest = String::from_utf8(read_file_to_vec(&*fs, &dir.0.join(&old[0])).unwrap()).unwrap();
        let newest = String::from_utf8(read_file_to_vec(&*fs, &dir.0.join(&old[1])).unwrap()).unwrap();
        assert!(second_newest.contains("session 2"), "{second_newest}");
        assert!(newest.contains("session 3"), "{newest}");
    }

    #[test]
    fn null_logger_discards_and_concurrent_lines_stay_whole() {
        let null = InfoLog::null();
        null.log("nothing");
        assert!(null.is_null());

        let dir = TempDir::new("threads");
        let fs = crate::env::default_fs();
        let log = InfoLog::open(&*fs, &dir.0, 1).unwrap();
        let workers: Vec<_> = (0..4)
            .map(|t| {
                let log = log.clone();
                std::thread::spawn(move || {
                    for i in 0..50 {
                        info_log!(log, "thread {t} line {i}");
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        let text = String::from_utf8(read_file_to_vec(&*fs, &dir.0.join("LOG")).unwrap()).unwrap();
        assert_eq!(text.lines().count(), 200);
        assert!(text.lines().all(|l| l.contains(" thread ") && l.contains(" line ")));
    }

    #[test]
    fn a_user_logger_gets_messages_at_or_above_its_level() {
        let got = Arc::new(Mutex::new(Vec::new()));
        let sink = got.clone();
        let info = InfoLog::to_user(Arc::new(UserLogger { level: INFO_LEVEL, write: Box::new(move |l, m| sink.lock().push((l, m.to_string()))) }));
        info_log!(info, "flushed {} bytes", 42);
        assert_eq!(*got.lock(), vec![(INFO_LEVEL, "flushed 42 bytes".to_string())]);
        assert!(!info.is_null());
        let quiet = Arc::new(Mutex::new(0));
        let q = quiet.clone();
        let warn_only = InfoLog::to_user(Arc::new(UserLogger { level: 2, write: Box::new(move |_, _| *q.lock() += 1) }));
        warn_only.log("an INFO line");
        assert_eq!(*quiet.lock(), 0);
    }
}
