// Package looks is the one definition of how every game looks: Canyon's
// suit colours and symbols, Canaille's card-kind colours and marks, the
// seats' colours and Canoë's pegs. The table's boards, the native
// companion and the web page (through GET /looks.json on the kiosk) all
// draw from it, so a guest looking from the table to a phone sees the
// same card. Colours come from the Okabe–Ito palette, safe for colour-blind
// guests, and every colour goes with a second cue (a symbol, a mark, a
// seat number) so that colour is never the only way to tell two apart.
//
// It imports nothing of Fyne: colours are plain RGB, symbols are outlines
// in a unit box that each UI draws with its own primitives (a polygon on
// the table and the phone, an SVG polygon on the web page).
package looks

import (
	"fmt"
	"image/color"
	"math"
	"strings"
)

// RGB is an opaque colour.
type RGB struct{ R, G, B uint8 }

// NRGBA is c for image/color and Fyne.
func (c RGB) NRGBA() color.NRGBA { return color.NRGBA{R: c.R, G: c.G, B: c.B, A: 0xFF} }

// Hex is c as CSS writes it, "#rrggbb".
func (c RGB) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// MarshalText writes c as Hex, so JSON carries "#rrggbb".
func (c RGB) MarshalText() ([]byte, error) { return []byte(c.Hex()), nil }

// UnmarshalText reads "#rrggbb".
func (c *RGB) UnmarshalText(b []byte) error {
	s := strings.ToLower(string(b))
	if len(s) != 7 || s[0] != '#' {
		return fmt.Errorf("looks: colour %q is not #rrggbb", s)
	}
	if _, err := fmt.Sscanf(s[1:], "%02x%02x%02x", &c.R, &c.G, &c.B); err != nil {
		return fmt.Errorf("looks: colour %q: %w", s, err)
	}
	return nil
}

// Of converts a colour from a UI back to RGB (alpha dropped), for the
// tests that check what a UI draws.
func Of(c color.Color) RGB {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return RGB{n.R, n.G, n.B}
}

// The Okabe–Ito palette (Okabe and Ito, "Color Universal Design", 2008),
// and the neutral grounds and inks the looks use.
var (
	Orange      = RGB{0xE6, 0x9F, 0x00}
	SkyBlue     = RGB{0x56, 0xB4, 0xE9}
	BluishGreen = RGB{0x00, 0x9E, 0x73}
	Yellow      = RGB{0xF0, 0xE4, 0x42}
	Blue        = RGB{0x00, 0x72, 0xB2}
	Vermillion  = RGB{0xD5, 0x5E, 0x00}
	Purple      = RGB{0xCC, 0x79, 0xA7}

	// Highlight rings what a lesson points at on the table's boards:
	// Okabe–Ito's reddish purple, the colour of no seat a lesson seats (at
	// most four), nor of water or wood (TestHighlightIsNoSeatsColour).
	Highlight = Purple

	Cream    = RGB{0xF4, 0xF1, 0xE8} // a card's ground, light ink
	Ink      = RGB{0x1B, 0x1B, 0x1B} // dark ink
	Charcoal = RGB{0x20, 0x20, 0x20}
	Black    = RGB{}
)

// Look is one thing's look: its ground colour, the ink written and drawn
// on it (contrast at least 4.5:1), and its symbol or mark, the second cue.
type Look struct {
	Fill   RGB    `json:"fill"`
	Ink    RGB    `json:"ink"`
	Symbol Symbol `json:"symbol"`
}

// Game is a game's looks. Seats are the seats' colours (pieces, canoes,
// pegs, the dots beside names), by seat, their number the second cue;
// Suits are Canyon's suits by suit index; Kinds are Canaille's card kinds
// by the kind's name (canaille.Kind.String()).
type Game struct {
	Seats []Look          `json:"seats"`
	Suits []Look          `json:"suits,omitempty"`
	Kinds map[string]Look `json:"kinds,omitempty"`
}

// Seat is seat i's look, the seats' colours repeating past the last.
func (g Game) Seat(i int) Look {
	if len(g.Seats) == 0 || i < 0 {
		return Look{Fill: Cream, Ink: Ink}
	}
	return g.Seats[i%len(g.Seats)]
}

