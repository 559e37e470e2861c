// Command icon draws the Tablée app icons: the kiosk's (a round table seen
// from above, six seats around it in the seat colours, a card in the
// middle) and the companion's (a hand of cards fanned over the same table
// colour). It writes them where FyneApp.toml points:
//
//	go run ./packaging/icon            # writes cmd/kiosk/Icon.png, cmd/companion/Icon.png
//	go run ./packaging/icon -check     # fails if the committed icons differ
//
// The PNGs are committed; a test checks they are what this program draws.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"

	"golang.org/x/image/vector"
)

// size is the icons' side in pixels: large enough for every desktop and
// store size the fyne tool derives from it.
const size = 512

// Colours: the seat colours are the Okabe–Ito palette the boards use.
var (
	background = color.RGBA{0x1d, 0x3b, 0x3a, 0xff} // felt green
	wood       = color.RGBA{0xc8, 0x8a, 0x4e, 0xff}
	woodEdge   = color.RGBA{0x8a, 0x55, 0x2a, 0xff}
	cardFace   = color.RGBA{0xfb, 0xf7, 0xee, 0xff}
	cardEdge   = color.RGBA{0x3a, 0x2f, 0x26, 0xff}
	seats      = []color.RGBA{
		{0xe6, 0x9f, 0x00, 0xff}, {0x56, 0xb4, 0xe9, 0xff}, {0x00, 0x9e, 0x73, 0xff},
		{0xf0, 0xe4, 0x42, 0xff}, {0x00, 0x72, 0xb2, 0xff}, {0xd5, 0x5e, 0x00, 0xff},
	}
)

func main() {
	root := flag.String("root", ".", "the source tree")
	check := flag.Bool("check", false, "compare with the committed icons instead of writing them")
	flag.Parse()
	if err := run(*root, *check); err != nil {
		fmt.Fprintln(os.Stderr, "icon:", err)
		os.Exit(1)
	}
}

