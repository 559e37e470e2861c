package console_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/console"
)

// A table whose disk is full says so on the console's tables page, in the
// reader's language, since when; a table that writes says nothing of it.
func TestConsoleSaysATablesDiskIsFull(t *testing.T) {
	t.Parallel() // each test has its own database and server; bcrypt dominates
	dir := t.TempDir()
	f := openFixture(t, dir, "tablee.db")
	since := time.Date(2026, 12, 2, 21, 4, 0, 0, time.Local)
	live := &switchLive{tables: []console.LiveTable{{Name: "Table 1", Game: "canoe", Status: "active", Started: since, Moves: 7, DiskFull: since}}}
	f.serve(t, dir, console.Config{Live: live, TableName: "Table 1"})
	b := f.browser(t)
	b.login(testPIN)
	for lang, want := range map[string]string{"fr": "plein depuis 21:04", "de": "seit 21:04 voll", "en": "has been full since 21:04"} {
		b.lang = lang
		if r := b.get("/tables"); !strings.Contains(r.body, want) || !strings.Contains(r.body, `role="alert"`) {
			t.Errorf("%s: the tables page lacks %q:\n%s", lang, want, r.body)
		}
	}
	live.tables[0].DiskFull = time.Time{}
	b.lang = "en"
	if r := b.get("/tables/live"); strings.Contains(r.body, "full since") {
		t.Errorf("a table that writes is said full:\n%s", r.body)
	}
}

// switchLive is a table the test changes between pages.
type switchLive struct{ tables []console.LiveTable }

func (l *switchLive) Tables() []console.LiveTable { return l.tables }
