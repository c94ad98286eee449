// Command putget does N puts then N gets through the Go binding
// (bindings/bench.sh). Usage: putget DIR N -> "put <ops/s>", "get <ops/s>".
// Gets use Get (a *Slice over C memory, no copy), as the binding promises.
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/ferrock/ferrock/bindings/go/ferrock"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: putget DIR N")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[2])
	if err != nil {
		panic(err)
	}
	keys := make([][]byte, n)
	for i := range keys {
		keys[i] = []byte(fmt.Sprintf("k%015d", i))
	}
	value := []byte("0123456789abcdef0123456789abcdef")
	opts := ferrock.NewDefaultOptions()
	defer opts.Destroy()
	opts.SetCreateIfMissing(true)
	db, err := ferrock.OpenDb(opts, os.Args[1])
	if err != nil {
		panic(err)
	}
	defer db.Close()
	wo, ro := ferrock.NewDefaultWriteOptions(), ferrock.NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()

	t0 := time.Now()
	for _, k := range keys {
		if err := db.Put(wo, k, value); err != nil {
			panic(err)
		}
	}
	t1 := time.Now()
	found := 0
	for _, k := range keys {
		s, err := db.Get(ro, k)
		if err != nil {
			panic(err)
		}
		if s.Exists() {
			found++
		}
		s.Free()
	}
	t2 := time.Now()
	if found != n {
		fmt.Fprintf(os.Stderr, "found %d of %d\n", found, n)
		os.Exit(1)
	}
	fmt.Printf("put %.0f\nget %.0f\n", float64(n)/t1.Sub(t0).Seconds(), float64(n)/t2.Sub(t1).Seconds())
}
