package gui

import (
	"testing"

	"github.com/tablee/tablee/kiosk/kiosktest"
)

// TestBoardStandingsFitThePhone: a board game's standings ("Bernadette —
// canoës : 0 · pions en réserve : 13 (vous)") wrap within the 400 px
// phone in every language; one line too wide pushed the whole seat
// screen past the window's edge, the take-back's "Accepter" button with
// it.
func TestBoardStandingsFitThePhone(t *testing.T) {
	for _, game := range []string{"canoe", "canyonduel"} {
		for _, lang := range []string{"fr_FR.UTF-8", "de_DE.UTF-8", "en_GB.UTF-8"} {
			t.Run(game+"/"+lang, func(t *testing.T) {
				tb := kiosktest.Open(t, game, 2)
				p := openPhone(t, nil, Deps{Browse: browseOnce(tableOf(tb, game, 2)), Lang: lang})
				p.joinFromList(t, tb.Code(), "Bernadette")
				p.seated(t)
				p.u.do(func() {
					need, have := p.w.Content().MinSize().Width, p.w.Canvas().Size().Width
					if need > have+0.5 {
						t.Errorf("the seat screen needs %.0f px, the phone is %.0f px wide:\n%s", need, have, p.labels())
					}
				})
			})
		}
	}
}
