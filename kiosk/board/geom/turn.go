package geom

import (
	"image"

	"fyne.io/fyne/v2"
)

// Turn is a number of clockwise quarter turns, 0 to 3.
type Turn int

func (t Turn) norm() int { return ((int(t) % 4) + 4) % 4 }

// Size is the size a w×h picture has once turned.
func (t Turn) Size(s fyne.Size) fyne.Size {
	if t.norm()%2 == 1 {
		return fyne.NewSize(s.Height, s.Width)
	}
	return s
}

// Forward maps a point p of an upright picture of size s to the turned
// picture.
func (t Turn) Forward(p fyne.Position, s fyne.Size) fyne.Position {
	switch t.norm() {
	case 1:
		return fyne.NewPos(s.Height-p.Y, p.X)
	case 2:
		return fyne.NewPos(s.Width-p.X, s.Height-p.Y)
	case 3:
		return fyne.NewPos(p.Y, s.Width-p.X)
	}
	return p
}

// Back maps a point p of the turned picture back to the upright picture of
// size s: where a tap on a turned panel lands on the panel itself.
func (t Turn) Back(p fyne.Position, s fyne.Size) fyne.Position {
	switch t.norm() {
	case 1:
		return fyne.NewPos(p.Y, s.Height-p.X)
	case 2:
		return fyne.NewPos(s.Width-p.X, s.Height-p.Y)
	case 3:
		return fyne.NewPos(s.Width-p.Y, p.X)
	}
	return p
}

// Image turns src by a plain pixel copy, so it stays sharp. dst is reused
// when it has the right size, else a new image is made.
func (t Turn) Image(src *image.NRGBA, dst *image.NRGBA) *image.NRGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	tw, th := w, h
	if t.norm()%2 == 1 {
		tw, th = h, w
	}
	if dst == nil || dst.Bounds().Dx() != tw || dst.Bounds().Dy() != th {
		dst = image.NewNRGBA(image.Rect(0, 0, tw, th))
	}
	n := t.norm()
	if n == 0 {
		for y := 0; y < h; y++ {
			copy(dst.Pix[y*dst.Stride:y*dst.Stride+w*4], src.Pix[y*src.Stride:y*src.Stride+w*4])
		}
		return dst
	}
	for y := 0; y < h; y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+w*4]
		for x := 0; x < w; x++ {
			var dx, dy int
			switch n {
			case 1:
				dx, dy = h-1-y, x
			case 2:
				dx, dy = w-1-x, h-1-y
			default:
				dx, dy = y, w-1-x
			}
			o := dy*dst.Stride + dx*4
			copy(dst.Pix[o:o+4], row[x*4:x*4+4])
		}
	}
	return dst
}