func run(root string, check bool) error {
	for app, draw := range map[string]func() *image.RGBA{"kiosk": Kiosk, "companion": Companion} {
		b, err := encode(draw())
		if err != nil {
			return err
		}
		path := filepath.Join(root, "cmd", app, "Icon.png")
		if check {
			old, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if !bytes.Equal(old, b) {
				return fmt.Errorf("%s is not what packaging/icon draws: run go run ./packaging/icon", path)
			}
			continue
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func encode(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode the icon: %w", err)
	}
	return buf.Bytes(), nil
}

// Kiosk draws the table app's icon.
func Kiosk() *image.RGBA {
	img := canvas()
	c := float32(size) / 2
	// Six seats around the table, one at the top.
	for i, col := range seats {
		a := float64(i)*math.Pi/3 - math.Pi/2
		x, y := c+float32(math.Cos(a))*176, c+float32(math.Sin(a))*176
		fill(img, circle(x, y, 40), col)
	}
	fill(img, circle(c, c, 142), woodEdge)
	fill(img, circle(c, c, 130), wood)
	card(img, c, c, 92, 128, -0.18, seats[1], 0)
	return rounded(img)
}

// Companion draws the phone app's icon: three cards fanned like a hand.
func Companion() *image.RGBA {
	img := canvas()
	c := float32(size) / 2
	fill(img, circle(c, c+330, 260), woodEdge)
	fill(img, circle(c, c+330, 248), wood)
	// Held in one hand: each card turned about a point below the fan, so
	// the corner pip of every card shows.
	const pivotY, reach = 500, 230
	for i, col := range []color.RGBA{seats[5], seats[2], seats[0]} {
		a := float64(i-1) * 0.42
		x := c + float32(math.Sin(a))*reach
		y := pivotY - float32(math.Cos(a))*reach
		card(img, x, y, 160, 228, a, col, 0.5)
	}
	return rounded(img)
}

// canvas is the icon's background: a square of felt, rounded at the end.
func canvas() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	draw.Draw(img, img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)
	return img
}

// rounded cuts img to a rounded square, so nothing drawn spills over the
// corners.
func rounded(img *image.RGBA) *image.RGBA {
	mask := image.NewAlpha(img.Bounds())
	p := roundRect(0, 0, size, size, 96)
	r := rasterizer(p)
	r.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
	out := image.NewRGBA(img.Bounds())
	draw.DrawMask(out, out.Bounds(), img, image.Point{}, mask, image.Point{}, draw.Over)
	return out
}

// card draws a playing card centred on (x, y), turned by angle radians,
// with a pip of colour col: in the middle (corner 0) or, towards 1, in the
// top-left corner.
func card(img *image.RGBA, x, y, w, h float32, angle float64, col color.RGBA, corner float32) {
	fill(img, turned(roundRect(-w/2-5, -h/2-5, w+10, h+10, 16), x, y, angle), cardEdge)
	fill(img, turned(roundRect(-w/2, -h/2, w, h, 12), x, y, angle), cardFace)
	r := w * (0.26 - 0.1*corner)
	fill(img, turned(circle(-corner*(w/2-r-14), -corner*(h/2-r-14), r), x, y, angle), col)
}

// A path is a closed outline of cubic Bézier segments: start, then
// (control1, control2, end) triples.
type path [][2]float32

func circle(cx, cy, r float32) path {
	const k = 0.5523 // control distance of a quarter-circle Bézier
	p := path{{cx + r, cy}}
	pts := [][2]float32{{cx + r, cy}, {cx, cy + r}, {cx - r, cy}, {cx, cy - r}, {cx + r, cy}}
	for i := 0; i < 4; i++ {
		a, b := pts[i], pts[i+1]
		// Tangents at a and b, each perpendicular to its radius.
		ta := [2]float32{-(a[1] - cy), a[0] - cx}
		tb := [2]float32{b[1] - cy, -(b[0] - cx)}
		p = append(p,
			[2]float32{a[0] + k*ta[0], a[1] + k*ta[1]},
			[2]float32{b[0] + k*tb[0], b[1] + k*tb[1]},
			b)
	}
	return p
}

// roundRect is a rectangle with corners of radius r; straight sides are
// degenerate cubics.
func roundRect(x, y, w, h, r float32) path {
	const k = 0.5523
	line := func(p path, to [2]float32) path {
		from := p[len(p)-1]
		return append(p, from, to, to)
	}
	corner := func(p path, ctrl, to [2]float32) path {
		from := p[len(p)-1]
		return append(p,
			[2]float32{from[0] + k*(ctrl[0]-from[0]), from[1] + k*(ctrl[1]-from[1])},
			[2]float32{to[0] + k*(ctrl[0]-to[0]), to[1] + k*(ctrl[1]-to[1])},
			to)
	}
	p := path{{x + r, y}}
	p = line(p, [2]float32{x + w - r, y})
	p = corner(p, [2]float32{x + w, y}, [2]float32{x + w, y + r})
	p = line(p, [2]float32{x + w, y + h - r})
	p = corner(p, [2]float32{x + w, y + h}, [2]float32{x + w - r, y + h})
	p = line(p, [2]float32{x + r, y + h})
	p = corner(p, [2]float32{x, y + h}, [2]float32{x, y + h - r})
	p = line(p, [2]float32{x, y + r})
	p = corner(p, [2]float32{x, y}, [2]float32{x + r, y})
	return p
}

// turned rotates p by angle about the origin and moves it to (x, y).
func turned(p path, x, y float32, angle float64) path {
	s, c := float32(math.Sin(angle)), float32(math.Cos(angle))
	out := make(path, len(p))
	for i, q := range p {
		out[i] = [2]float32{x + q[0]*c - q[1]*s, y + q[0]*s + q[1]*c}
	}
	return out
}

// fill paints the inside of p with col, anti-aliased.
func fill(img *image.RGBA, p path, col color.RGBA) {
	rasterizer(p).Draw(img, img.Bounds(), image.NewUniform(col), image.Point{})
}

func rasterizer(p path) *vector.Rasterizer {
	r := vector.NewRasterizer(size, size)
	r.MoveTo(p[0][0], p[0][1])
	for i := 1; i+2 < len(p); i += 3 {
		r.CubeTo(p[i][0], p[i][1], p[i+1][0], p[i+1][1], p[i+2][0], p[i+2][1])
	}
	r.ClosePath()
	return r
}
