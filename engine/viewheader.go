package engine

// ViewHeader is the part every game's view shares, written once: whom the
// view is for, whose turn it is, the viewer's legal moves and the result,
// under the JSON names the phones read ("viewer", "turn", "legal",
// "result"). A game's view embeds it (M is the game's move type) and so
// has View's four methods.
type ViewHeader[M Move] struct {
	// For is the seat the view is for, or Onlooker.
	For Seat `json:"viewer"`
	// ToMove is the seat whose decision it is; NoSeat once the game is over.
	ToMove Seat `json:"turn"`
	// Moves is the viewer's legal moves on its turn, else empty.
	Moves []M `json:"legal,omitempty"`
	// Outcome is the result once the game is over, else nil: every viewer
	// sees the whole result.
	Outcome *Result `json:"result,omitempty"`
}

// Viewer is the seat the view is for, or Onlooker.
func (h *ViewHeader[M]) Viewer() Seat { return h.For }

// Turn is the seat whose decision it is; NoSeat once the game is over.
func (h *ViewHeader[M]) Turn() Seat { return h.ToMove }

// Legal is the viewer's legal moves on its turn, else nil.
func (h *ViewHeader[M]) Legal() []Move { return Moves(h.Moves) }

// Result is the outcome once the game is over, and whether it is.
func (h *ViewHeader[M]) Result() (Result, bool) {
	if h.Outcome == nil {
		return Result{}, false
	}
	return *h.Outcome, true
}
