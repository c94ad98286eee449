//! RocksDB's whole-file checksums (`file_checksum_gen_factory`): each table a database
//! writes gets a checksum of its bytes, recorded in the MANIFEST (NewFile4 fields 7 and 8)
//! and compared by VerifyFileChecksums. ferrock has RocksDB's built-in generator only,
//! FileChecksumGenCrc32cFactory: function "FileChecksumCrc32c", the CRC32C of the file's
//! bytes stored as 4 big-endian bytes, as RocksDB's FileChecksumGenCrc32c stores it.
//!
//! `ChecksummingFile` computes it while a table is written (no second read); `of_file`
//! reads a file back for verification.

use crate::env::{FileSystem, WritableFile};
use crate::error::{Error, Result};
use parking_lot::Mutex;
use std::path::Path;
use std::sync::Arc;

/// RocksDB's name of the CRC32C checksum function.
pub const CRC32C_FUNC_NAME: &str = "FileChecksumCrc32c";

/// A file checksum generator factory (RocksDB's FileChecksumGenFactory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileChecksumGenFactory {
    /// FileChecksumGenCrc32cFactory.
    Crc32c,
}

impl FileChecksumGenFactory {
    /// RocksDB's class name.
    pub fn name(self) -> &'static str {
        "FileChecksumGenCrc32cFactory"
    }

    /// The checksum function's name (recorded beside each checksum).
    pub fn func_name(self) -> &'static str {
        CRC32C_FUNC_NAME
    }
}

/// The stored form of a CRC32C.
fn finalize(crc: u32) -> Vec<u8> {
    crc.to_be_bytes().to_vec()
}

/// A table file whose appended bytes are checksummed on the way; `checksum` reads the result.
pub struct ChecksummingFile {
    inner: Box<dyn WritableFile>,
    crc: Arc<Mutex<u32>>,
}

/// What reads a `ChecksummingFile`'s checksum once the file is written.
#[derive(Clone)]
pub struct ChecksumHandle(Arc<Mutex<u32>>);

impl ChecksumHandle {
    pub fn checksum(&self) -> Vec<u8> {
        finalize(*self.0.lock())
    }
}

impl ChecksummingFile {
    pub fn wrap(inner: Box<dyn WritableFile>) -> (Box<dyn WritableFile>, ChecksumHandle) {
        let crc = Arc::new(Mutex::new(0u32));
        (Box::new(ChecksummingFile { inner, crc: crc.clone() }), ChecksumHandle(crc))
    }
}

impl WritableFile for ChecksummingFile {
    fn append(&mut self, data: &[u8]) -> Result<()> {
        self.inner.append(data)?;
        let mut c = self.crc.lock();
        *c = super::crc::extend(*c, data);
        Ok(())
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

/// The checksum of the file at `path` by the function `func_name`, as RocksDB's
/// GenerateOneFileChecksum computes it.
pub fn of_file(fs: &dyn FileSystem, path: &Path, factory: FileChecksumGenFactory, func_name: &str) -> Result<Vec<u8>> {
    if func_name != factory.func_name() {
        return Err(Error::invalid_argument(format!(
            "Cannot get the file checksum generator based on the requested checksum function name: {func_name} from checksum factory: {}",
            factory.name()
        )));
    }
    let file = fs.new_random_access_file(path)?;
    let size = file.size()?;
    let mut buf = vec![0u8; 1 << 20];
    let (mut crc, mut offset) = (0u32, 0u64);
    while offset < size {
        let n = file.read_at(offset, &mut buf)?;
        if n == 0 {
            return Err(Error::corruption(format!("{}: file shorter than its size", path.display())));
        }
        crc = super::crc::extend(crc, &buf[..n]);
        offset += n as u64;
    }
    Ok(finalize(crc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_and_read_back_checksums_agree() {
        let d = crate::util::testutil::TempDir::new("file-checksum");
        let fs = crate::env::default_fs();
        fs.create_dir_all(&d.0).unwrap();
        let path = d.0.join("x.sst");
        let (mut f, h) = ChecksummingFile::wrap(fs.new_writable_file(&path).unwrap());
        f.append(b"1234").unwrap();
        f.append(b"56789").unwrap();
        f.close().unwrap();
        // CRC32C("123456789") is 0xE3069283, stored big-endian.
        assert_eq!(h.checksum(), vec![0xe3, 0x06, 0x92, 0x83]);
        let f = FileChecksumGenFactory::Crc32c;
        assert_eq!(of_file(fs.as_ref(), &path, f, CRC32C_FUNC_NAME).unwrap(), h.checksum());
        let e = of_file(fs.as_ref(), &path, f, "Other").unwrap_err();
        assert!(e.to_string().starts_with("Invalid argument: Cannot get the file checksum generator"), "{e}");
    }
}
