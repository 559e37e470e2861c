package gui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// Colours of the state line: calm, this phone's turn, trouble.
var (
	colorIdle  = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0x30}
	colorTurn  = color.NRGBA{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF} // Okabe–Ito orange
	colorAlarm = color.NRGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0x90} // vermillion
	colorWon   = color.NRGBA{R: 0x00, G: 0x9E, B: 0x73, A: 0xFF} // bluish green
	// The cue pulses between orange and vermillion: white text stays
	// readable on both.
	colorFlash = color.NRGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}
)

// cue flashes the state line when the turn comes to this phone: a visual
// cue for a phone lying on the table, no vibration. It runs a few pulses
// (under 1 Hz) and stops; the caller stops it sooner when the state moves
// on.
func cue(r *canvas.Rectangle) *fyne.Animation {
	anim := canvas.NewColorRGBAAnimation(colorFlash, colorTurn, 900*time.Millisecond, func(c color.Color) {
		r.FillColor = c
		r.Refresh()
	})
	anim.RepeatCount = 2
	anim.Curve = fyne.AnimationEaseInOut
	r.FillColor = colorTurn
	anim.Start()
	return anim
}

// TouchSize is the least height of anything a guest taps on the phone:
// Material's 48 dp, at the 400 px-wide window the app is designed for.
const TouchSize = 48

// Theme is the companion's look: Fyne's own, with padding inside controls
// large enough that every button and field is at least TouchSize tall,
// and text a touch larger than a desktop's, read on a phone at arm's
// length.
type Theme struct{ fyne.Theme }

// NewTheme wraps Fyne's default theme.
func NewTheme() fyne.Theme { return Theme{theme.DefaultTheme()} }

// Size enlarges text and the padding inside controls.
func (t Theme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 16
	case theme.SizeNameInnerPadding:
		return 14
	case theme.SizeNameInlineIcon:
		return 24
	}
	return t.Theme.Size(n)
}
