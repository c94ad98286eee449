package ferrock

// #include <stdlib.h>
// #include <rocksdb/c.h>
import "C"

import "unsafe"

// CompressionType is c.h's compression enum.
type CompressionType int

// Compression types with c.h's values.
const (
	NoCompression     CompressionType = C.rocksdb_no_compression
	SnappyCompression CompressionType = C.rocksdb_snappy_compression
	ZLibCompression   CompressionType = C.rocksdb_zlib_compression
	Bz2Compression    CompressionType = C.rocksdb_bz2_compression
	LZ4Compression    CompressionType = C.rocksdb_lz4_compression
	LZ4HCCompression  CompressionType = C.rocksdb_lz4hc_compression
	ZSTDCompression   CompressionType = C.rocksdb_zstd_compression
)

// Options configures a database or a column family.
type Options struct {
	c *C.rocksdb_options_t
}

// NewDefaultOptions returns RocksDB's default options.
func NewDefaultOptions() *Options { return &Options{c: C.rocksdb_options_create()} }

func (o *Options) SetCreateIfMissing(v bool) {
	C.rocksdb_options_set_create_if_missing(o.c, boolToChar(v))
}
func (o *Options) SetErrorIfExists(v bool) { C.rocksdb_options_set_error_if_exists(o.c, boolToChar(v)) }
func (o *Options) SetCreateIfMissingColumnFamilies(v bool) {
	C.rocksdb_options_set_create_missing_column_families(o.c, boolToChar(v))
}
func (o *Options) SetParanoidChecks(v bool) {
	C.rocksdb_options_set_paranoid_checks(o.c, boolToChar(v))
}
func (o *Options) SetWriteBufferSize(bytes uint64) {
	C.rocksdb_options_set_write_buffer_size(o.c, C.size_t(bytes))
}
func (o *Options) SetMaxWriteBufferNumber(n int) {
	C.rocksdb_options_set_max_write_buffer_number(o.c, C.int(n))
}
func (o *Options) SetMaxOpenFiles(n int) { C.rocksdb_options_set_max_open_files(o.c, C.int(n)) }
func (o *Options) SetMaxBackgroundJobs(n int) {
	C.rocksdb_options_set_max_background_jobs(o.c, C.int(n))
}
func (o *Options) IncreaseParallelism(threads int) {
	C.rocksdb_options_increase_parallelism(o.c, C.int(threads))
}
func (o *Options) SetTargetFileSizeBase(bytes uint64) {
	C.rocksdb_options_set_target_file_size_base(o.c, C.uint64_t(bytes))
}
func (o *Options) SetMaxBytesForLevelBase(bytes uint64) {
	C.rocksdb_options_set_max_bytes_for_level_base(o.c, C.uint64_t(bytes))
}
func (o *Options) SetLevel0FileNumCompactionTrigger(n int) {
	C.rocksdb_options_set_level0_file_num_compaction_trigger(o.c, C.int(n))
}
func (o *Options) SetCompression(t CompressionType) {
	C.rocksdb_options_set_compression(o.c, C.int(t))
}

// SetUint64AddMergeOperator selects RocksDB's built-in "UInt64AddOperator":
// values and Merge operands are 8-byte little-endian counters that add up.
func (o *Options) SetUint64AddMergeOperator() {
	C.rocksdb_options_set_uint64add_merge_operator(o.c)
}

// SetBlockBasedTableFactory copies the table options; t may be destroyed after.
func (o *Options) SetBlockBasedTableFactory(t *BlockBasedTableOptions) {
	C.rocksdb_options_set_block_based_table_factory(o.c, t.c)
}

// Destroy frees the C options.
func (o *Options) Destroy() {
	if o.c != nil {
		C.rocksdb_options_destroy(o.c)
		o.c = nil
	}
}

// Cache is a block cache shared by table readers.
type Cache struct {
	c *C.rocksdb_cache_t
}

// NewLRUCache returns an LRU block cache of capacity bytes.
func NewLRUCache(capacity uint64) *Cache {
	return &Cache{c: C.rocksdb_cache_create_lru(C.size_t(capacity))}
}

// Destroy drops this handle's reference; table options that use the cache keep theirs.
func (c *Cache) Destroy() {
	if c.c != nil {
		C.rocksdb_cache_destroy(c.c)
		c.c = nil
	}
}

// NativeFilterPolicy is a filter policy implemented inside the library.
type NativeFilterPolicy struct {
	c *C.rocksdb_filterpolicy_t
}

// NewBloomFilter returns a full-filter bloom policy with bitsPerKey bits per key.
func NewBloomFilter(bitsPerKey float64) *NativeFilterPolicy {
	return &NativeFilterPolicy{c: C.rocksdb_filterpolicy_create_bloom(C.double(bitsPerKey))}
}

// BlockBasedTableOptions configures the block-based table format.
type BlockBasedTableOptions struct {
	c *C.rocksdb_block_based_table_options_t
}

