package venue

import (
	"testing"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine/verify"
)

// The refusal the staff may take back (db.Unverified, db does not import
// the rules) is the one the loaders' replay writes for an event without
// moves.
func TestTheTakeableRefusalIsTheReplays(t *testing.T) {
	if db.Unverified != string(verify.Unverified) {
		t.Errorf("db.Unverified = %q, verify.Unverified = %q", db.Unverified, verify.Unverified)
	}
	v := verify.Check(newReplayer(t.Logf).games, verify.Claim{Game: "canoe"})
	if v.Refusal != verify.Unverified {
		t.Errorf("a claim without a move log: %q, want %q", v.Refusal, verify.Unverified)
	}
}
