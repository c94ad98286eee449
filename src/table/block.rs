//! One block of a block-based table (docs/format/block-based-table.md §5.4, §5.5): the
//! `BlockBuilder` that writes prefix-compressed entries with a restart array,
//! and `Block`/`BlockIter` that read them back in both directions.
//!
//! The same code serves data blocks (internal keys), index blocks (user or
//! internal keys, values optionally delta-encoded handles), metaindex and
//! properties blocks (bytewise keys). A `Block` is immutable and shared
//! (`Arc`) between threads and the block cache; a `BlockIter` belongs to one
//! thread. A corrupt block never panics: its iterator reports Corruption.

use crate::error::{Error, Result};
use crate::iter::InternalIterator;
use crate::key::InternalKeyComparator;
use crate::table::format::{BlockHandle, BLOCK_TRAILER_SIZE};
use crate::util::coding::{
    decode_fixed16, decode_fixed32, get_varint32, get_varsignedint64, put_fixed32, put_varint32, put_varsignedint64,
};
use crate::util::comparator::Comparator;
use std::cmp::Ordering;
use std::sync::Arc;

/// How the keys of a block are ordered.
#[derive(Clone, Debug)]
pub enum KeyOrder {
    /// Internal keys (data blocks, old-style index blocks).
    Internal(InternalKeyComparator),
    /// Plain keys (user-key index blocks under the user comparator; metaindex
    /// and properties blocks under the bytewise one).
    User(Comparator),
}

impl KeyOrder {
    #[inline]
    pub fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        match self {
            KeyOrder::Internal(c) => c.compare(a, b),
            KeyOrder::User(c) => c.compare(a, b),
        }
    }
}

/// Builds one block. Keys must be added in increasing order.
pub struct BlockBuilder {
    buf: Vec<u8>,
    restarts: Vec<u32>,
    restart_interval: usize,
    counter: usize,
    last_key: Vec<u8>,
    value_delta_encoding: bool,
    num_entries: usize,
}

impl BlockBuilder {
    /// `value_delta_encoding` leaves out value lengths and writes the value
    /// given as `delta_value` when the key shares a prefix (index blocks, §5.5).
    pub fn new(restart_interval: usize, value_delta_encoding: bool) -> BlockBuilder {
        BlockBuilder {
            buf: Vec::new(),
            restarts: vec![0],
            restart_interval: restart_interval.max(1),
            counter: 0,
            last_key: Vec::new(),
            value_delta_encoding,
            num_entries: 0,
        }
    }

    pub fn reset(&mut self) {
        self.buf.clear();
        self.restarts.clear();
        self.restarts.push(0);
        self.counter = 0;
        self.last_key.clear();
        self.num_entries = 0;
    }

    pub fn is_empty(&self) -> bool {
        self.num_entries == 0
    }

    pub fn num_entries(&self) -> usize {
        self.num_entries
    }

    pub fn last_key(&self) -> &[u8] {
        &self.last_key
    }

    /// Size of the block if finished now.
    pub fn current_size_estimate(&self) -> usize {
        self.buf.len() + 4 * self.restarts.len() + 4
    }

    /// Size after adding an entry of these lengths (RocksDB's
    /// EstimateSizeAfterKV: the whole key and value, 4 bytes for the shared
    /// length, and the two length varints).
    pub fn estimate_size_after(&self, key_len: usize, value_len: usize) -> usize {
        let mut est = self.current_size_estimate() + key_len + value_len;
        if self.counter >= self.restart_interval {
            est += 4;
        }
        est + 4
            + crate::util::coding::varint_length(key_len as u64)
            + crate::util::coding::varint_length(value_len as u64)
    }

    pub fn add(&mut self, key: &[u8], value: &[u8]) {
        self.add_with_delta(key, value, value);
    }

    /// Adds an entry whose value is `value`, or `delta_value` when value delta
    /// encoding applies (a non-restart entry sharing a prefix).
    pub fn add_with_delta(&mut self, key: &[u8], value: &[u8], delta_value: &[u8]) {
        let mut shared = 0;
        if self.counter >= self.restart_interval {
            self.restarts.push(self.buf.len() as u32);
            self.counter = 0;
        } else {
            shared = key.iter().zip(self.last_key.iter()).take_while(|(a, b)| a == b).count();
        }
        let non_shared = key.len() - shared;
        put_varint32(&mut self.buf, shared as u32);
        put_varint32(&mut self.buf, non_shared as u32);
        let v = if self.value_delta_encoding && shared != 0 { delta_value } else { value };
        if !self.value_delta_encoding {
            put_varint32(&mut self.buf, v.len() as u32);
        }
        self.buf.extend_from_slice(&key[shared..]);
        self.buf.extend_from_slice(v);
        self.last_key.clear();
        self.last_key.extend_from_slice(key);
        self.counter += 1;
        self.num_entries += 1;
    }

