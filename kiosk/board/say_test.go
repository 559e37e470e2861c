package board

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canaille"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/i18n"
)

// A replay says moves in words in the table's language, never in the
// engine's notation ("play violet 4", "move 19,2").
func TestSayMoveInWords(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	name := func(s engine.Seat) string { return []string{"Anja", "Bernd"}[s] }
	fr := Env{Lang: i18n.FR, Texts: cat, Name: name}
	en := Env{Lang: i18n.EN, Texts: cat, Name: name}
	for _, c := range []struct {
		env  Env
		m    engine.Move
		want string
	}{
		{fr, canyon.Play(canyon.Card{Suit: 4, Value: 4}), "joue le violet 4"},
		{fr, canyon.MoveTo(19, 2), "fait avancer son canoë"},
		{fr, canyon.Tempo(2, 4), "annonce un tempo de 2 + 4"},
		{fr, canoe.Move{Kind: canoe.KindPlace}, "pose une cheville"},
		{fr, canyonduel.Move{Kind: canyonduel.KindJump, Path: make([]canyonduel.Cell, 2)}, "saute une fois"},
		{fr, canyonduel.Move{Kind: canyonduel.KindJump, Path: make([]canyonduel.Cell, 4)}, "saute 3 fois"},
		{en, canyonduel.Move{Kind: canyonduel.KindStep}, "steps to a next cell"},
		{fr, canaille.Move{Kind: canaille.KindTarget, Seat: 1}, "désigne Bernd pour la suite"},
		{fr, canaille.Move{Kind: canaille.KindDrawDeck}, "pioche une carte action"},
	} {
		if got := SayMove(c.m, c.env); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.env.Lang, c.m, got, c.want)
		}
	}
	// A start cell is named as the board numbers it, and the phones too.
	m := canyon.Map()
	for i := 0; i < m.Rows*m.Cols; i++ {
		if m.IsStart(i) {
			row, col := i/m.Cols, i%m.Cols
			if got := SayMove(canyon.Place(row, col), fr); got != "se place sur le Départ 1" {
				t.Errorf("the first start cell: %q", got)
			}
			break
		}
	}
	// A sentence names its cards as the table prints them.
	var cards []canaille.Card
	for c := canaille.Card(1); len(cards) < 2 && c <= canaille.NumCards; c++ {
		cards = append(cards, c)
	}
	got := SayMove(canaille.Move{Kind: canaille.KindSentence, Cards: cards}, fr)
	if !strings.HasPrefix(got, "pose une phrase de 2 cartes : ") || strings.Contains(got, "A0") {
		t.Errorf("a sentence: %q", got)
	}
}
