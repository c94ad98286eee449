package ferrock

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// openTestDb opens a fresh database, skipping while the engine is unfinished.
func openTestDb(t testing.TB) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "db")
	opts := NewDefaultOptions()
	defer opts.Destroy()
	opts.SetCreateIfMissing(true)
	db, err := OpenDb(opts, path)
	if err != nil {
		if strings.Contains(err.Error(), "engine under construction") {
			t.Skip(err.Error())
		}
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(db.Close)
	return db, path
}

func mustPut(t testing.TB, db *DB, wo *WriteOptions, k, v string) {
	t.Helper()
	if err := db.Put(wo, []byte(k), []byte(v)); err != nil {
		t.Fatal(err)
	}
}

func getString(t testing.TB, db *DB, ro *ReadOptions, k string) (string, bool) {
	t.Helper()
	v, err := db.GetBytes(ro, []byte(k))
	if err != nil {
		t.Fatal(err)
	}
	return string(v), v != nil
}

func TestPutGetDelete(t *testing.T) {
	db, _ := openTestDb(t)
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	mustPut(t, db, wo, "alpha", "1")
	s, err := db.Get(ro, []byte("alpha"))
	if err != nil || !s.Exists() || string(s.Data()) != "1" || s.Size() != 1 {
		t.Fatalf("Get = %q, %v", s.Data(), err)
	}
	s.Free()
	s.Free() // twice is safe
	missing, err := db.Get(ro, []byte("missing"))
	if err != nil || missing.Exists() || missing.Data() != nil {
		t.Fatalf("missing key: exists=%v err=%v", missing.Exists(), err)
	}
	missing.Free()
	if err := db.Delete(wo, []byte("alpha")); err != nil {
		t.Fatal(err)
	}
	if _, ok := getString(t, db, ro, "alpha"); ok {
		t.Fatal("deleted key still readable")
	}
	// Binary keys and values, empty ones included.
	key := []byte{0, 1, 0, 255}
	if err := db.Put(wo, key, []byte{}); err != nil {
		t.Fatal(err)
	}
	v, err := db.GetBytes(ro, key)
	if err != nil || v == nil || len(v) != 0 {
		t.Fatalf("empty value: %v %v", v, err)
	}
	if err := db.Put(wo, nil, []byte("empty key")); err != nil {
		t.Fatal(err)
	}
	if got, _ := getString(t, db, ro, ""); got != "empty key" {
		t.Fatalf("empty key read %q", got)
	}
}

func TestOpenMissingIsInvalidArgument(t *testing.T) {
	opts := NewDefaultOptions()
	defer opts.Destroy()
	_, err := OpenDb(opts, filepath.Join(t.TempDir(), "nope"))
	if err == nil {
		t.Fatal("open of a missing database without create_if_missing succeeded")
	}
	if strings.Contains(err.Error(), "engine under construction") {
		t.Skip(err.Error())
	}
	if !IsCode(err, CodeInvalidArgument) || !strings.HasPrefix(err.Error(), "Invalid argument: ") ||
		!strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("err = %#v", err)
	}
}

func TestStatusPrefixes(t *testing.T) {
	cases := map[string]Code{
		"NotFound: x":                     CodeNotFound,
		"Corruption: bad":                 CodeCorruption,
		"Not implemented: merge":          CodeNotSupported,
		"Invalid argument: x":             CodeInvalidArgument,
		"IO error: x":                     CodeIOError,
		"Merge in progress: x":            CodeMergeInProgress,
		"Result incomplete: x":            CodeIncomplete,
		"Shutdown in progress: x":         CodeShutdownInProgress,
		"Operation timed out: x":          CodeTimedOut,
		"Operation aborted: x":            CodeAborted,
		"Resource busy":                   CodeBusy,
		"Operation expired: x":            CodeExpired,
		"Operation failed. Try again.: x": CodeTryAgain,
		"odd":                             CodeUnknown,
	}
	for text, code := range cases {
		e := NewError(text)
		if e.Code != code || e.Error() != text {
			t.Errorf("%q: code %d, text %q", text, e.Code, e.Error())
		}
	}
}

