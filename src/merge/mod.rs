//! Merge operators (RocksDB's `MergeOperator`): how a key's Merge entries
//! (value type 0x02, docs/format/internal-key.md) combine with the value under them.
//!
//! Operands are always given oldest first, as RocksDB's `MergeOperationInput`
//! lists them. A full merge turns an optional base value plus operands into a
//! value; a partial merge combines operands alone into one operand, which
//! flush and compaction use when no base is in reach. An operator that cannot
//! partially merge returns `None` there and the operands stay as they are.
//!
//! Built-ins, named as RocksDB names them (the name is recorded in tables'
//! `rocksdb.merge.operator` property and the OPTIONS file):
//! - `PutOperator`: the newest operand wins (db_bench's `--merge_operator=put`);
//! - `UInt64AddOperator`: operands and value are little-endian fixed64 numbers, summed
//!   with wrap-around; a value of another size counts as 0, as in RocksDB;
//! - `StringAppendOperator`: operands appended to the value, joined by a delimiter.

use crate::error::{Error, Result};
use std::sync::Arc;

/// Combines a key's merge operands with the value under them (RocksDB's `MergeOperator`);
/// set one in [`Options::merge_operator`](crate::Options::merge_operator). Operands come oldest
/// first. Built-ins: [`PutOperator`], [`UInt64AddOperator`], [`StringAppendOperator`].
/// Called from reads, flushes and compactions on any thread.
pub trait MergeOperator: Send + Sync {
    /// The name stored in table properties and the OPTIONS file.
    fn name(&self) -> String;

    /// Combines `existing` (None: no value, or a deletion, under the operands)
    /// with `operands` (oldest first). None means the merge failed.
    fn full_merge(&self, key: &[u8], existing: Option<&[u8]>, operands: &[&[u8]]) -> Option<Vec<u8>>;

    /// Combines two or more operands (oldest first) into one, or None when
    /// that is not possible for these operands.
    fn partial_merge(&self, _key: &[u8], _operands: &[&[u8]]) -> Option<Vec<u8>> {
        None
    }
}

/// Runs a full merge, turning failure into RocksDB's status.
pub fn full_merge(op: &dyn MergeOperator, key: &[u8], existing: Option<&[u8]>, operands: &[&[u8]]) -> Result<Vec<u8>> {
    op.full_merge(key, existing, operands).ok_or_else(|| Error::corruption("Merge operator failed"))
}

/// The status of reading a Merge entry when the column family has no operator.
pub fn no_operator_error() -> Error {
    Error::invalid_argument("merge_operator is not properly initialized.")
}

/// `PutOperator`: the newest operand is the value.
pub struct PutOperator;

impl MergeOperator for PutOperator {
    fn name(&self) -> String {
        "PutOperator".into()
    }
    fn full_merge(&self, _key: &[u8], existing: Option<&[u8]>, operands: &[&[u8]]) -> Option<Vec<u8>> {
        operands.last().copied().or(existing).map(|v| v.to_vec())
    }
    fn partial_merge(&self, _key: &[u8], operands: &[&[u8]]) -> Option<Vec<u8>> {
        operands.last().map(|v| v.to_vec())
    }
}

/// `UInt64AddOperator`: sums little-endian fixed64 numbers.
pub struct UInt64AddOperator;

fn decode_u64_or_zero(v: &[u8]) -> u64 {
    match <[u8; 8]>::try_from(v) {
        Ok(b) => u64::from_le_bytes(b),
        // RocksDB logs "uint64 value corruption" and treats the value as 0.
        Err(_) => 0,
    }
}

impl MergeOperator for UInt64AddOperator {
    fn name(&self) -> String {
        "UInt64AddOperator".into()
    }
    fn full_merge(&self, _key: &[u8], existing: Option<&[u8]>, operands: &[&[u8]]) -> Option<Vec<u8>> {
        let mut sum = existing.map_or(0, decode_u64_or_zero);
        for o in operands {
            sum = sum.wrapping_add(decode_u64_or_zero(o));
        }
        Some(sum.to_le_bytes().to_vec())
    }
    fn partial_merge(&self, key: &[u8], operands: &[&[u8]]) -> Option<Vec<u8>> {
        self.full_merge(key, None, operands)
    }
}

