package client

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tablee/tablee/proto/wire"
)

// A phone's signing key is made once, kept readable by its owner only,
// and the same after a restart; a statement comes from the seat's own
// final view; a play is signed once, whatever the table asks after.
func TestTheSignerSignsWhatThePhoneWasShownOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sign.key")
	s, err := LoadSigner(path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the key file: %v, %v; want mode 0600", info.Mode(), err)
	}
	again, err := LoadSigner(path)
	if err != nil || again.PublicKey() != s.PublicKey() {
		t.Fatalf("the key read again is %s (%v), want %s", again.PublicKey(), err, s.PublicKey())
	}
	final := []byte(`{"v":1,"game":"sheet","viewer":1,"view":{"viewer":1,"turn":-1,"sheet":"7wonders","title":"7 Wonders",` +
		`"result":{"scores":[50,40],"ranks":[1,2],"winners":[0],"reason":"sheet-complete"}}}`)
	st, ok := Statement("k1", "s1", "sheet", 1, final)
	want := wire.ResultStatement{Kiosk: "k1", Session: "s1", Game: "sheet", Sheet: "7wonders", Title: "7 Wonders", Reason: "sheet-complete",
		Seats: []wire.SeatResult{{Score: 50, Rank: 1, Winner: true}, {Score: 40, Rank: 2}}, Signer: 1}
	if !ok || string(st.Bytes()) != string(want.Bytes()) {
		t.Fatalf("the statement of the final view: %+v (%v), want %+v", st, ok, want)
	}
	if _, ok := Statement("k1", "s1", "sheet", 1, []byte(`{"v":1,"game":"sheet","view":{"sheet":"7wonders"}}`)); ok {
		t.Error("a statement from a view without a result")
	}
	sig, ok := s.Sign(st)
	if !ok || !wire.VerifyResult(s.PublicKey(), sig, want) {
		t.Fatalf("the signature does not verify: %q, %v", sig, ok)
	}
	if again, ok := s.Sign(st); !ok || again != sig {
		t.Error("the same statement is not signed again the same")
	}
	other := st
	other.Seats = []wire.SeatResult{{Score: 40, Rank: 2}, {Score: 50, Rank: 1, Winner: true}}
	if _, ok := s.Sign(other); ok {
		t.Error("other results of a play signed already were signed")
	}
	moved := want
	moved.Signer = 0
	if wire.VerifyResult(s.PublicKey(), sig, moved) {
		t.Error("the signature verifies for another seat")
	}
}
