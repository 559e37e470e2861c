package lesson

import (
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyonduel"
)

// Canoe is the lesson of Canoë: the learner (light) finishes a canoe by
// placing a peg, then a second one by moving a peg next to it, which
// wins; the other way of finishing it, placing a peg, would leave a peg
// touching the canoe, which then does not count (the rulebook's canoe
// shape and its rule of pegs alone).
func Canoe() *Lesson {
	m := func(s string) engine.Move { return must(canoe.ParseMove(s)) }
	parse := func(s string) (engine.Move, error) { return canoe.ParseMove(s) }
	return &Lesson{
		Game: canoe.ID, Rules: canoe.New(), Seats: 2, Learner: 0,
		// Light's pegs: c3 f3 d4 (a canoe but for e4), i4 j4 h5 and j6
		// (a canoe but for k5); dark's pegs far from them.
		Start: fromMoves(canoe.New(), engine.Setup{Seats: 2, Seed: 1}, parse,
			"place c3", "place b1", "place f3", "place c1", "place d4", "place l1",
			"place i4", "place m1", "place j4", "place a2", "place h5", "place m2",
			"place j6", "place d6"),
		Steps: []Step{
			{
				Text:    "lesson.canoe.1",
				Expect:  []engine.Move{m("place e4")},
				Other:   "lesson.canoe.1.other",
				Wrong:   m("place a4"),
				Replies: []Reply{{Seat: 1, Move: m("place a3")}},
			},
			{
				Text:   "lesson.canoe.2",
				Expect: []engine.Move{m("move j6-k5")},
				Other:  "lesson.canoe.2.other",
				Why:    canoeTouches,
				Wrong:  m("place k5"),
			},
		},
		End: "lesson.canoe.end",
	}
}

// CanyonDuel is the lesson of Canyon duel: a step, a jump over one's own
// piece, and a chain of two jumps that takes two yellow pieces (the
// rulebook's jumps), from a position of the middle game.
func CanyonDuel() *Lesson {
	m := func(s string) engine.Move { return must(canyonduel.ParseMove(s)) }
	rows := []string{
		"RRRR.RY.",
		"RRR..##Y",
		"RR.R###.",
		"R..###.Y",
		"R.###.YY",
		".###.YYY",
		".##..YYY",
		"....YYYY",
	}
	return &Lesson{
		Game: canyonduel.ID, Rules: canyonduel.New(), Seats: 2, Learner: 0,
		Start: func() (engine.State, error) { return canyonduel.New().Position(rows, 0) },
		Steps: []Step{
			{
				Text:    "lesson.canyonduel.1",
				Expect:  []engine.Move{m("b3-c4")},
				Other:   "lesson.canyonduel.1.other",
				Wrong:   m("b3:b5"),
				Replies: []Reply{{Seat: 1, Move: m("e8-d8")}},
			},
			{
				Text:    "lesson.canyonduel.2",
				Expect:  []engine.Move{m("a4:a6")},
				Other:   "lesson.canyonduel.2.other",
				Wrong:   m("a5-b5"),
				Replies: []Reply{{Seat: 1, Move: m("d8-c8")}},
			},
			{
				Text:   "lesson.canyonduel.3",
				Expect: []engine.Move{m("f1:h1:h3")},
				Other:  "lesson.canyonduel.3.other",
				Wrong:  m("f1:h1"),
			},
		},
		End: "lesson.canyonduel.end",
	}
}

// canoeTouches explains another move than the step's in Canoë from what
// it does: one that brings the learner's peg beside another of theirs
// without making a canoe that counts is the canoe touched
// (lesson.canoe.2.other); any other leaves the second canoe unfinished
// (lesson.canoe.2.apart).
func canoeTouches(before, after engine.State, seat engine.Seat, m engine.Move) string {
	cm, ok := m.(canoe.Move)
	bv, ok1 := before.View(seat).(*canoe.View)
	av, ok2 := after.View(seat).(*canoe.View)
	if !ok || !ok1 || !ok2 || !seat.Valid(2) {
		return ""
	}
	if len(av.Canoes[seat]) > len(bv.Canoes[seat]) {
		return "lesson.canoe.2.counts"
	}
	if cm.Kind == canoe.KindRemove {
		return "lesson.canoe.2.apart"
	}
	own := av.Board[cm.To.Row][cm.To.Col]
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			r, c := cm.To.Row+dr, cm.To.Col+dc
			if (dr != 0 || dc != 0) && r >= 0 && c >= 0 && r < canoe.Rows && c < canoe.Cols && av.Board[r][c] == own {
				return "lesson.canoe.2.other"
			}
		}
	}
	return "lesson.canoe.2.apart"
}