    /// Adds an index entry for a block at `handle`; `prev` is the previous
    /// entry's handle (for the delta value).
    pub fn add_index_entry(&mut self, key: &[u8], handle: &BlockHandle, prev: Option<&BlockHandle>) {
        let mut full = Vec::with_capacity(20);
        handle.encode_to(&mut full);
        let mut delta = Vec::with_capacity(10);
        match prev {
            Some(p) if self.value_delta_encoding => {
                put_varsignedint64(&mut delta, handle.size as i64 - p.size as i64);
            }
            _ => delta.extend_from_slice(&full),
        }
        self.add_with_delta(key, &full, &delta);
    }

    /// Appends the restart array and count and returns the finished block;
    /// the builder is reset.
    pub fn finish(&mut self) -> Vec<u8> {
        let mut out = std::mem::take(&mut self.buf);
        for r in &self.restarts {
            put_fixed32(&mut out, *r);
        }
        put_fixed32(&mut out, self.restarts.len() as u32);
        self.reset();
        out
    }
}

/// An immutable, parsed block.
pub struct Block {
    data: Vec<u8>,
    restart_offset: usize,
    num_restarts: usize,
    corrupt: Option<String>,
}

impl Block {
    /// Wraps block contents; a malformed restart array is remembered and
    /// reported by every iterator over the block.
    pub fn new(data: Vec<u8>) -> Block {
        let mut b = Block { data, restart_offset: 0, num_restarts: 0, corrupt: None };
        if let Err(msg) = b.parse_footer() {
            b.corrupt = Some(msg.to_string());
            b.num_restarts = 0;
            b.restart_offset = 0;
        }
        b
    }

    fn parse_footer(&mut self) -> std::result::Result<(), &'static str> {
        let len = self.data.len();
        if len < 4 {
            return Err("bad block contents: too short");
        }
        let packed = decode_fixed32(&self.data[len - 4..]);
        let mut num_restarts = packed as usize;
        let mut end = len - 4;
        // A data-block hash index sets bit 31; only blocks of at most 64 KiB
        // carry one, so larger blocks read the word as a plain count.
        if packed & (1 << 31) != 0 && len <= 1 << 16 {
            num_restarts = (packed & 0x7FFF_FFFF) as usize;
            if end < 2 {
                return Err("bad block contents: hash index");
            }
            let buckets = decode_fixed16(&self.data[end - 2..end]) as usize;
            end = end.checked_sub(2 + buckets).ok_or("bad block contents: hash index")?;
        }
        if num_restarts == 0 {
            return Err("bad block contents: no restart points");
        }
        let restarts_len = num_restarts.checked_mul(4).ok_or("bad block contents")?;
        if restarts_len > end {
            return Err("bad block contents: restart array too large");
        }
        self.restart_offset = end - restarts_len;
        self.num_restarts = num_restarts;
        Ok(())
    }

    /// Bytes held, for cache charging.
    pub fn size(&self) -> usize {
        self.data.len()
    }

    pub fn num_restarts(&self) -> usize {
        self.num_restarts
    }

    pub fn corruption(&self) -> Option<Error> {
        self.corrupt.as_ref().map(|m| Error::corruption(m.clone()))
    }

    fn restart_point(&self, i: usize) -> usize {
        let at = self.restart_offset + 4 * i;
        decode_fixed32(&self.data[at..at + 4]) as usize
    }

    /// An iterator over entries with ordinary (length-prefixed) values.
    pub fn iter(self: &Arc<Self>, order: KeyOrder) -> BlockIter {
        BlockIter::new(self.clone(), order, false)
    }

    /// An iterator over an index block; values come out as full encoded
    /// BlockHandles whatever the encoding in the block.
    pub fn index_iter(self: &Arc<Self>, order: KeyOrder, value_delta_encoded: bool) -> BlockIter {
        BlockIter::new(self.clone(), order, value_delta_encoded)
    }
}

