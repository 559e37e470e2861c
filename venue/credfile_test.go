package venue

import (
	"context"
	"database/sql"
	"os"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"
)

// dbHolds lists the tables and columns of the SQLite file at path whose
// text holds s, read as sqlite3 KIOSK.db would: every table, every column.
func dbHolds(t *testing.T, path, s string) []string {
	t.Helper()
	c, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	rows, err := c.Query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, n)
	}
	rows.Close()
	var found []string
	for _, tb := range tables {
		rows, err := c.Query(`SELECT * FROM "` + tb + `"`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				var text string
				switch v := v.(type) {
				case string:
					text = v
				case []byte:
					text = string(v)
				}
				if strings.Contains(text, s) {
					found = append(found, tb+"."+cols[i])
				}
			}
		}
		rows.Close()
	}
	return found
}

// After pairing, the kiosk's database (as sqlite3 reads it, so also
// every download and backup of it) holds no venue credential: it is in
// a file of mode 0600 beside it, and the database file itself is 0600.
// A credential an earlier build kept in the database moves out.
func TestTheVenueCredentialIsNotInTheDatabase(t *testing.T) {
	ctx := context.Background()
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	a := newNode(t, "A")
	if err := Pair(ctx, a.d, *pairing(t, hub, hub.Addr())); err != nil {
		t.Fatal(err)
	}
	_, cred, err := paired(ctx, a.d)
	if err != nil || len(cred) < 32 {
		t.Fatalf("the paired credential: %q %v", cred, err)
	}
	if found := dbHolds(t, a.d.Path(), cred); len(found) > 0 {
		t.Errorf("the database holds the venue credential in %v", found)
	}
	for _, p := range []string{credentialPath(a.d), a.d.Path()} {
		fi, err := os.Stat(p)
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v, want mode 0600", p, fi.Mode(), err)
		}
	}
	// The credential logs in, read back from its file.
	if err := leafLogin(ctx, hub.Addr(), hub.Fingerprint(), kioskServerPrefix+mustID(t, a), cred); err != nil {
		t.Fatalf("the credential from its file: %v", err)
	}
	// An earlier build's database: the credential in venue_config.
	if err := os.Remove(credentialPath(a.d)); err != nil {
		t.Fatal(err)
	}
	if err := a.d.SetVenueConfig(ctx, map[string]string{pairCredKey: cred}); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := Paired(ctx, a.d); !ok || err != nil {
		t.Fatalf("paired by an earlier build: %v %v", ok, err)
	}
	if found := dbHolds(t, a.d.Path(), cred); len(found) > 0 {
		t.Errorf("after the migration the database still holds the credential in %v", found)
	}
	if b, err := os.ReadFile(credentialPath(a.d)); err != nil || strings.TrimSpace(string(b)) != cred {
		t.Errorf("the migrated credential's file: %q %v", b, err)
	}
	if err := Unpair(ctx, a.d); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(credentialPath(a.d)); !os.IsNotExist(err) {
		t.Errorf("unpaired, the credential's file stays: %v", err)
	}
}

func mustID(t *testing.T, n *node) string {
	t.Helper()
	id, err := n.d.VenueID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return id
}
