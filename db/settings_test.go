package db

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestStaffPINIsStoredHashedAndChecked(t *testing.T) {
	d := openTemp(t)
	ctx := context.Background()
	if err := d.CheckStaffPIN(ctx, "1234"); !errors.Is(err, ErrNoStaffPIN) {
		t.Fatalf("before any PIN: %v, want ErrNoStaffPIN", err)
	}
	for _, bad := range []string{"", "123", "12a4", "1234567890123", "١٢٣٤"} {
		if err := d.SetStaffPIN(ctx, bad); !errors.Is(err, ErrBadPIN) {
			t.Errorf("PIN %q accepted: %v", bad, err)
		}
	}
	if err := d.SetStaffPIN(ctx, "2468"); err != nil {
		t.Fatal(err)
	}
	if err := d.CheckStaffPIN(ctx, "2468"); err != nil {
		t.Errorf("right PIN: %v", err)
	}
	if err := d.CheckStaffPIN(ctx, "2469"); !errors.Is(err, ErrWrongPIN) {
		t.Errorf("wrong PIN: %v", err)
	}
	var stored string
	if err := d.r.QueryRow(`SELECT value FROM settings WHERE key = ?`, keyStaffPIN).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stored, "2468") || !strings.HasPrefix(stored, "$2") {
		t.Errorf("stored %q: want a bcrypt hash, never the PIN", stored)
	}
	if err := d.SetStaffPIN(ctx, "13579"); err != nil {
		t.Fatal(err)
	}
	if err := d.CheckStaffPIN(ctx, "2468"); !errors.Is(err, ErrWrongPIN) {
		t.Errorf("the old PIN still works after a change: %v", err)
	}
}

func TestTableSettingsRoundTrip(t *testing.T) {
	d := openTemp(t)
	ctx := context.Background()
	if n, err := d.TableName(ctx); err != nil || n != "" {
		t.Fatalf("unset name %q, %v", n, err)
	}
	if err := d.SetTableName(ctx, "  Table du fond "); err != nil {
		t.Fatal(err)
	}
	if n, _ := d.TableName(ctx); n != "Table du fond" {
		t.Errorf("name %q", n)
	}
	if err := d.SetTableName(ctx, " "); err == nil {
		t.Error("an empty name was accepted")
	}
	if o, err := d.DefaultOptions(ctx, "canyon"); err != nil || o != nil {
		t.Fatalf("unset options %v, %v", o, err)
	}
	if err := d.SetDefaultOptions(ctx, "canyon", map[string]string{"less-luck": "on"}); err != nil {
		t.Fatal(err)
	}
	if o, _ := d.DefaultOptions(ctx, "canyon"); o["less-luck"] != "on" {
		t.Errorf("options %v", o)
	}
}

func TestHintsInRatedDefaultsToOnAndRoundTrips(t *testing.T) {
	d := openTemp(t)
	ctx := context.Background()
	if on, err := d.HintsInRated(ctx); err != nil || !on {
		t.Fatalf("never set: %v %v, want true", on, err)
	}
	for _, want := range []bool{false, true} {
		if err := d.SetHintsInRated(ctx, want); err != nil {
			t.Fatal(err)
		}
		if on, err := d.HintsInRated(ctx); err != nil || on != want {
			t.Errorf("after setting %v: %v %v", want, on, err)
		}
	}
}