/// A cursor over one block.
pub struct BlockIter {
    block: Arc<Block>,
    order: KeyOrder,
    value_delta: bool,
    /// Offset of the current entry; == restart_offset when not valid.
    current: usize,
    /// Offset just past the current entry.
    next_offset: usize,
    restart_index: usize,
    key: Vec<u8>,
    value_range: (usize, usize),
    /// The decoded handle of the current entry (delta-encoded index only).
    handle: BlockHandle,
    handle_buf: Vec<u8>,
    /// An ingested file's global sequence number: every key reads as
    /// (user key, seqno, its own type). `seq_key` holds the rewritten key
    /// while `key` keeps the stored bytes the prefix compression refers to.
    global_seqno: Option<u64>,
    seq_key: Vec<u8>,
    status: Option<Error>,
}

impl BlockIter {
    fn new(block: Arc<Block>, order: KeyOrder, value_delta: bool) -> BlockIter {
        let status = block.corruption();
        let end = block.restart_offset;
        BlockIter {
            block,
            order,
            value_delta,
            current: end,
            next_offset: end,
            restart_index: 0,
            key: Vec::new(),
            value_range: (0, 0),
            handle: BlockHandle::default(),
            handle_buf: Vec::new(),
            global_seqno: None,
            seq_key: Vec::new(),
            status,
        }
    }

    /// Makes every key read with sequence number `seqno` (ingested files).
    pub fn set_global_seqno(&mut self, seqno: u64) {
        self.global_seqno = Some(seqno);
    }

    /// `raw` with its sequence number replaced by `seqno` into `out`.
    fn rewrite_seqno(raw: &[u8], seqno: u64, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(raw);
        if raw.len() >= 8 {
            let t = crate::key::trailer(raw) & 0xff;
            let n = out.len();
            out[n - 8..].copy_from_slice(&((seqno << 8) | t).to_le_bytes());
        }
    }

    /// Compares a stored key with `target`, as the key reads (global seqno applied).
    fn compare_stored(&self, raw: &[u8], target: &[u8], scratch: &mut Vec<u8>) -> Ordering {
        match self.global_seqno {
            Some(g) => {
                Self::rewrite_seqno(raw, g, scratch);
                self.order.compare(scratch, target)
            }
            None => self.order.compare(raw, target),
        }
    }

    fn invalidate(&mut self) {
        self.current = self.block.restart_offset;
        self.next_offset = self.block.restart_offset;
    }

    fn set_corrupt(&mut self, what: &str) {
        if self.status.is_none() {
            self.status = Some(Error::corruption(format!("bad entry in block: {}", what)));
        }
        self.invalidate();
        self.key.clear();
    }

    fn seek_to_restart(&mut self, index: usize) {
        self.key.clear();
        self.restart_index = index;
        let off = self.block.restart_point(index);
        self.current = self.block.restart_offset;
        self.next_offset = off;
        self.handle = BlockHandle::default();
    }

    /// Decodes the header at `off`: (shared, non_shared, value_len, header_end).
    fn decode_header(&self, off: usize) -> Option<(usize, usize, usize, usize)> {
        let limit = self.block.restart_offset;
        let mut p = self.block.data.get(off..limit)?;
        let before = p.len();
        let shared = get_varint32(&mut p)? as usize;
        let non_shared = get_varint32(&mut p)? as usize;
        let value_len = if self.value_delta { 0 } else { get_varint32(&mut p)? as usize };
        let header_end = off + (before - p.len());
        if header_end + non_shared + value_len > limit {
            return None;
        }
        Some((shared, non_shared, value_len, header_end))
    }

    /// Parses the entry at `next_offset`; false at the end or on corruption.
    fn parse_next(&mut self) -> bool {
        if self.status.is_some() {
            self.invalidate();
            return false;
        }
        let off = self.next_offset;
        let limit = self.block.restart_offset;
        if off >= limit {
            self.invalidate();
            return false;
        }
        let (shared, non_shared, value_len, hend) = match self.decode_header(off) {
            Some(h) => h,
            None => {
                self.set_corrupt("entry header");
                return false;
            }
        };
        if shared > self.key.len() {
            self.set_corrupt("shared prefix longer than previous key");
            return false;
        }
        self.key.truncate(shared);
        self.key.extend_from_slice(&self.block.data[hend..hend + non_shared]);
        if let Some(g) = self.global_seqno {
            Self::rewrite_seqno(&self.key, g, &mut self.seq_key);
        }
        let vstart = hend + non_shared;
        let mut end = vstart + value_len;
        if self.value_delta {
            let mut p = &self.block.data[vstart..limit];
            let before = p.len();
            let h = if shared == 0 {
                match BlockHandle::decode_from(&mut p) {
                    Ok(h) => h,
                    Err(_) => {
                        self.set_corrupt("index handle");
                        return false;
                    }
                }
            } else {
                match get_varsignedint64(&mut p) {
                    Some(d) => BlockHandle {
                        offset: self
                            .handle
                            .offset
                            .wrapping_add(self.handle.size)
                            .wrapping_add(BLOCK_TRAILER_SIZE as u64),
                        size: (self.handle.size as i64).wrapping_add(d) as u64,
                    },
                    None => {
                        self.set_corrupt("index handle delta");
                        return false;
                    }
                }
            };
            end = vstart + (before - p.len());
            self.handle = h;
            self.handle_buf.clear();
            h.encode_to(&mut self.handle_buf);
        }
        self.value_range = (vstart, end);
        self.current = off;
        self.next_offset = end;
        while self.restart_index + 1 < self.block.num_restarts
            && self.block.restart_point(self.restart_index + 1) <= off
        {
            self.restart_index += 1;
        }
        true
    }

