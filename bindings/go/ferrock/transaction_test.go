package ferrock

import (
	"path/filepath"
	"testing"
)

// openTestTxnDb opens a TransactionDB, skipping when the library answers
// that transactions are not implemented.
func openTestTxnDb(t *testing.T) *TransactionDB {
	t.Helper()
	opts := NewDefaultOptions()
	defer opts.Destroy()
	opts.SetCreateIfMissing(true)
	tdo := NewDefaultTransactionDBOptions()
	defer tdo.Destroy()
	db, err := OpenTransactionDb(opts, tdo, filepath.Join(t.TempDir(), "txndb"))
	if IsCode(err, CodeNotSupported) {
		t.Skipf("library has no transactions: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

func TestTransactionCommitAndRollback(t *testing.T) {
	db := openTestTxnDb(t)
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	to := NewDefaultTransactionOptions()
	defer to.Destroy()
	if err := db.Put(wo, []byte("base"), []byte("0")); err != nil {
		t.Fatal(err)
	}

	txn := db.TransactionBegin(wo, to, nil)
	defer txn.Destroy()
	if err := txn.Put([]byte("a"), []byte("1")); err != nil {
		t.Fatal(err)
	}
	own, err := txn.Get(ro, []byte("a"))
	if err != nil || string(own.Data()) != "1" {
		t.Fatalf("own write: %q %v", own.Data(), err)
	}
	own.Free()
	outside, _ := db.Get(ro, []byte("a"))
	if outside.Exists() {
		t.Fatal("uncommitted write visible outside the transaction")
	}
	outside.Free()
	txn.SetSavePoint()
	_ = txn.Put([]byte("b"), []byte("2"))
	if err := txn.RollbackToSavePoint(); err != nil {
		t.Fatal(err)
	}
	if err := txn.Commit(); err != nil {
		t.Fatal(err)
	}
	a, _ := db.Get(ro, []byte("a"))
	b, _ := db.Get(ro, []byte("b"))
	if string(a.Data()) != "1" || b.Exists() {
		t.Fatalf("after commit: a=%q b exists=%v", a.Data(), b.Exists())
	}
	a.Free()
	b.Free()

	txn2 := db.TransactionBegin(wo, to, nil)
	defer txn2.Destroy()
	_ = txn2.Delete([]byte("base"))
	if err := txn2.Rollback(); err != nil {
		t.Fatal(err)
	}
	base, _ := db.Get(ro, []byte("base"))
	if string(base.Data()) != "0" {
		t.Fatal("rolled-back delete took effect")
	}
	base.Free()
}

func TestTransactionLockConflict(t *testing.T) {
	db := openTestTxnDb(t)
	wo, ro := NewDefaultWriteOptions(), NewDefaultReadOptions()
	defer wo.Destroy()
	defer ro.Destroy()
	to := NewDefaultTransactionOptions()
	defer to.Destroy()
	to.SetLockTimeout(10)
	first := db.TransactionBegin(wo, to, nil)
	defer first.Destroy()
	s, err := first.GetForUpdate(ro, []byte("k"))
	if err != nil {
		t.Fatal(err)
	}
	s.Free()
	second := db.TransactionBegin(wo, to, nil)
	defer second.Destroy()
	err = second.Put([]byte("k"), []byte("v"))
	if !IsCode(err, CodeTimedOut) && !IsCode(err, CodeBusy) {
		t.Fatalf("conflicting put: %v", err)
	}
	if err := first.Commit(); err != nil {
		t.Fatal(err)
	}
}
