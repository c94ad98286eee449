//! c.h's table properties (`rocksdb_table_properties_t`): a table's properties block as read from the file, and
//! the key sequence-number bounds RocksDB 11.8.1's builder records (known for the table a flush just wrote).
//! Properties 11.8.1 added and ferrock's 7.8.3-format tables do not carry read as RocksDB reads them from such
//! a table: 0 (user_defined_timestamps_persisted: 1, its default), no seqno-to-time mapping.

use super::*;
use crate::table::TableProperties;
use libc::c_uchar;

pub struct rocksdb_table_properties_t {
    pub(crate) p: TableProperties,
    /// None: not recorded (RocksDB's kMaxSequenceNumber marker, HasKey*Seqno false).
    pub(crate) key_smallest_seqno: Option<u64>,
    pub(crate) key_largest_seqno: Option<u64>,
}

impl rocksdb_table_properties_t {
    pub(crate) fn new(p: TableProperties, seqnos: Option<(u64, u64)>) -> Self {
        rocksdb_table_properties_t {
            p,
            key_smallest_seqno: seqnos.map(|s| s.0),
            key_largest_seqno: seqnos.map(|s| s.1),
        }
    }
}

unsafe fn num(
    props: *const rocksdb_table_properties_t,
    f: impl FnOnce(&rocksdb_table_properties_t) -> u64,
) -> u64 {
    guarded(0, || Ok(f(handle(props, "table properties")?)))
}

/// A text property: the bytes, owned by the properties, and their length (not NUL-terminated, as in RocksDB).
unsafe fn text(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
    f: impl FnOnce(&TableProperties) -> &str,
) -> *const c_char {
    set_out(len, 0);
    guarded(std::ptr::null(), || {
        let s = f(&handle(props, "table properties")?.p);
        set_out(len, s.len());
        Ok(s.as_ptr() as *const c_char)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_column_family_id(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.column_family_id)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_creation_time(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.creation_time)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_data_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.data_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_file_creation_time(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.file_creation_time)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_filter_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.filter_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_fixed_key_len(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.fixed_key_len)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_format_version(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.format_version)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_index_key_is_user_key(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.index_key_is_user_key)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_index_partitions(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.index_partitions)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_index_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.index_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_index_value_is_delta_encoded(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.index_value_is_delta_encoded)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_key_largest_seqno(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| {
        t.key_largest_seqno
            .unwrap_or(crate::key::MAX_SEQUENCE_NUMBER)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_key_smallest_seqno(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| {
        t.key_smallest_seqno
            .unwrap_or(crate::key::MAX_SEQUENCE_NUMBER)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_data_blocks(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.num_data_blocks)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_deletions(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.num_deletions)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_entries(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.num_entries)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_filter_entries(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.num_filter_entries)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_merge_operands(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.num_merge_operands)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_range_deletions(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.num_range_deletions)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_oldest_key_time(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.oldest_key_time)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_orig_file_number(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.original_file_number)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_raw_key_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.raw_key_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_raw_value_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.raw_value_size)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_top_level_index_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |t| t.p.top_level_index_size)
}

// Not in a 7.8.3-format table: what RocksDB reads from one.

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_data_block_restart_interval(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_index_block_restart_interval(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_external_sst_file_global_seqno_offset(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_fast_compression_estimated_data_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_slow_compression_estimated_data_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_newest_key_time(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_data_blocks_compression_bypassed(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_data_blocks_compression_rejected(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_num_uniform_blocks(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_separate_key_value_in_data_block(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_tail_start_offset(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_udi_is_primary_index(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_uncompressed_data_size(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_user_defined_timestamps_persisted(
    props: *const rocksdb_table_properties_t,
) -> u64 {
    num(props, |_t| 1)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_column_family_name(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.column_family_name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_comparator_name(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.comparator_name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_compression_name(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.compression_name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_compression_options(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.compression_options)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_db_host_id(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.db_host_id)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_db_id(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.db_id)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_db_session_id(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.db_session_id)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_filter_policy_name(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.filter_policy_name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_merge_operator_name(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.merge_operator_name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_prefix_extractor_name(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.prefix_extractor_name)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_property_collectors_names(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |p| &p.property_collectors_names)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_has_key_largest_seqno(
    props: *const rocksdb_table_properties_t,
) -> c_uchar {
    num(props, |t| t.key_largest_seqno.is_some() as u64) as c_uchar
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_has_key_smallest_seqno(
    props: *const rocksdb_table_properties_t,
) -> c_uchar {
    num(props, |t| t.key_smallest_seqno.is_some() as u64) as c_uchar
}

/// No mapping: ferrock records no sequence-number-to-time mapping.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_seqno_to_time_mapping(
    props: *const rocksdb_table_properties_t,
    len: *mut size_t,
) -> *const c_char {
    text(props, len, |_| "")
}

/// The user-collected properties (the properties block's entries ferrock does not interpret), in key order.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_user_collected_properties_count(
    props: *const rocksdb_table_properties_t,
) -> size_t {
    num(props, |t| t.p.user_collected.len() as u64) as size_t
}

unsafe fn collected(
    props: *const rocksdb_table_properties_t,
    pos: size_t,
    len: *mut size_t,
    key: bool,
) -> *const c_char {
    set_out(len, 0);
    guarded(std::ptr::null(), || {
        let t = handle(props, "table properties")?;
        Ok(match t.p.user_collected.iter().nth(pos) {
            Some((k, v)) => {
                let b: &[u8] = if key { k.as_bytes() } else { v };
                set_out(len, b.len());
                b.as_ptr() as *const c_char
            }
            None => std::ptr::null(),
        })
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_user_collected_properties_key_at(
    props: *const rocksdb_table_properties_t,
    pos: size_t,
    len: *mut size_t,
) -> *const c_char {
    collected(props, pos, len, true)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_user_collected_properties_value_at(
    props: *const rocksdb_table_properties_t,
    pos: size_t,
    len: *mut size_t,
) -> *const c_char {
    collected(props, pos, len, false)
}

/// RocksDB's readable properties come from property collectors, which ferrock's tables have none of.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_readable_properties_count(
    props: *const rocksdb_table_properties_t,
) -> size_t {
    num(props, |_| 0) as size_t
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_readable_properties_key_at(
    props: *const rocksdb_table_properties_t,
    pos: size_t,
    len: *mut size_t,
) -> *const c_char {
    let _ = (props, pos);
    set_out(len, 0);
    std::ptr::null()
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_table_properties_readable_properties_value_at(
    props: *const rocksdb_table_properties_t,
    pos: size_t,
    len: *mut size_t,
) -> *const c_char {
    let _ = (props, pos);
    set_out(len, 0);
    std::ptr::null()
}

/// The ingested table's properties (valid while the info is).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_externalfileingestioninfo_table_properties(
    info: *const super::listener::rocksdb_externalfileingestioninfo_t,
) -> *const rocksdb_table_properties_t {
    guarded(std::ptr::null(), || Ok(handle(info, "ingestion info")?.table_properties() as *const _))
}