func TestWriteBatch(t *testing.T) {
	db, _ := openTestDb(t)
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	mustPut(t, db, wo, "gone", "x")
	wb := NewWriteBatch()
	defer wb.Destroy()
	wb.Put([]byte("a"), []byte("1"))
	wb.Put([]byte("b"), []byte("2"))
	wb.Delete([]byte("gone"))
	if wb.Count() != 3 {
		t.Fatalf("count %d", wb.Count())
	}
	data := wb.Data()
	if len(data) < 12 || data[8] != 3 {
		t.Fatalf("batch header %v", data[:12])
	}
	if err := db.Write(wo, wb); err != nil {
		t.Fatal(err)
	}
	a, _ := getString(t, db, ro, "a")
	b, _ := getString(t, db, ro, "b")
	_, gone := getString(t, db, ro, "gone")
	if a != "1" || b != "2" || gone {
		t.Fatalf("after batch: a=%q b=%q gone=%v", a, b, gone)
	}
	wb.Clear()
	if wb.Count() != 0 {
		t.Fatal("clear left operations")
	}
}

func TestIterator(t *testing.T) {
	db, _ := openTestDb(t)
	wo := NewDefaultWriteOptions()
	defer wo.Destroy()
	for i := 0; i < 20; i++ {
		mustPut(t, db, wo, fmt.Sprintf("k%02d", i), fmt.Sprintf("v%d", i))
	}
	ro := NewDefaultReadOptions()
	defer ro.Destroy()
	it := db.NewIterator(ro)
	defer it.Close()
	var keys []string
	for it.SeekToFirst(); it.Valid(); it.Next() {
		keys = append(keys, string(it.Key().Data()))
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 20 || !sort.StringsAreSorted(keys) {
		t.Fatalf("keys %v", keys)
	}
	it.Seek([]byte("k105"))
	if !it.Valid() || string(it.Key().Data()) != "k11" {
		t.Fatalf("seek landed on %q", it.Key().Data())
	}
	it.SeekForPrev([]byte("k105"))
	if string(it.Key().Data()) != "k10" || string(it.Value().Data()) != "v10" {
		t.Fatalf("seek-for-prev landed on %q", it.Key().Data())
	}
	it.SeekToLast()
	it.Prev()
	if string(it.Key().Data()) != "k18" {
		t.Fatalf("prev from last: %q", it.Key().Data())
	}
	it.Seek([]byte("k1"))
	n := 0
	for ; it.ValidForPrefix([]byte("k1")); it.Next() {
		n++
	}
	if n != 10 {
		t.Fatalf("prefix k1 had %d keys", n)
	}

	bounded := NewDefaultReadOptions()
	defer bounded.Destroy()
	bounded.SetIterateLowerBound([]byte("k05"))
	bounded.SetIterateUpperBound([]byte("k08"))
	bit := db.NewIterator(bounded)
	defer bit.Close()
	keys = keys[:0]
	for bit.SeekToFirst(); bit.Valid(); bit.Next() {
		keys = append(keys, string(bit.Key().Data()))
	}
	if strings.Join(keys, ",") != "k05,k06,k07" {
		t.Fatalf("bounded keys %v", keys)
	}
}

func TestSnapshot(t *testing.T) {
	db, _ := openTestDb(t)
	wo := NewDefaultWriteOptions()
	defer wo.Destroy()
	mustPut(t, db, wo, "k", "old")
	snap := db.NewSnapshot()
	mustPut(t, db, wo, "k", "new")
	mustPut(t, db, wo, "added", "x")
	ro := NewDefaultReadOptions()
	defer ro.Destroy()
	ro.SetSnapshot(snap)
	if v, _ := getString(t, db, ro, "k"); v != "old" {
		t.Fatalf("snapshot read %q", v)
	}
	if _, ok := getString(t, db, ro, "added"); ok {
		t.Fatal("snapshot sees a later key")
	}
	ro.SetSnapshot(nil)
	if v, _ := getString(t, db, ro, "k"); v != "new" {
		t.Fatalf("latest read %q", v)
	}
	db.ReleaseSnapshot(snap)
	snap.Destroy() // already released: no-op
}

func TestMultiGet(t *testing.T) {
	db, _ := openTestDb(t)
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	mustPut(t, db, wo, "a", "1")
	mustPut(t, db, wo, "c", "3")
	vals, err := db.MultiGet(ro, []byte("a"), []byte("b"), []byte("c"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer vals.Destroy()
	if string(vals[0].Data()) != "1" || vals[1].Exists() || string(vals[2].Data()) != "3" || vals[3].Exists() {
		t.Fatalf("multiget %q %v %q", vals[0].Data(), vals[1].Exists(), vals[2].Data())
	}
}

func TestColumnFamilies(t *testing.T) {
	db, path := openTestDb(t)
	opts := NewDefaultOptions()
	defer opts.Destroy()
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	users, err := db.CreateColumnFamily(opts, "users")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.PutCF(wo, users, []byte("k"), []byte("in-users")); err != nil {
		t.Fatal(err)
	}
	mustPut(t, db, wo, "k", "in-default")
	wb := NewWriteBatch()
	wb.PutCF(users, []byte("batched"), []byte("1"))
	if err := db.Write(wo, wb); err != nil {
		t.Fatal(err)
	}
	wb.Destroy()
	users.Destroy()
	db.Close()

	names, err := ListColumnFamilies(opts, path)
	sort.Strings(names)
	if err != nil || strings.Join(names, ",") != "default,users" {
		t.Fatalf("ListColumnFamilies = %v, %v", names, err)
	}
	db2, handles, err := OpenDbColumnFamilies(opts, path, []string{"default", "users"}, []*Options{opts, opts})
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	defer handles[0].Destroy()
	defer handles[1].Destroy()
	if handles[1].Name() != "users" {
		t.Fatalf("handle name %q", handles[1].Name())
	}
	v, err := db2.GetBytesCF(ro, handles[1], []byte("k"))
	if err != nil || string(v) != "in-users" {
		t.Fatalf("cf read %q %v", v, err)
	}
	if v, _ := getString(t, db2, ro, "k"); v != "in-default" {
		t.Fatalf("default read %q", v)
	}
	it := db2.NewIteratorCF(ro, handles[1])
	defer it.Close()
	var keys []string
	for it.SeekToFirst(); it.Valid(); it.Next() {
		keys = append(keys, string(it.Key().Data()))
	}
	if strings.Join(keys, ",") != "batched,k" {
		t.Fatalf("cf keys %v", keys)
	}
	if err := db2.DeleteCF(wo, handles[1], []byte("k")); err != nil {
		t.Fatal(err)
	}
	if v, _ := db2.GetBytesCF(ro, handles[1], []byte("k")); v != nil {
		t.Fatal("cf delete did not take")
	}
}

func TestFlushCompactReopen(t *testing.T) {
	db, path := openTestDb(t)
	wo := NewDefaultWriteOptions()
	defer wo.Destroy()
	for i := 0; i < 1000; i++ {
		mustPut(t, db, wo, fmt.Sprintf("key%04d", i), strings.Repeat("x", 100))
	}
	fo := NewDefaultFlushOptions()
	fo.SetWait(true)
	defer fo.Destroy()
	if err := db.Flush(fo); err != nil {
		t.Fatal(err)
	}
	db.CompactRange(Range{})
	if db.GetProperty("rocksdb.num-files-at-level0") == "" {
		t.Fatal("no num-files-at-level0 property")
	}
	if _, ok := db.GetIntProperty("rocksdb.estimate-num-keys"); !ok {
		t.Fatal("no estimate-num-keys property")
	}
	db.Close()
	if err := db.Put(wo, []byte("a"), []byte("b")); !IsCode(err, CodeInvalidArgument) {
		t.Fatalf("put after close: %v", err)
	}

	opts := NewDefaultOptions()
	defer opts.Destroy()
	bbto := NewDefaultBlockBasedTableOptions()
	defer bbto.Destroy()
	cache := NewLRUCache(1 << 20)
	defer cache.Destroy()
	bbto.SetBlockCache(cache)
	bbto.SetFilterPolicy(NewBloomFilter(10))
	opts.SetBlockBasedTableFactory(bbto)
	db2, err := OpenDb(opts, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	ro := NewDefaultReadOptions()
	defer ro.Destroy()
	if v, _ := getString(t, db2, ro, "key0999"); v != strings.Repeat("x", 100) {
		t.Fatalf("after reopen: %q", v)
	}
	db2.Close()
	if err := DestroyDb(path, opts); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenDb(opts, path); !IsCode(err, CodeInvalidArgument) {
		t.Fatalf("open after destroy: %v", err)
	}
}

func TestCorruptBlockGivesCorruptionErrors(t *testing.T) {
	db, path := openTestDb(t)
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	for i := 0; i < 100; i++ {
		mustPut(t, db, wo, fmt.Sprintf("key%03d", i), strings.Repeat("v", 100))
	}
	fo := NewDefaultFlushOptions()
	defer fo.Destroy()
	if err := db.Flush(fo); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ssts, _ := filepath.Glob(filepath.Join(path, "*.sst"))
	if len(ssts) != 1 {
		t.Fatalf("sst files: %v", ssts)
	}
	data, err := os.ReadFile(ssts[0])
	if err != nil {
		t.Fatal(err)
	}
	data[100] ^= 0xff
	if err := os.WriteFile(ssts[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	opts := NewDefaultOptions()
	defer opts.Destroy()
	db2, err := OpenDb(opts, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	if _, err := db2.GetBytes(ro, []byte("key000")); !IsCode(err, CodeCorruption) {
		t.Fatalf("get of a corrupt block: %v", err)
	}
	it := db2.NewIterator(ro)
	defer it.Close()
	for it.SeekToFirst(); it.Valid(); it.Next() {
	}
	if !IsCode(it.Err(), CodeCorruption) {
		t.Fatalf("iterator error: %v", it.Err())
	}
}

func TestConcurrentGoroutines(t *testing.T) {
	db, _ := openTestDb(t)
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				k := []byte(fmt.Sprintf("g%d-%d", g, i))
				if err := db.Put(wo, k, k); err != nil {
					errs <- err
					return
				}
				v, err := db.GetBytes(ro, k)
				if err != nil || !bytes.Equal(v, k) {
					errs <- fmt.Errorf("read %q = %q, %v", k, v, err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	it := db.NewIterator(ro)
	defer it.Close()
	n := 0
	for it.SeekToFirst(); it.Valid(); it.Next() {
		n++
	}
	if n != 4000 {
		t.Fatalf("%d keys, want 4000", n)
	}
}

func TestCloseWaitsForCallsAndIsIdempotent(t *testing.T) {
	db, _ := openTestDb(t)
	wo := NewDefaultWriteOptions()
	defer wo.Destroy()
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				err := db.Put(wo, []byte(fmt.Sprintf("%d-%d", g, i)), []byte("v"))
				if err != nil && !IsCode(err, CodeInvalidArgument) {
					t.Errorf("put: %v", err)
					return
				}
			}
		}(g)
	}
	db.Close()
	wg.Wait()
	db.Close()
	ro := NewDefaultReadOptions()
	defer ro.Destroy()
	it := db.NewIterator(ro)
	if it.Valid() || !IsCode(it.Err(), CodeInvalidArgument) {
		t.Fatalf("iterator on closed db: %v", it.Err())
	}
}

func BenchmarkPut(b *testing.B) {
	db, _ := openTestDb(b)
	wo := NewDefaultWriteOptions()
	defer wo.Destroy()
	value := bytes.Repeat([]byte("v"), 100)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := db.Put(wo, []byte(fmt.Sprintf("key%012d", i)), value); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGet(b *testing.B) {
	db, _ := openTestDb(b)
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	const keys = 10000
	value := bytes.Repeat([]byte("v"), 100)
	for i := 0; i < keys; i++ {
		if err := db.Put(wo, []byte(fmt.Sprintf("key%012d", i)), value); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := db.Get(ro, []byte(fmt.Sprintf("key%012d", i%keys)))
		if err != nil || !s.Exists() {
			b.Fatal(err)
		}
		s.Free()
	}
}
