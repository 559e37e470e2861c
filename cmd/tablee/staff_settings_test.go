package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/catalog"
)

func TestStaffPINCommandReadsStdinAndStoresAHash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "tablee.db")
	var out, errOut bytes.Buffer
	e := &env{stdin: strings.NewReader("2468\n"), stdout: &out, stderr: &errOut, games: catalog.Registry()}
	if err := runStaffPIN(context.Background(), e, []string{"--db", path}); err != nil {
		t.Fatalf("staff-pin: %v (%s)", err, errOut.String())
	}
	d, err := db.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.CheckStaffPIN(context.Background(), "2468"); err != nil {
		t.Errorf("the PIN set is refused: %v", err)
	}
	raw, _ := os.ReadFile(path)
	if bytes.Contains(raw, []byte("2468")) {
		t.Error("the PIN is in the database file in the clear")
	}
	e.stdin = strings.NewReader("12\n")
	if err := runStaffPIN(context.Background(), e, []string{"--db", path}); !errors.Is(err, db.ErrBadPIN) {
		t.Errorf("a 2-digit PIN: %v", err)
	}
}

func TestTableNameCommand(t *testing.T) {
	k := newKiosk(t)
	out, _, err := staff(t, runTableName, "--db", k.path)
	if err != nil || !strings.Contains(out, "no name set") {
		t.Errorf("unset: %q %v", out, err)
	}
	if _, _, err := staff(t, runTableName, "--db", k.path, "Table", "du", "fond"); err != nil {
		t.Fatal(err)
	}
	if out, _, _ := staff(t, runTableName, "--db", k.path); strings.TrimSpace(out) != "Table du fond" {
		t.Errorf("name %q", out)
	}
}