/// `StringAppendOperator`: `value + delim + op1 + delim + op2 ...`.
pub struct StringAppendOperator {
    /// The bytes put between the value and each operand.
    pub delimiter: Vec<u8>,
}

impl StringAppendOperator {
    /// An operator joining with `delimiter` (RocksDB's `StringAppendOperator(delim)`).
    pub fn new(delimiter: &[u8]) -> Self {
        StringAppendOperator { delimiter: delimiter.to_vec() }
    }
}

impl MergeOperator for StringAppendOperator {
    fn name(&self) -> String {
        "StringAppendOperator".into()
    }
    fn full_merge(&self, _key: &[u8], existing: Option<&[u8]>, operands: &[&[u8]]) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut first = true;
        for part in existing.into_iter().chain(operands.iter().copied()) {
            if !first {
                out.extend_from_slice(&self.delimiter);
            }
            out.extend_from_slice(part);
            first = false;
        }
        Some(out)
    }
    fn partial_merge(&self, key: &[u8], operands: &[&[u8]]) -> Option<Vec<u8>> {
        self.full_merge(key, None, operands)
    }
}

/// A built-in operator by the names db_bench and the OPTIONS file use:
/// `put`/`PutOperator`, `uint64add`/`UInt64AddOperator`,
/// `stringappend`/`StringAppendOperator` (delimiter ",").
pub fn builtin(name: &str) -> Option<Arc<dyn MergeOperator>> {
    Some(match name {
        "put" | "PutOperator" | "put_v1" => Arc::new(PutOperator),
        "uint64add" | "UInt64AddOperator" => Arc::new(UInt64AddOperator),
        "stringappend" | "StringAppendOperator" | "StringAppendTESTOperator" => Arc::new(StringAppendOperator::new(b",")),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_keeps_the_newest_operand() {
        let op = PutOperator;
        assert_eq!(op.full_merge(b"k", Some(b"base"), &[b"a", b"b"]), Some(b"b".to_vec()));
        assert_eq!(op.full_merge(b"k", Some(b"base"), &[]), Some(b"base".to_vec()));
        assert_eq!(op.partial_merge(b"k", &[b"a", b"b"]), Some(b"b".to_vec()));
    }

    #[test]
    fn uint64add_sums_and_treats_bad_sizes_as_zero() {
        let op = UInt64AddOperator;
        let one = 1u64.to_le_bytes();
        let big = u64::MAX.to_le_bytes();
        assert_eq!(op.full_merge(b"k", None, &[&one, &one, &one]), Some(3u64.to_le_bytes().to_vec()));
        assert_eq!(op.full_merge(b"k", Some(&big), &[&one, &one]), Some(1u64.to_le_bytes().to_vec()));
        assert_eq!(op.full_merge(b"k", Some(b"xyz"), &[&one]), Some(1u64.to_le_bytes().to_vec()));
        assert_eq!(op.partial_merge(b"k", &[&one, &one]), Some(2u64.to_le_bytes().to_vec()));
    }

    #[test]
    fn stringappend_joins_with_the_delimiter() {
        let op = StringAppendOperator::new(b",");
        assert_eq!(op.full_merge(b"k", Some(b"a"), &[b"b", b"c"]), Some(b"a,b,c".to_vec()));
        assert_eq!(op.full_merge(b"k", None, &[b"b", b"c"]), Some(b"b,c".to_vec()));
        assert_eq!(op.full_merge(b"k", Some(b""), &[b"x"]), Some(b",x".to_vec()));
        assert_eq!(StringAppendOperator::new(b"::").partial_merge(b"k", &[b"1", b"2"]), Some(b"1::2".to_vec()));
        assert_eq!(builtin("stringappend").map(|o| o.name()), Some("StringAppendOperator".to_string()));
        assert!(builtin("nope").is_none());
        assert!(full_merge(&Failing, b"k", None, &[b"x"]).unwrap_err().is_corruption());
    }

    struct Failing;
    impl MergeOperator for Failing {
        fn name(&self) -> String {
            "Failing".into()
        }
        fn full_merge(&self, _: &[u8], _: Option<&[u8]>, _: &[&[u8]]) -> Option<Vec<u8>> {
            None
        }
    }
}
