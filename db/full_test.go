package db

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// A database that reached its page limit (as a full disk does) refuses a
// write with an error IsFull recognises, and writes again once there is
// room; other errors are not taken for a full disk.
func TestIsFull(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	var pages int
	if err := d.w.QueryRow("PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	// The writer pool has one connection: the limit holds for every write.
	if _, err := d.w.Exec(fmt.Sprintf("PRAGMA max_page_count = %d", pages)); err != nil {
		t.Fatal(err)
	}
	var err error
	for i := 0; err == nil && i < 10000; i++ {
		_, err = d.EnsureTable(ctx, fmt.Sprintf("Table %d with a long name to fill the pages sooner", i))
	}
	if !IsFull(err) {
		t.Fatalf("filling the file gave %v, want an error IsFull recognises", err)
	}
	if IsFull(errors.New("database is locked")) || IsFull(nil) {
		t.Error("IsFull took another error for a full disk")
	}
	if _, err := d.w.Exec(fmt.Sprintf("PRAGMA max_page_count = %d", pages*100)); err != nil {
		t.Fatal(err)
	}
	if _, err := d.EnsureTable(ctx, "Once there is room"); err != nil {
		t.Errorf("after room came back: %v", err)
	}
}
