//! Memtables: the sorted in-memory write buffer (a concurrent skiplist keyed by internal key).
