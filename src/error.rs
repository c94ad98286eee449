//! The one error type of the engine. It mirrors RocksDB's `Status` (code,
//! optional subcode, message) and renders exactly RocksDB's `Status::ToString()`
//! text, because C callers and bindings match on those strings.

use std::fmt;

/// RocksDB's status codes (`include/rocksdb/status.h`), minus `Ok`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The key, file or object asked for does not exist (`Status::NotFound`).
    NotFound,
    /// Data on disk failed a checksum or does not parse (`Status::Corruption`).
    Corruption,
    /// The operation or option is not implemented; the text says which ("Not implemented: ...").
    NotSupported,
    /// The caller passed a value the operation refuses (`Status::InvalidArgument`).
    InvalidArgument,
    /// A system call failed; the text names the operation, the path and the OS reason.
    IOError,
    /// A lookup found merge operands it could not resolve (`Status::MergeInProgress`).
    MergeInProgress,
    /// The answer needs I/O the read options forbade, or an iteration stopped early (`Status::Incomplete`).
    Incomplete,
    /// The database is closing or closed (`Status::ShutdownInProgress`).
    ShutdownInProgress,
    /// A lock or a wait exceeded its timeout (`Status::TimedOut`).
    TimedOut,
    /// The operation was given up, e.g. a caught panic (`Status::Aborted`).
    Aborted,
    /// A conflicting operation holds the resource, e.g. a transaction write conflict (`Status::Busy`).
    Busy,
    /// A transaction outlived its expiration (`Status::Expired`).
    Expired,
    /// A transient condition; retrying may succeed (`Status::TryAgain`).
    TryAgain,
    /// A compaction would exceed a size limit (`Status::CompactionTooLarge`).
    CompactionTooLarge,
    /// The column family was dropped (`Status::ColumnFamilyDropped`).
    ColumnFamilyDropped,
}

impl Code {
    /// The prefix RocksDB's `Status::ToString()` prints for this code.
    pub fn prefix(self) -> &'static str {
        match self {
            Code::NotFound => "NotFound: ",
            Code::Corruption => "Corruption: ",
            Code::NotSupported => "Not implemented: ",
            Code::InvalidArgument => "Invalid argument: ",
            Code::IOError => "IO error: ",
            Code::MergeInProgress => "Merge in progress: ",
            Code::Incomplete => "Result incomplete: ",
            Code::ShutdownInProgress => "Shutdown in progress: ",
            Code::TimedOut => "Operation timed out: ",
            Code::Aborted => "Operation aborted: ",
            Code::Busy => "Resource busy: ",
            Code::Expired => "Operation expired: ",
            Code::TryAgain => "Operation failed. Try again.: ",
            Code::CompactionTooLarge => "Compaction too large: ",
            Code::ColumnFamilyDropped => "Column family dropped: ",
        }
    }
}

/// RocksDB's subcodes that carry their own text (`Status::msgs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubCode {
    /// "Timeout Acquiring Mutex".
    MutexTimeout,
    /// "Timeout waiting to lock key" (a pessimistic transaction's lock wait).
    LockTimeout,
    /// "Failed to acquire lock due to max_num_locks limit".
    LockLimit,
    /// "No space left on device".
    NoSpace,
    /// "Deadlock" (transactions waiting on each other).
    Deadlock,
    /// "Stale file handle".
    StaleFile,
    /// "Memory limit reached".
    MemoryLimit,
    /// "Space limit reached" (the SstFileManager's max_allowed_space_usage).
    SpaceLimit,
    /// "No such file or directory".
    PathNotFound,
    /// "Manual compaction paused" (disable_manual_compaction).
    ManualCompactionPaused,
    /// " (Value overwritten)".
    Overwritten,
    /// "Txn not prepared".
    TxnNotPrepared,
    /// "IO fenced off".
    IOFenced,
}

