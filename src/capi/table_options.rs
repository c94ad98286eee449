//! c.h's `rocksdb_block_based_table_options_t`: create, destroy, filter policy and
//! block cache. Scalar setter/getter pairs are in `option_accessors.rs`.

use super::cache::rocksdb_cache_t;
use super::filter::rocksdb_filterpolicy_t;
use super::*;
use crate::options::BlockBasedTableOptions;

/// Block-based table options (`rocksdb_block_based_table_options_t`).
pub struct rocksdb_block_based_table_options_t {
    pub(crate) t: BlockBasedTableOptions,
    pub(crate) stored: Stored,
    /// A feature set here that ferrock cannot write (a user-defined index): open reports it.
    pub(crate) unsupported: Option<String>,
    /// The user-defined index factory's name, as its getter hands it out.
    pub(crate) user_defined_index_factory: Option<std::ffi::CString>,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_based_options_create(
) -> *mut rocksdb_block_based_table_options_t {
    guarded(std::ptr::null_mut(), || {
        Ok(into_handle(rocksdb_block_based_table_options_t {
            t: BlockBasedTableOptions::default(),
            stored: Stored::default(),
            unsupported: None,
            user_defined_index_factory: None,
        }))
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_based_options_destroy(
    options: *mut rocksdb_block_based_table_options_t,
) {
    drop_handle(options)
}

/// The policy's bits per key are copied (NULL = no filter), so the policy may be destroyed afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_based_options_set_filter_policy(
    options: *mut rocksdb_block_based_table_options_t,
    filter_policy: *mut rocksdb_filterpolicy_t,
) {
    guarded((), || {
        let o = handle_mut(options, "block-based table options")?;
        match filter_policy.as_ref() {
            Some(p) => {
                o.t.bloom_bits_per_key = p.bits_per_key;
                o.t.ribbon_bloom_before_level = p.ribbon_bloom_before_level;
            }
            None => {
                o.t.bloom_bits_per_key = 0.0;
                o.t.ribbon_bloom_before_level = None;
            }
        }
        Ok(())
    })
}

/// Tables read with these options use this cache (shared with whoever else holds it); NULL = a cache of the database's own.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_based_options_set_block_cache(
    options: *mut rocksdb_block_based_table_options_t,
    block_cache: *mut rocksdb_cache_t,
) {
    guarded((), || {
        let o = handle_mut(options, "block-based table options")?;
        o.t.block_cache = block_cache.as_ref().map(|c| c.cache.clone());
        Ok(())
    })
}
