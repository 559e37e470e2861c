package canyon

import "github.com/tablee/tablee/engine"

var (
	_ engine.Estimator   = (*State)(nil)
	_ engine.RandomMover = (*State)(nil)
)

// Estimate judges a position by how far each canoe still has to go: 1 at a
// dock, 0 at the start line or further. A fallen canoe counts from the cave
// footbridge. Searching bots use it to cut playouts short.
func (s *State) Estimate() []float64 {
	out := make([]float64, s.t.Seats)
	const far = 28.0 // the start cells' goal distance
	for seat := range out {
		d := float64(s.distance(seat))
		if s.t.Canoes[seat] < 0 && !s.t.Fallen[seat] {
			d = far // not placed yet
		}
		out[seat] = max(0, 1-d/far)
	}
	return out
}
