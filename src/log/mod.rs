//! The log format shared by the WAL and the MANIFEST (docs/format/log.md):
//! 32 KiB blocks of CRC-checked fragments.
pub mod format;
pub mod reader;
pub mod writer;

pub use reader::LogReader;
pub use writer::LogWriter;

#[cfg(test)]
mod tests;
