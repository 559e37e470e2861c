package main

import (
	"image"
	"testing"
)

// The committed icons are exactly what this program draws.
func TestCommittedIconsAreDrawn(t *testing.T) {
	if err := run("../..", true); err != nil {
		t.Fatal(err)
	}
}

// The icons are square, opaque in the middle and transparent in the
// rounded corners.
func TestIconShape(t *testing.T) {
	for name, img := range map[string]*image.RGBA{"kiosk": Kiosk(), "companion": Companion()} {
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("%s: %v", name, b)
		}
		if a := img.RGBAAt(size/2, size/2).A; a != 0xff {
			t.Errorf("%s: centre alpha %d", name, a)
		}
		for _, p := range []image.Point{{0, 0}, {size - 1, 0}, {0, size - 1}, {size - 1, size - 1}} {
			if a := img.RGBAAt(p.X, p.Y).A; a != 0 {
				t.Errorf("%s: corner %v alpha %d", name, p, a)
			}
		}
	}
}