    /// The key stored at restart `i` (shared must be 0 there).
    fn restart_key(&self, i: usize) -> Option<&[u8]> {
        let off = self.block.restart_point(i);
        let (shared, non_shared, _, hend) = self.decode_header(off)?;
        if shared != 0 {
            return None;
        }
        Some(&self.block.data[hend..hend + non_shared])
    }

    /// Positions at the first entry >= target (by this block's order).
    fn seek_internal(&mut self, target: &[u8]) {
        if self.status.is_some() {
            return;
        }
        let (mut left, mut right) = (0usize, self.block.num_restarts - 1);
        let mut scratch = Vec::new();
        while left < right {
            let mid = (left + right).div_ceil(2);
            let ord = match self.restart_key(mid) {
                Some(k) => self.compare_stored(k, target, &mut scratch),
                None => {
                    self.set_corrupt("restart point");
                    return;
                }
            };
            if ord == Ordering::Less {
                left = mid;
            } else {
                right = mid - 1;
            }
        }
        self.seek_to_restart(left);
        while self.parse_next() {
            if self.order.compare(self.key(), target) != Ordering::Less {
                return;
            }
        }
    }

    /// The handle of the current index entry (index iterators only).
    pub fn handle(&self) -> Result<BlockHandle> {
        let mut v = self.value();
        BlockHandle::decode_from(&mut v)
    }
}

impl InternalIterator for BlockIter {
    fn valid(&self) -> bool {
        self.status.is_none() && self.current < self.block.restart_offset
    }

    fn seek_to_first(&mut self) {
        if self.status.is_some() {
            return;
        }
        self.seek_to_restart(0);
        self.parse_next();
    }

    fn seek_to_last(&mut self) {
        if self.status.is_some() {
            return;
        }
        self.seek_to_restart(self.block.num_restarts - 1);
        while self.parse_next() && self.next_offset < self.block.restart_offset {}
    }

    fn seek(&mut self, target: &[u8]) {
        self.seek_internal(target);
    }

    fn seek_for_prev(&mut self, target: &[u8]) {
        self.seek_internal(target);
        if self.status.is_some() {
            return;
        }
        if !self.valid() {
            self.seek_to_last();
        }
        while self.valid() && self.order.compare(self.key(), target) == Ordering::Greater {
            self.prev();
        }
    }

    fn next(&mut self) {
        if self.valid() {
            self.parse_next();
        }
    }

    fn prev(&mut self) {
        if !self.valid() {
            return;
        }
        let original = self.current;
        while self.block.restart_point(self.restart_index) >= original {
            if self.restart_index == 0 {
                self.invalidate();
                self.key.clear();
                return;
            }
            self.restart_index -= 1;
        }
        self.seek_to_restart(self.restart_index);
        while self.parse_next() && self.next_offset < original {}
    }

    fn key(&self) -> &[u8] {
        if self.global_seqno.is_some() {
            return &self.seq_key;
        }
        &self.key
    }

    fn value(&self) -> &[u8] {
        if self.value_delta {
            &self.handle_buf
        } else {
            &self.block.data[self.value_range.0..self.value_range.1]
        }
    }

