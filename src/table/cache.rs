//! The sharded LRU block cache, charged in bytes and shareable between databases.
pub struct BlockCache {}
