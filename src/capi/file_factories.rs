//! c.h's file checksum generator and SST partitioner factories:
//! `rocksdb_file_checksum_gen_crc32c_factory_create` (RocksDB's FileChecksumGenCrc32cFactory,
//! src/util/file_checksum.rs) and `rocksdb_sst_partitioner_fixed_prefix_factory_create`
//! (src/compaction/partitioner.rs), with their options setters. As in c.cc the options share
//! the factory: the caller still destroys its handle; NULL options or factory change nothing.

use super::options::rocksdb_options_t;
use super::*;
use crate::compaction::partitioner::SstPartitionerFactory;
use crate::util::file_checksum::FileChecksumGenFactory;

pub struct rocksdb_file_checksum_gen_factory_t {
    pub(crate) f: FileChecksumGenFactory,
}

pub struct rocksdb_sst_partitioner_factory_t {
    pub(crate) p: SstPartitionerFactory,
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_file_checksum_gen_crc32c_factory_create() -> *mut rocksdb_file_checksum_gen_factory_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_file_checksum_gen_factory_t { f: FileChecksumGenFactory::Crc32c })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_file_checksum_gen_factory_destroy(factory: *mut rocksdb_file_checksum_gen_factory_t) {
    drop_handle(factory)
}

/// Every table the database writes from now on gets its CRC32C in the MANIFEST.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_file_checksum_gen_factory(opt: *mut rocksdb_options_t, factory: *mut rocksdb_file_checksum_gen_factory_t) {
    guarded((), || {
        if let (Some(o), Some(f)) = (opt.as_mut(), factory.as_ref()) {
            o.opts.file_checksum_gen_factory = Some(f.f);
        }
        Ok(())
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_partitioner_fixed_prefix_factory_create(prefix_len: size_t) -> *mut rocksdb_sst_partitioner_factory_t {
    guarded(std::ptr::null_mut(), || Ok(into_handle(rocksdb_sst_partitioner_factory_t { p: SstPartitionerFactory::FixedPrefix(prefix_len) })))
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_sst_partitioner_factory_destroy(factory: *mut rocksdb_sst_partitioner_factory_t) {
    drop_handle(factory)
}

/// Compaction outputs are cut where the prefix changes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn rocksdb_options_set_sst_partitioner_factory(opt: *mut rocksdb_options_t, factory: *mut rocksdb_sst_partitioner_factory_t) {
    guarded((), || {
        if let (Some(o), Some(f)) = (opt.as_mut(), factory.as_ref()) {
            o.opts.sst_partitioner_factory = Some(f.p);
        }
        Ok(())
    })
}