// seats are the seat colours of the games for up to six seats:
// Okabe–Ito, each with the ink its number is written in.
func seats() []Look {
	return []Look{
		{Fill: Orange, Ink: Ink},
		{Fill: SkyBlue, Ink: Ink},
		{Fill: BluishGreen, Ink: Ink},
		{Fill: Yellow, Ink: Ink},
		{Fill: Blue, Ink: Cream},
		{Fill: Purple, Ink: Ink},
	}
}

// For is the looks of the game with id; ok is false for a game without
// looks of its own (games() names none), which then gets the common seat
// colours: a board game whose pieces are the seats' colours needs no entry.
func For(id string) (g Game, ok bool) {
	if look, ok := games()[id]; ok {
		return look(), true
	}
	return Game{Seats: seats()}, false
}

// games is the one place package looks names the games, by id: the
// looks of each game that has its own (suits, card kinds, pieces not in
// the seats' colours).
func games() map[string]func() Game {
	return map[string]func() Game{
		"canyon": func() Game {
			// The engine names the suits blue, green, red, yellow, violet.
			return Game{Seats: seats(), Suits: []Look{
				{Fill: Blue, Ink: Cream, Symbol: Circle},
				{Fill: BluishGreen, Ink: Ink, Symbol: Triangle},
				{Fill: Vermillion, Ink: Black, Symbol: Square},
				{Fill: Yellow, Ink: Ink, Symbol: Diamond},
				{Fill: Purple, Ink: Ink, Symbol: Cross},
			}}
		},
		"canyonduel": func() Game {
			// Red and yellow pieces as in the box, told apart by lightness
			// too; the yellow ones carry a ring in their ink.
			return Game{Seats: []Look{
				{Fill: Vermillion, Ink: Black},
				{Fill: Yellow, Ink: Ink, Symbol: Ring},
			}}
		},
		"canoe": func() Game {
			// Light and dark pegs, told apart by lightness, which every eye
			// sees; each peg is ringed in the other's colour.
			return Game{Seats: []Look{
				{Fill: RGB{0xF5, 0xEF, 0xD8}, Ink: RGB{0x3A, 0x2A, 0x1E}},
				{Fill: RGB{0x3A, 0x2A, 0x1E}, Ink: RGB{0xF5, 0xEF, 0xD8}},
			}}
		},
		"canaille": func() Game {
			// The colour is the card's "background" the rule on neighbours
			// speaks of; the mark tells the same apart without colour.
			return Game{Seats: seats(), Kinds: map[string]Look{
				"canaille": {Fill: Charcoal, Ink: Cream, Symbol: Star},
				"fish":     {Fill: Blue, Ink: Cream, Symbol: Fish},
				"trash":    {Fill: RGB{0xA8, 0x9A, 0x80}, Ink: Ink, Symbol: Saltire},
				"point":    {Fill: Cream, Ink: Ink, Symbol: Square},
				"bite":     {Fill: Yellow, Ink: Ink, Symbol: Hook},
				"other":    {Fill: Purple, Ink: Ink, Symbol: Hexagon},
				"shift":    {Fill: SkyBlue, Ink: Ink, Symbol: Hourglass},
				"bin":      {Fill: Orange, Ink: Ink, Symbol: Bar},
				"release":  {Fill: BluishGreen, Ink: Ink, Symbol: Chevron},
				"fog":      {Fill: RGB{0xD0, 0xD8, 0xE0}, Ink: Ink, Symbol: Wave},
			}}
		},
	}
}

// Contrast is the WCAG contrast ratio of a and b, 1 to 21.
func Contrast(a, b RGB) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(c RGB) float64 {
	ch := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

// Sheet is every game's looks with the symbols' outlines: what the kiosk
// serves the web page as /looks.json (it adds the card texts).
type Sheet struct {
	Games   map[string]Game    `json:"games"`
	Symbols map[Symbol][]Point `json:"symbols"`
}

// SheetFor is the sheet of the games with ids.
func SheetFor(ids []string) Sheet {
	s := Sheet{Games: map[string]Game{}, Symbols: map[Symbol][]Point{}}
	for _, id := range ids {
		s.Games[id], _ = For(id)
	}
	for _, sym := range Symbols {
		s.Symbols[sym] = sym.Outline()
	}
	return s
}