impl SubCode {
    /// The text RocksDB's `Status::ToString()` prints for this subcode.
    pub fn text(self) -> &'static str {
        match self {
            SubCode::MutexTimeout => "Timeout Acquiring Mutex",
            SubCode::LockTimeout => "Timeout waiting to lock key",
            SubCode::LockLimit => "Failed to acquire lock due to max_num_locks limit",
            SubCode::NoSpace => "No space left on device",
            SubCode::Deadlock => "Deadlock",
            SubCode::StaleFile => "Stale file handle",
            SubCode::MemoryLimit => "Memory limit reached",
            SubCode::SpaceLimit => "Space limit reached",
            SubCode::PathNotFound => "No such file or directory",
            SubCode::ManualCompactionPaused => "Manual compaction paused",
            SubCode::Overwritten => " (Value overwritten)",
            SubCode::TxnNotPrepared => "Txn not prepared",
            SubCode::IOFenced => "IO fenced off",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// An error: RocksDB's `Status` that is not OK — a code, an optional subcode and a
/// message. `Display` renders exactly RocksDB's `Status::ToString()`, e.g.
/// `Invalid argument: Column family not found: cf1`.
pub struct Error {
    code: Code,
    subcode: Option<SubCode>,
    msg: String,
}

/// The result of every fallible operation of ferrock.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error with `code` and `msg`.
    pub fn new(code: Code, msg: impl Into<String>) -> Error {
        Error { code, subcode: None, msg: msg.into() }
    }
    /// RocksDB's two-part message constructor: `msg: msg2` (or just `msg`).
    pub fn new2(code: Code, msg: impl AsRef<str>, msg2: impl AsRef<str>) -> Error {
        let (a, b) = (msg.as_ref(), msg2.as_ref());
        let m = if b.is_empty() { a.to_string() } else { format!("{a}: {b}") };
        Error::new(code, m)
    }
    /// An error with a subcode, whose text comes before `msg` ("Resource busy: Deadlock: x").
    pub fn with_subcode(code: Code, subcode: SubCode, msg: impl Into<String>) -> Error {
        Error { code, subcode: Some(subcode), msg: msg.into() }
    }
    /// The status code.
    pub fn code(&self) -> Code {
        self.code
    }
    /// The subcode, if any.
    pub fn subcode(&self) -> Option<SubCode> {
        self.subcode
    }
    /// The message, without the code's prefix and the subcode's text.
    pub fn message(&self) -> &str {
        &self.msg
    }
    /// `Status::NotFound(msg)`.
    pub fn not_found(msg: impl Into<String>) -> Error {
        Error::new(Code::NotFound, msg)
    }
    /// `Status::Corruption(msg)`.
    pub fn corruption(msg: impl Into<String>) -> Error {
        Error::new(Code::Corruption, msg)
    }
    /// `Status::NotSupported(msg)`, printed "Not implemented: msg".
    pub fn not_supported(msg: impl Into<String>) -> Error {
        Error::new(Code::NotSupported, msg)
    }
    /// `Status::InvalidArgument(msg)`.
    pub fn invalid_argument(msg: impl Into<String>) -> Error {
        Error::new(Code::InvalidArgument, msg)
    }
    /// `Status::IOError(msg)`.
    pub fn io(msg: impl Into<String>) -> Error {
        Error::new(Code::IOError, msg)
    }
    /// `Status::ShutdownInProgress(msg)`.
    pub fn shutdown(msg: impl Into<String>) -> Error {
        Error::new(Code::ShutdownInProgress, msg)
    }
    /// `Status::Busy(msg)`.
    pub fn busy(msg: impl Into<String>) -> Error {
        Error::new(Code::Busy, msg)
    }
    /// `Status::TimedOut(msg)`.
    pub fn timed_out(msg: impl Into<String>) -> Error {
        Error::new(Code::TimedOut, msg)
    }
    /// `Status::Aborted(msg)`.
    pub fn aborted(msg: impl Into<String>) -> Error {
        Error::new(Code::Aborted, msg)
    }
    /// `Status::Incomplete(msg)`.
    pub fn incomplete(msg: impl Into<String>) -> Error {
        Error::new(Code::Incomplete, msg)
    }
    /// A caught panic as an error ("Operation aborted: ferrock panicked: `<message>`"): the C
    /// layer returns it through errptr, a background thread latches it as the background error.
    pub fn from_panic(payload: Box<dyn std::any::Any + Send>) -> Error {
        let what = if let Some(s) = payload.downcast_ref::<&str>() {
            (*s).to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "unknown panic".to_string()
        };
        Error::new(Code::Aborted, format!("ferrock panicked: {what}"))
    }
    /// RocksDB's `IOError(context, strerror)` for a failed system call on `path`,
    /// e.g. "IO error: While open a file for appending: /x/000001.log: No such file or directory".
    pub fn from_io(context: &str, path: &std::path::Path, e: &std::io::Error) -> Error {
        let reason = strerror(e);
        let sub = match e.raw_os_error() {
            Some(libc::ENOSPC) => Some(SubCode::NoSpace),
            Some(libc::ENOENT) => Some(SubCode::PathNotFound),
            _ => None,
        };
        let msg = if context.is_empty() {
            format!("{}: {}", path.display(), reason)
        } else {
            format!("{}: {}: {}", context, path.display(), reason)
        };
        // RocksDB keeps the subcode but its text is only used for some codes; the
        // posix env renders the message itself, so no subcode text is prepended.
        let _ = sub;
        Error::new(Code::IOError, msg)
    }
    /// Whether the code is `NotFound`.
    pub fn is_not_found(&self) -> bool {
        self.code == Code::NotFound
    }
    /// Whether the code is `Corruption`.
    pub fn is_corruption(&self) -> bool {
        self.code == Code::Corruption
    }
}

/// The C library's text for an OS error, without Rust's " (os error N)" suffix.
pub fn strerror(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code.prefix())?;
        if let Some(sc) = self.subcode {
            f.write_str(sc.text())?;
            if !self.msg.is_empty() {
                f.write_str(": ")?;
            }
        }
        f.write_str(&self.msg)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rocksdb_status() {
        assert_eq!(Error::not_found("").to_string(), "NotFound: ");
        assert_eq!(Error::corruption("bad block").to_string(), "Corruption: bad block");
        assert_eq!(
            Error::not_supported("blob files").to_string(),
            "Not implemented: blob files"
        );
        assert_eq!(
            Error::new2(Code::InvalidArgument, "a", "b").to_string(),
            "Invalid argument: a: b"
        );
        assert_eq!(
            Error::with_subcode(Code::TimedOut, SubCode::LockTimeout, "").to_string(),
            "Operation timed out: Timeout waiting to lock key"
        );
        assert_eq!(
            Error::with_subcode(Code::Busy, SubCode::Deadlock, "x").to_string(),
            "Resource busy: Deadlock: x"
        );
    }
}
