package gui

// shape is a suit's symbol, drawn as pixels so that it never depends on
// what a font holds.
type shape int

// The symbols, one per Canyon suit; noShape draws nothing.
const (
	noShape shape = iota
	circle
	triangle
	square
	diamond
	cross
)

// contains reports whether pixel (x, y) of a w×h area is inside s, the
// symbol filling the area.
func (s shape) contains(x, y, w, h int) bool {
	if w <= 0 || h <= 0 {
		return false
	}
	// Centre-relative coordinates in -1..1.
	u := (2*float64(x)+1)/float64(w) - 1
	v := (2*float64(y)+1)/float64(h) - 1
	switch s {
	case circle:
		return u*u+v*v <= 1
	case square:
		return u >= -0.8 && u <= 0.8 && v >= -0.8 && v <= 0.8
	case triangle:
		// Apex at the top, base at the bottom.
		return v <= 0.9 && v >= -0.9 && abs(u) <= (v+0.9)/1.8
	case diamond:
		return abs(u)+abs(v) <= 1
	case cross:
		return (abs(u) <= 0.3 && abs(v) <= 0.95) || (abs(v) <= 0.3 && abs(u) <= 0.95)
	}
	return false
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
