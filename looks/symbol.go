package looks

import "math"

// Symbol is a shape drawn on a card or a piece as the second cue beside its
// colour. Every UI draws it from Outline, so a symbol has the same shape on
// the table, the native phone and the web page.
type Symbol string

// The symbols. Ring is drawn as a circle's outline (a stroke), every other
// one as its outline filled.
const (
	NoSymbol  Symbol = ""
	Circle    Symbol = "circle"
	Triangle  Symbol = "triangle"
	Square    Symbol = "square"
	Diamond   Symbol = "diamond"
	Cross     Symbol = "cross"
	Ring      Symbol = "ring"
	Star      Symbol = "star"
	Fish      Symbol = "fish"
	Saltire   Symbol = "saltire"
	Hook      Symbol = "hook"
	Hexagon   Symbol = "hexagon"
	Hourglass Symbol = "hourglass"
	Bar       Symbol = "bar"
	Chevron   Symbol = "chevron"
	Wave      Symbol = "wave"
)

// Symbols is every symbol, for the page's looks and the tests.
var Symbols = []Symbol{Circle, Triangle, Square, Diamond, Cross, Ring, Star, Fish, Saltire, Hook, Hexagon, Hourglass, Bar, Chevron, Wave}

// Point is a point of an outline in the unit box: X from 0 (left) to 1,
// Y from 0 (top) to 1.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Hollow reports whether s is drawn as a stroke along its outline rather
// than filled.
func (s Symbol) Hollow() bool { return s == Ring }

// Outline is s's outline, a closed polygon in the unit box (the last point
// joins the first), clockwise on screen and of at most 15 corners: Fyne's
// polygon takes 16 by its documentation, but the kiosk's GL painter stops
// drawing the window at 16 (seen under Xvfb with Mesa); nil for NoSymbol
// and unknown names.
func (s Symbol) Outline() []Point {
	switch s {
	case Circle, Ring:
		return regular(15, 0.5, 0) // 15: a 16th corner hangs Fyne's GL painter
	case Triangle:
		return pts(0.5, 0.05, 0.95, 0.9, 0.05, 0.9)
	case Square:
		return pts(0.12, 0.12, 0.88, 0.12, 0.88, 0.88, 0.12, 0.88)
	case Diamond:
		return pts(0.5, 0, 1, 0.5, 0.5, 1, 0, 0.5)
	case Cross:
		return pts(0.35, 0.03, 0.65, 0.03, 0.65, 0.35, 0.97, 0.35, 0.97, 0.65, 0.65, 0.65,
			0.65, 0.97, 0.35, 0.97, 0.35, 0.65, 0.03, 0.65, 0.03, 0.35, 0.35, 0.35)
	case Star:
		var out []Point
		for i := range 10 {
			r := 0.5
			if i%2 == 1 {
				r = 0.2
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			out = append(out, Point{0.5 + r*math.Cos(a), 0.53 + r*math.Sin(a)})
		}
		return out
	case Fish:
		// A body pointing left and a forked tail on the right.
		return pts(0.02, 0.5, 0.2, 0.3, 0.45, 0.22, 0.68, 0.38, 0.95, 0.18, 0.85, 0.5,
			0.95, 0.82, 0.68, 0.62, 0.45, 0.78, 0.2, 0.7)
	case Saltire:
		return pts(0.05, 0.2, 0.2, 0.05, 0.5, 0.35, 0.8, 0.05, 0.95, 0.2, 0.65, 0.5,
			0.95, 0.8, 0.8, 0.95, 0.5, 0.65, 0.2, 0.95, 0.05, 0.8, 0.35, 0.5)
	case Hook:
		// A fish hook: the shank down, the bend, the point up on the left.
		return pts(0.55, 0.02, 0.72, 0.02, 0.72, 0.72, 0.62, 0.92, 0.4, 0.98, 0.2, 0.9,
			0.1, 0.7, 0.1, 0.42, 0.3, 0.58, 0.26, 0.7, 0.32, 0.8, 0.46, 0.82, 0.55, 0.7)
	case Hexagon:
		return regular(6, 0.5, math.Pi/6)
	case Hourglass:
		return pts(0.1, 0.05, 0.9, 0.05, 0.56, 0.5, 0.9, 0.95, 0.1, 0.95, 0.44, 0.5)
	case Bar:
		return pts(0.05, 0.36, 0.95, 0.36, 0.95, 0.64, 0.05, 0.64)
	case Chevron:
		// Pointing up: fish let go, back to the river.
		return pts(0.5, 0.1, 0.95, 0.55, 0.95, 0.85, 0.5, 0.42, 0.05, 0.85, 0.05, 0.55)
	case Wave:
		// A thick band rising and falling twice.
		const n = 6
		var top, bottom []Point
		for i := 0; i <= n; i++ {
			x := 0.04 + 0.92*float64(i)/n
			y := 0.5 - 0.2*math.Sin(2*math.Pi*float64(i)/n*1.5)
			top = append(top, Point{x, y - 0.14})
			bottom = append(bottom, Point{x, y + 0.14})
		}
		for i := len(bottom) - 1; i >= 0; i-- {
			top = append(top, bottom[i])
		}
		return top
	}
	return nil
}

// Contains reports whether (x, y) of the unit box lies inside s: inside
// its outline, or for a hollow symbol on its stroke (width a tenth of the
// box). The native phone paints symbols pixel by pixel with it.
func (s Symbol) Contains(x, y float64) bool {
	if s.Hollow() {
		d := math.Hypot(x-0.5, y-0.5)
		return d <= 0.5 && d >= 0.4
	}
	out := s.Outline()
	in := false
	for i, j := 0, len(out)-1; i < len(out); j, i = i, i+1 {
		a, b := out[i], out[j]
		if (a.Y > y) != (b.Y > y) && x < (b.X-a.X)*(y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// regular is a regular n-gon of radius r centred in the box, its first
// corner at angle start from straight up.
func regular(n int, r, start float64) []Point {
	out := make([]Point, n)
	for i := range out {
		a := start - math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		out[i] = Point{0.5 + r*math.Cos(a), 0.5 + r*math.Sin(a)}
	}
	return out
}

func pts(xy ...float64) []Point {
	out := make([]Point, len(xy)/2)
	for i := range out {
		out[i] = Point{xy[2*i], xy[2*i+1]}
	}
	return out
}
