//! Files held in memory, for the parsers that read through ferrock's file traits (tables
//! through `RandomAccessFile`, logs through `SequentialFile`): the seed corpus and the
//! targets both use them.

use ferrock::env::{RandomAccessFile, SequentialFile};

/// A whole file in memory, read at any offset.
pub struct MemFile(pub Vec<u8>);

impl RandomAccessFile for MemFile {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> ferrock::Result<usize> {
        let start = (offset as usize).min(self.0.len());
        let n = buf.len().min(self.0.len() - start);
        buf[..n].copy_from_slice(&self.0[start..start + n]);
        Ok(n)
    }
    fn size(&self) -> ferrock::Result<u64> {
        Ok(self.0.len() as u64)
    }
}

/// A file in memory read from the start.
pub struct MemSeq {
    data: Vec<u8>,
    pos: usize,
}

impl MemSeq {
    pub fn new(data: Vec<u8>) -> MemSeq {
        MemSeq { data, pos: 0 }
    }
}

impl SequentialFile for MemSeq {
    fn read(&mut self, buf: &mut [u8]) -> ferrock::Result<usize> {
        let n = buf.len().min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}
