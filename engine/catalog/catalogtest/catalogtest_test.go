package catalogtest

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/engine/catalog"
)

// recorder keeps what Covers reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, strings.TrimSpace(format))
}

// A table missing a game, or naming one the catalog lacks, is reported;
// a table of every shipped game is not.
func TestCoversNamesWhatIsMissing(t *testing.T) {
	full := map[string]bool{}
	for _, id := range catalog.Registry().IDs() {
		full[id] = true
	}
	r := &recorder{TB: t}
	Covers(r, "full", full)
	if len(r.errs) != 0 {
		t.Fatalf("a full table: %v", r.errs)
	}
	short := map[string]bool{"nim": true}
	Covers(r, "short", short)
	if want := len(full) + 1; len(r.errs) != want {
		t.Fatalf("a table of one unknown game: %d reports, want %d: %v", len(r.errs), want, r.errs)
	}
}
