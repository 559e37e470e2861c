package screen

import (
	"context"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/kiosk/host"
)

// TestATakeBackIsAskedAndAnsweredOnTheTable: Anja's panel offers to take
// her move back; Bernd's panel then offers to agree or refuse; refused,
// nothing changes; asked again and agreed, her move is gone and it is her
// turn again.
func TestATakeBackIsAskedAndAnsweredOnTheTable(t *testing.T) {
	s := hostSession(t, "canoe", host.GuestSeat("Anja"), host.GuestSeat("Bernd"))
	sg := newStage(t, s, 2, GameConfig{})
	seats := seatsOf("touch", "touch")
	updates, stop := s.Subscribe(engine.Onlooker)
	defer stop()
	show := func() {
		u := <-updates // the change the last tap made, told by the host
		sg.mu.Lock()
		sg.tbl.Show(GameState{Turn: u.View.Turn(), Seats: seats})
		sg.mu.Unlock()
	}
	show() // the start
	before := s.Hash()
	if err := s.Play(context.Background(), 0, canoe.Place(canoe.Hole{Row: 2, Col: 2})); err != nil {
		t.Fatal(err)
	}
	show()
	tap := func(seat engine.Seat, label string) {
		t.Helper()
		sg.mu.Lock()
		p, at, ok := sg.panelButton(seat, label)
		sg.mu.Unlock()
		if !ok {
			t.Fatalf("no %q in seat %d's panel", label, seat)
		}
		test.TapAt(p, at)
		show()
	}
	if _, _, ok := sg.panelButton(1, "Annuler mon coup"); ok {
		t.Error("Bernd may take back Anja's move")
	}
	line := func(seat engine.Seat) string {
		sg.mu.Lock()
		defer sg.mu.Unlock()
		return sg.tbl.panels[seat].lineText()
	}
	tap(0, "Annuler mon coup")
	if got := line(1); got != "Anja demande d'annuler son coup : acceptez-vous ?" {
		t.Errorf("Bernd's panel says %q while asked", got)
	}
	if got := line(0); got != "demande d'annuler son coup : à Bernd de répondre" {
		t.Errorf("Anja's panel says %q while she waits", got)
	}
	tap(1, "Refuser")
	if s.Hash() == before || s.Moves() != 1 {
		t.Fatal("a refused take-back changed the game")
	}
	if got := line(0); got != "annulation refusée : le coup reste joué" {
		t.Errorf("Anja's panel says %q after the refusal", got)
	}
	tap(0, "Annuler mon coup")
	tap(1, "Accepter l’annulation")
	if s.Hash() != before || s.Moves() != 2 || s.View(engine.Onlooker).Turn() != 0 {
		t.Fatalf("after the take-back: %d entries, turn %v", s.Moves(), s.View(engine.Onlooker).Turn())
	}
	if _, _, ok := sg.panelButton(0, "Annuler mon coup"); ok {
		t.Error("a take-back can be taken back")
	}
}
