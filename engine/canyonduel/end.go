package canyonduel

import "github.com/tablee/tablee/engine"

// MaxPlies ends a game that has not ended otherwise.
const MaxPlies = 300

// Why a game ended, the Reason of its Result.
const (
	ReasonNoPieces = "no-pieces" // a player has lost every piece
	ReasonHome     = "home"      // a player's pieces all stand on the best cells
	ReasonPlyLimit = "ply-limit" // MaxPlies moves were made
	ReasonNoMove   = "no-move"   // the player to move cannot
)

// endReason says why the game is over on b after plies moves, or "" while
// it goes on. It depends on the position only, so it holds after every
// move for both players and a determinized state agrees with the real one.
// The checks run in this order, the first that holds naming the reason.
func endReason(b *board, plies int) string {
	switch {
	case b.count(0) == 0 || b.count(1) == 0:
		return ReasonNoPieces
	case b.home(0) || b.home(1):
		return ReasonHome
	case plies >= MaxPlies:
		return ReasonPlyLimit
	case !b.canMove(plies % 2):
		return ReasonNoMove
	}
	return ""
}

// home reports whether seat's n pieces stand on cells whose values are the
// n highest of the board. No n cells can add up to more than those n
// values, and only cells with exactly those values reach their sum, so
// comparing the score with the best possible total is comparing multisets.
func (b *board) home(seat int) bool {
	n := b.count(seat)
	return n > 0 && b.score(seat) == geo.best[n]
}

// result scores b: the higher total wins, equal totals draw.
func result(b *board, reason string) engine.Result {
	scores := []int{b.score(0), b.score(1)}
	if scores[0] == scores[1] {
		return engine.DrawResult(scores, reason)
	}
	return engine.RankByScores(scores, reason)
}
