package ferrock_test

// Examples for the package documentation; `go test` runs each and compares what it
// prints with its Output comment, so they stay true.

import (
	"fmt"
	"os"

	"github.com/ferrock/ferrock/bindings/go/ferrock"
)

// exampleDir is a fresh directory for one example's database, removed by the returned func.
func exampleDir(name string) (string, func()) {
	dir, err := os.MkdirTemp("", "ferrock-example-"+name)
	if err != nil {
		panic(err)
	}
	return dir + "/db", func() { os.RemoveAll(dir) }
}

// openExample creates a database in a fresh directory; the returned func closes and removes it.
func openExample(name string) (*ferrock.DB, func()) {
	path, cleanup := exampleDir(name)
	opts := ferrock.NewDefaultOptions()
	defer opts.Destroy()
	opts.SetCreateIfMissing(true)
	db, err := ferrock.OpenDb(opts, path)
	if err != nil {
		panic(err)
	}
	return db, func() { db.Close(); cleanup() }
}

func ExampleOpenDb() {
	path, cleanup := exampleDir("open")
	defer cleanup()
	opts := ferrock.NewDefaultOptions()
	defer opts.Destroy()
	opts.SetCreateIfMissing(true)
	db, err := ferrock.OpenDb(opts, path)
	if err != nil {
		panic(err)
	}
	defer db.Close()
	wo := ferrock.NewDefaultWriteOptions()
	defer wo.Destroy()
	ro := ferrock.NewDefaultReadOptions()
	defer ro.Destroy()

	if err := db.Put(wo, []byte("apple"), []byte("red")); err != nil {
		panic(err)
	}
	v, err := db.GetBytes(ro, []byte("apple"))
	fmt.Printf("%s %v\n", v, err)
	missing, err := db.GetBytes(ro, []byte("pear"))
	fmt.Println(missing == nil, err)
	// Output:
	// red <nil>
	// true <nil>
}

func ExampleOpenDb_missing() {
	path, cleanup := exampleDir("missing")
	defer cleanup()
	opts := ferrock.NewDefaultOptions() // create_if_missing is false
	defer opts.Destroy()
	_, err := ferrock.OpenDb(opts, path)
	fmt.Println(ferrock.IsCode(err, ferrock.CodeInvalidArgument))
	// Output: true
}

func ExampleDB_Write() {
	db, done := openExample("write")
	defer done()
	wo := ferrock.NewDefaultWriteOptions()
	defer wo.Destroy()
	ro := ferrock.NewDefaultReadOptions()
	defer ro.Destroy()

	// A batch is applied atomically: all of it or none.
	wb := ferrock.NewWriteBatch()
	defer wb.Destroy()
	wb.Put([]byte("a"), []byte("1"))
	wb.Put([]byte("b"), []byte("2"))
	wb.Delete([]byte("a"))
	if err := db.Write(wo, wb); err != nil {
		panic(err)
	}
	a, _ := db.GetBytes(ro, []byte("a"))
	b, _ := db.GetBytes(ro, []byte("b"))
	fmt.Printf("a=%q b=%q\n", a, b)
	// Output: a="" b="2"
}

func ExampleDB_NewIterator() {
	db, done := openExample("iter")
	defer done()
	wo := ferrock.NewDefaultWriteOptions()
	defer wo.Destroy()
	for _, k := range []string{"c", "a", "b", "d"} {
		if err := db.Put(wo, []byte(k), []byte("v"+k)); err != nil {
			panic(err)
		}
	}
	ro := ferrock.NewDefaultReadOptions()
	defer ro.Destroy()
	ro.SetIterateUpperBound([]byte("d")) // keys below "d" only
	it := db.NewIterator(ro)
	defer it.Close()
	for it.Seek([]byte("b")); it.Valid(); it.Next() {
		// Key and Value point into the iterator: valid until it moves, no Free.
		fmt.Printf("%s=%s\n", it.Key().Data(), it.Value().Data())
	}
	fmt.Println(it.Err())
	// Output:
	// b=vb
	// c=vc
	// <nil>
}

func ExampleTransactionDB_TransactionBegin() {
	path, cleanup := exampleDir("txn")
	defer cleanup()
	opts := ferrock.NewDefaultOptions()
	defer opts.Destroy()
	opts.SetCreateIfMissing(true)
	tdbOpts := ferrock.NewDefaultTransactionDBOptions()
	defer tdbOpts.Destroy()
	db, err := ferrock.OpenTransactionDb(opts, tdbOpts, path)
	if err != nil {
		panic(err)
	}
	defer db.Close()
	wo := ferrock.NewDefaultWriteOptions()
	defer wo.Destroy()
	to := ferrock.NewDefaultTransactionOptions()
	defer to.Destroy()
	ro := ferrock.NewDefaultReadOptions()
	defer ro.Destroy()

	txn := db.TransactionBegin(wo, to, nil)
	defer txn.Destroy()
	if err := txn.Put([]byte("k"), []byte("v")); err != nil {
		panic(err)
	}
	before, _ := db.Get(ro, []byte("k")) // not visible outside the transaction yet
	fmt.Println(before.Exists())
	before.Free()
	if err := txn.Commit(); err != nil {
		panic(err)
	}
	after, _ := db.Get(ro, []byte("k"))
	fmt.Printf("%s\n", after.Data())
	after.Free()
	// Output:
	// false
	// v
}
