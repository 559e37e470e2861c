package canyon

import (
	"slices"

	"github.com/tablee/tablee/engine"
)

// tempoBids are every way to show a tempo with the five tempo cards 0..4:
// one card, or two different cards for a tempo of 5 to 7.
var tempoBids = [][]int{{0}, {1}, {2}, {3}, {4}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// checkTempo returns the tempo the cards show, or why they cannot be shown.
func checkTempo(cards []int) (int, error) {
	if len(cards) < 1 || len(cards) > 2 {
		return 0, engine.BrokenWith(RuleTempoCards, map[string]any{"N": len(cards)}, "a tempo is one or two tempo cards, not %d", len(cards))
	}
	sum := 0
	for _, c := range cards {
		if c < 0 || c > 4 {
			return 0, engine.BrokenWith(RuleTempoCards, map[string]any{"Card": c}, "there is no tempo card %d (they are 0 to 4)", c)
		}
		sum += c
	}
	if len(cards) == 2 {
		if cards[0] == cards[1] {
			return 0, engine.BrokenWith(RuleTempoCardUsed, map[string]any{"Card": cards[0]}, "each tempo card exists once; %d is shown twice", cards[0])
		}
		if sum < 5 {
			return 0, engine.BrokenWith(RuleTempoCards, map[string]any{"Sum": sum}, "two tempo cards show a tempo of 5 to 7, not %d", sum)
		}
	}
	return sum, nil
}

// normTempo orders two tempo cards so that equal bids have one form. A
// valid bid comes back as its entry of tempoBids, shared and never written
// (views, events and clones copy it), which spares an allocation per bid.
func normTempo(cards []int) []int {
	for _, bid := range tempoBids {
		if len(bid) == len(cards) && (len(bid) == 1 && bid[0] == cards[0] ||
			len(bid) == 2 && (bid[0] == cards[0] && bid[1] == cards[1] || bid[0] == cards[1] && bid[1] == cards[0])) {
			return bid
		}
	}
	out := slices.Clone(cards)
	slices.Sort(out)
	return out
}

// bonus is the extra movement for taking exactly the tempo's tricks.
func bonus(tempo int) int {
	switch tempo {
	case 0:
		return 1
	case 1:
		return 2
	}
	return 3
}

// movementPoints outside the current: the tricks, plus the bonus if the tempo
// was made exactly.
func movementPoints(tempo, tricks int) int {
	if tempo == tricks {
		return tricks + bonus(tempo)
	}
	return tricks
}
