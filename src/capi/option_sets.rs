//! c.h's set-valued options: `calculate_sst_write_lifetime_hint_set` (compaction
//! styles, default {level}) and `checksum_handoff_file_types` (file types,
//! default empty). Both are stored and read back; ferrock does not use them.
//! Also the clear/has/name functions of options that can never be set in
//! ferrock (table filters, user-defined index factories, WAL filters), which
//! answer truthfully that nothing is set.

use super::options::rocksdb_options_t;
use super::readoptions::rocksdb_readoptions_t;
use super::table_options::rocksdb_block_based_table_options_t;
use super::*;
use libc::{c_int, c_uchar};
use std::collections::BTreeSet;

const LIFETIME_HINT_SET: &str = "calculate_sst_write_lifetime_hint_set";
const HANDOFF_SET: &str = "checksum_handoff_file_types";

impl rocksdb_options_t {
    /// The set as stored, or RocksDB's default for it.
    fn int_set(&mut self, name: &'static str) -> &mut BTreeSet<c_int> {
        self.int_sets.entry(name).or_insert_with(|| match name {
            LIFETIME_HINT_SET => BTreeSet::from([0]),
            _ => BTreeSet::new(),
        })
    }
}

unsafe fn with_set<T>(
    opt: *mut rocksdb_options_t,
    name: &'static str,
    dflt: T,
    f: impl FnOnce(&mut BTreeSet<c_int>) -> T,
) -> T {
    guarded(dflt, || Ok(f(handle_mut(opt, "options")?.int_set(name))))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_calculate_sst_write_lifetime_hint_set_add(
    opt: *mut rocksdb_options_t,
    style: c_int,
) {
    with_set(opt, LIFETIME_HINT_SET, (), |s| {
        s.insert(style);
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_calculate_sst_write_lifetime_hint_set_remove(
    opt: *mut rocksdb_options_t,
    style: c_int,
) {
    with_set(opt, LIFETIME_HINT_SET, (), |s| {
        s.remove(&style);
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_calculate_sst_write_lifetime_hint_set_clear(
    opt: *mut rocksdb_options_t,
) {
    with_set(opt, LIFETIME_HINT_SET, (), |s| s.clear())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_calculate_sst_write_lifetime_hint_set_contains(
    opt: *mut rocksdb_options_t,
    style: c_int,
) -> c_uchar {
    with_set(opt, LIFETIME_HINT_SET, 0, |s| s.contains(&style) as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_calculate_sst_write_lifetime_hint_set_count(
    opt: *mut rocksdb_options_t,
) -> size_t {
    with_set(opt, LIFETIME_HINT_SET, 0, |s| s.len())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_checksum_handoff_file_types_add(
    opt: *mut rocksdb_options_t,
    file_type: c_int,
) {
    with_set(opt, HANDOFF_SET, (), |s| {
        s.insert(file_type);
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_checksum_handoff_file_types_remove(
    opt: *mut rocksdb_options_t,
    file_type: c_int,
) {
    with_set(opt, HANDOFF_SET, (), |s| {
        s.remove(&file_type);
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_checksum_handoff_file_types_clear(
    opt: *mut rocksdb_options_t,
) {
    with_set(opt, HANDOFF_SET, (), |s| s.clear())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_checksum_handoff_file_types_contains(
    opt: *mut rocksdb_options_t,
    file_type: c_int,
) -> c_uchar {
    with_set(opt, HANDOFF_SET, 0, |s| s.contains(&file_type) as c_uchar)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_checksum_handoff_file_types_count(
    opt: *mut rocksdb_options_t,
) -> size_t {
    with_set(opt, HANDOFF_SET, 0, |s| s.len())
}

/// c.h's `rocksdb_readoptions_table_filter_cb`: whether a scan reads the table with these properties.
pub type rocksdb_readoptions_table_filter_cb =
    Option<unsafe extern "C" fn(*mut c_void, *const super::table_properties::rocksdb_table_properties_t) -> c_uchar>;

/// The filter iterators made with these read options ask about each table (RocksDB's ReadOptions::table_filter):
/// `table_filter(state, properties)` returning 0 hides the table's entries. An earlier filter is cleared first (its
/// destructor runs); a NULL callback keeps only the state, as in RocksDB.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_set_table_filter(
    opt: *mut rocksdb_readoptions_t,
    state: *mut c_void,
    destructor: Option<unsafe extern "C" fn(*mut c_void)>,
    table_filter: rocksdb_readoptions_table_filter_cb,
) {
    guarded((), || {
        let o = handle_mut(opt, "read options")?;
        o.clear_table_filter();
        o.table_filter = Some(super::readoptions::TableFilterState { state, destructor, callback: table_filter });
        if let Some(cb) = table_filter {
            // The state stays the caller's until the filter is cleared (then the destructor runs), as in RocksDB.
            let state = state as usize;
            o.ro.table_filter = Some(std::sync::Arc::new(move |props: &crate::table::TableProperties, seqnos: (u64, u64)| {
                let p = super::table_properties::rocksdb_table_properties_t::new(props.clone(), Some(seqnos));
                cb(state as *mut c_void, &p) != 0
            }));
        }
        Ok(())
    })
}

/// Clears the filter; its destructor runs now, as in RocksDB.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_clear_table_filter(opt: *mut rocksdb_readoptions_t) {
    guarded((), || {
        handle_mut(opt, "read options")?.clear_table_filter();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_has_table_filter(opt: *const rocksdb_readoptions_t) -> c_uchar {
    guarded(0, || Ok(handle(opt, "read options")?.ro.table_filter.is_some() as c_uchar))
}

/// RocksDB's LoadUserDefinedIndexFactoryFromString for read options: "trie_index", the built-in factory, is
/// kept and named by the getter. A read with it uses a table's trie index when the table has one; ferrock's
/// tables never do (it cannot write that index), and RocksDB then reads with the table's own index too, so
/// results are the same. An unknown name is RocksDB's NotSupported error; NULL clears it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_set_table_index_factory_from_string(
    opt: *mut rocksdb_readoptions_t,
    value: *const c_char,
    value_len: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let o = handle_mut(opt, "read options")?;
        o.table_index_factory = None;
        if value.is_null() {
            return Ok(());
        }
        let name = String::from_utf8_lossy(bytes(value, value_len)?).into_owned();
        if name != "trie_index" {
            return Err(Error::not_supported(format!("Could not load UserDefinedIndexFactory: {name}")));
        }
        o.table_index_factory = std::ffi::CString::new(name).ok();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_clear_table_index_factory(opt: *mut rocksdb_readoptions_t) {
    guarded((), || {
        handle_mut(opt, "read options")?.table_index_factory = None;
        Ok(())
    })
}

/// The factory's name, or NULL (length 0) when none is set.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_readoptions_get_table_index_factory_name(
    opt: *const rocksdb_readoptions_t,
    len: *mut size_t,
) -> *const c_char {
    set_out(len, 0);
    guarded(std::ptr::null(), || {
        Ok(match &handle(opt, "read options")?.table_index_factory {
            Some(n) => {
                set_out(len, n.as_bytes().len());
                n.as_ptr()
            }
            None => std::ptr::null(),
        })
    })
}

/// RocksDB's UserDefinedIndexFactory::CreateFromString: "trie_index", RocksDB's built-in
/// factory, is accepted and named by the getter, but ferrock cannot build that index, so a
/// table factory made from these options makes open fail with "Not implemented: ..."; an
/// unknown name is RocksDB's NotSupported error; NULL clears it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_based_options_set_user_defined_index_factory_from_string(
    opt: *mut rocksdb_block_based_table_options_t,
    value: *const c_char,
    value_len: size_t,
    errptr: *mut *mut c_char,
) {
    with_errptr(errptr, (), || {
        let o = handle_mut(opt, "block-based table options")?;
        o.user_defined_index_factory = None;
        o.unsupported = None;
        if value.is_null() {
            return Ok(());
        }
        let name = String::from_utf8_lossy(std::slice::from_raw_parts(value.cast::<u8>(), value_len)).into_owned();
        if name != "trie_index" {
            return Err(Error::not_supported(format!("Could not load UserDefinedIndexFactory: {name}")));
        }
        o.unsupported = Some("user-defined index factory (trie_index)".to_string());
        o.user_defined_index_factory = std::ffi::CString::new(name).ok();
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_based_options_clear_user_defined_index_factory(
    opt: *mut rocksdb_block_based_table_options_t,
) {
    guarded((), || {
        let o = handle_mut(opt, "block-based table options")?;
        o.user_defined_index_factory = None;
        o.unsupported = None;
        Ok(())
    })
}

/// The factory's name, or NULL (length 0) when none is set.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_block_based_options_get_user_defined_index_factory_name(
    opt: *const rocksdb_block_based_table_options_t,
    len: *mut size_t,
) -> *const c_char {
    guarded(std::ptr::null(), || {
        let o = handle(opt, "block-based table options")?;
        Ok(match &o.user_defined_index_factory {
            Some(n) => {
                set_out(len, n.as_bytes().len());
                n.as_ptr()
            }
            None => {
                set_out(len, 0);
                std::ptr::null()
            }
        })
    })
}

/// The vector memtable only changes speed: recorded, ferrock keeps its skiplist.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_memtable_vector_rep(opt: *mut rocksdb_options_t) {
    guarded((), || {
        handle_mut(opt, "options")?
            .stored
            .set("memtable_factory_vector", 1);
        Ok(())
    })
}

/// RocksDB's NewHashSkipListRepFactory: a memtable bucketed by the prefix extractor's prefixes
/// (prefix-mode iterators walk one bucket); without a prefix extractor the skiplist, as in
/// RocksDB's SanitizeOptions.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_hash_skip_list_rep(
    opt: *mut rocksdb_options_t,
    bucket_count: size_t,
    skiplist_height: i32,
    skiplist_branching_factor: i32,
) {
    guarded((), || {
        handle_mut(opt, "options")?.opts.memtable_rep = crate::options::MemTableRep::HashSkipList {
            bucket_count,
            height: skiplist_height,
            branching: skiplist_branching_factor,
        };
        Ok(())
    })
}