// NewDefaultBlockBasedTableOptions returns the default table options.
func NewDefaultBlockBasedTableOptions() *BlockBasedTableOptions {
	return &BlockBasedTableOptions{c: C.rocksdb_block_based_options_create()}
}

func (t *BlockBasedTableOptions) SetBlockSize(bytes int) {
	C.rocksdb_block_based_options_set_block_size(t.c, C.size_t(bytes))
}
func (t *BlockBasedTableOptions) SetBlockCache(cache *Cache) {
	C.rocksdb_block_based_options_set_block_cache(t.c, cache.c)
}
func (t *BlockBasedTableOptions) SetNoBlockCache(v bool) {
	C.rocksdb_block_based_options_set_no_block_cache(t.c, boolToChar(v))
}

// SetFilterPolicy hands the policy to the table options, which own it from
// then on: do not use fp again.
func (t *BlockBasedTableOptions) SetFilterPolicy(fp *NativeFilterPolicy) {
	C.rocksdb_block_based_options_set_filter_policy(t.c, fp.c)
	fp.c = nil
}

// Destroy frees the C table options.
func (t *BlockBasedTableOptions) Destroy() {
	if t.c != nil {
		C.rocksdb_block_based_options_destroy(t.c)
		t.c = nil
	}
}

// ReadOptions configures reads and iterators.
type ReadOptions struct {
	c *C.rocksdb_readoptions_t
	// The C options point at the bounds, so they live in C memory owned here.
	lower, upper unsafe.Pointer
}

// NewDefaultReadOptions returns the default read options.
func NewDefaultReadOptions() *ReadOptions { return &ReadOptions{c: C.rocksdb_readoptions_create()} }

func (r *ReadOptions) SetVerifyChecksums(v bool) {
	C.rocksdb_readoptions_set_verify_checksums(r.c, boolToChar(v))
}
func (r *ReadOptions) SetFillCache(v bool) { C.rocksdb_readoptions_set_fill_cache(r.c, boolToChar(v)) }

// SetSnapshot makes reads see the database as of snap (nil: the latest state).
func (r *ReadOptions) SetSnapshot(snap *Snapshot) {
	if snap == nil {
		C.rocksdb_readoptions_set_snapshot(r.c, nil)
		return
	}
	C.rocksdb_readoptions_set_snapshot(r.c, snap.c)
}

// SetIterateUpperBound makes iterators stop before key (exclusive).
func (r *ReadOptions) SetIterateUpperBound(key []byte) {
	C.free(r.upper)
	r.upper = C.CBytes(key)
	C.rocksdb_readoptions_set_iterate_upper_bound(r.c, (*C.char)(r.upper), C.size_t(len(key)))
}

// SetIterateLowerBound makes iterators start at key or after it (inclusive).
func (r *ReadOptions) SetIterateLowerBound(key []byte) {
	C.free(r.lower)
	r.lower = C.CBytes(key)
	C.rocksdb_readoptions_set_iterate_lower_bound(r.c, (*C.char)(r.lower), C.size_t(len(key)))
}

// Destroy frees the C read options; iterators made with them must be closed first.
func (r *ReadOptions) Destroy() {
	if r.c != nil {
		C.rocksdb_readoptions_destroy(r.c)
		r.c = nil
	}
	C.free(r.lower)
	C.free(r.upper)
	r.lower, r.upper = nil, nil
}

// WriteOptions configures writes.
type WriteOptions struct {
	c *C.rocksdb_writeoptions_t
}

// NewDefaultWriteOptions returns the default write options.
func NewDefaultWriteOptions() *WriteOptions {
	return &WriteOptions{c: C.rocksdb_writeoptions_create()}
}

func (w *WriteOptions) SetSync(v bool) { C.rocksdb_writeoptions_set_sync(w.c, boolToChar(v)) }
func (w *WriteOptions) DisableWAL(v bool) {
	var i C.int
	if v {
		i = 1
	}
	C.rocksdb_writeoptions_disable_WAL(w.c, i)
}

// Destroy frees the C write options.
func (w *WriteOptions) Destroy() {
	if w.c != nil {
		C.rocksdb_writeoptions_destroy(w.c)
		w.c = nil
	}
}

// FlushOptions configures Flush.
type FlushOptions struct {
	c *C.rocksdb_flushoptions_t
}

// NewDefaultFlushOptions returns flush options that wait for the flush.
func NewDefaultFlushOptions() *FlushOptions {
	return &FlushOptions{c: C.rocksdb_flushoptions_create()}
}

func (f *FlushOptions) SetWait(v bool) { C.rocksdb_flushoptions_set_wait(f.c, boolToChar(v)) }

// Destroy frees the C flush options.
func (f *FlushOptions) Destroy() {
	if f.c != nil {
		C.rocksdb_flushoptions_destroy(f.c)
		f.c = nil
	}
}