    fn status(&self) -> Result<()> {
        match &self.status {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::{make_internal_key, ValueType};

    fn ikey(i: u32) -> Vec<u8> {
        make_internal_key(format!("key{:05}", i * 2).as_bytes(), 100 + i as u64, ValueType::Value)
    }

    fn build(n: u32, interval: usize) -> Arc<Block> {
        let mut b = BlockBuilder::new(interval, false);
        for i in 0..n {
            b.add(&ikey(i), format!("v{}", i).as_bytes());
        }
        Arc::new(Block::new(b.finish()))
    }

    fn order() -> KeyOrder {
        KeyOrder::Internal(InternalKeyComparator::default())
    }

    #[test]
    fn empty_block_bytes() {
        let mut b = BlockBuilder::new(16, false);
        assert_eq!(b.finish(), vec![0, 0, 0, 0, 1, 0, 0, 0]);
        let blk = Arc::new(Block::new(vec![0, 0, 0, 0, 1, 0, 0, 0]));
        let mut it = blk.iter(order());
        it.seek_to_first();
        assert!(!it.valid());
        it.seek_to_last();
        assert!(!it.valid());
        assert!(it.status().is_ok());
    }

    #[test]
    fn iterate_both_ways_and_seek_everywhere() {
        for interval in [1usize, 2, 16] {
            let n = 200;
            let blk = build(n, interval);
            let mut it = blk.iter(order());
            it.seek_to_first();
            for i in 0..n {
                assert!(it.valid());
                assert_eq!(it.key(), &ikey(i)[..]);
                assert_eq!(it.value(), format!("v{}", i).as_bytes());
                it.next();
            }
            assert!(!it.valid());
            it.seek_to_last();
            for i in (0..n).rev() {
                assert_eq!(it.key(), &ikey(i)[..]);
                it.prev();
            }
            assert!(!it.valid());
            for i in 0..n {
                it.seek(&ikey(i));
                assert_eq!(it.key(), &ikey(i)[..]);
                it.seek_for_prev(&ikey(i));
                assert_eq!(it.key(), &ikey(i)[..]);
                // Between keys: "key<2i+1>".
                let mid = make_internal_key(format!("key{:05}", i * 2 + 1).as_bytes(), 5, ValueType::Value);
                it.seek(&mid);
                if i + 1 < n {
                    assert_eq!(it.key(), &ikey(i + 1)[..]);
                } else {
                    assert!(!it.valid());
                }
                it.seek_for_prev(&mid);
                assert_eq!(it.key(), &ikey(i)[..]);
            }
            it.seek_for_prev(b"a\0\0\0\0\0\0\0\0");
            assert!(!it.valid());
            assert!(it.status().is_ok());
        }
    }

    #[test]
    fn index_delta_encoding_round_trips() {
        let mut b = BlockBuilder::new(4, true);
        let mut prev: Option<BlockHandle> = None;
        let mut handles = vec![];
        let mut off = 0u64;
        for i in 0..50u64 {
            let h = BlockHandle::new(off, 4000 + (i * 37) % 300);
            off += h.size + 5;
            b.add_index_entry(format!("k{:04}", i).as_bytes(), &h, prev.as_ref());
            prev = Some(h);
            handles.push(h);
        }
        let blk = Arc::new(Block::new(b.finish()));
        let mut it = blk.index_iter(KeyOrder::User(Comparator::Bytewise), true);
        it.seek_to_first();
        for h in &handles {
            assert_eq!(it.handle().unwrap(), *h);
            it.next();
        }
        it.seek_to_last();
        for (i, h) in handles.iter().enumerate().rev() {
            assert_eq!(it.key(), format!("k{:04}", i).as_bytes());
            assert_eq!(it.handle().unwrap(), *h);
            it.prev();
        }
        it.seek(b"k0031x");
        assert_eq!(it.handle().unwrap(), handles[32]);
    }

    #[test]
    fn corrupt_blocks_report_corruption() {
        for bad in [vec![], vec![1, 2], vec![0, 0, 0, 0, 0, 0, 0, 0], vec![0xff, 0, 0, 0, 9, 0, 0, 0]] {
            let blk = Arc::new(Block::new(bad));
            let mut it = blk.iter(order());
            it.seek_to_first();
            assert!(!it.valid());
            assert!(it.status().unwrap_err().is_corruption());
        }
        // An entry whose lengths run past the restart array.
        let mut data = build(10, 16);
        let mut raw = Arc::try_unwrap(std::mem::replace(&mut data, Arc::new(Block::new(vec![])))).ok().unwrap().data;
        raw[1] = 0x7f;
        raw[2] = 0x7f;
        let blk = Arc::new(Block::new(raw));
        let mut it = blk.iter(order());
        it.seek_to_first();
        assert!(!it.valid());
        assert!(it.status().unwrap_err().is_corruption());
        it.seek(&ikey(3));
        it.seek_to_last();
        it.prev();
        assert!(!it.valid());
    }
}
