package screen

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"github.com/tablee/tablee/looks"
)

// ArtSize is the size of a game's picture on its lobby tile.
var ArtSize = fyne.NewSize(380, 220)

var (
	water = color.NRGBA{0x2b, 0x7a, 0xb8, 0xff}
	rock  = color.NRGBA{0x8a, 0x6a, 0x4a, 0xff}
	wood  = color.NRGBA{0xc8, 0x9b, 0x62, 0xff}
	dark  = color.NRGBA{0x33, 0x2a, 0x22, 0xff}
	paper = color.NRGBA{0xf4, 0xee, 0xe0, 0xff}
)

// gameArt draws a small picture of game with canvas shapes, so that a tile
// is recognised before its name is read.
func gameArt(game string) fyne.CanvasObject {
	var objs []fyne.CanvasObject
	add := func(o fyne.CanvasObject, x, y, w, h float32) {
		o.Move(fyne.NewPos(x, y))
		o.Resize(fyne.NewSize(w, h))
		objs = append(objs, o)
	}
	bg := canvas.NewRectangle(paper)
	bg.CornerRadius = 12
	add(bg, 0, 0, ArtSize.Width, ArtSize.Height)
	if draw, ok := gameArts()[game]; ok {
		draw(add)
	}
	return sized(container.NewWithoutLayout(objs...), ArtSize.Width, ArtSize.Height)
}

// gameArts is the one place kiosk/screen names the games: each game's
// picture, by id. TestEveryGameHasItsPicture names a game missing here.
func gameArts() map[string]func(placer) {
	return map[string]func(placer){
		"canyon":     canyonArt,
		"canyonduel": duelArt,
		"canoe":      canoeArt,
		"canaille":   canailleArt,
	}
}

type placer func(o fyne.CanvasObject, x, y, w, h float32)

func canyonArt(add placer) {
	for _, r := range [][4]float32{{0, 0, 120, 220}, {260, 0, 120, 220}} {
		cliff := canvas.NewRectangle(rock)
		add(cliff, r[0], r[1], r[2], r[3])
	}
	river := canvas.NewRectangle(water)
	add(river, 120, 0, 140, 220)
	for _, s := range [][3]float32{{150, 40, 26}, {215, 120, 30}, {140, 170, 20}} {
		stone := canvas.NewCircle(rock)
		add(stone, s[0], s[1], s[2], s[2])
	}
	for i, c := range []float32{60, 110} {
		canoe := canvas.NewRectangle(SeatColour(i))
		canoe.CornerRadius = 10
		add(canoe, 160+float32(i)*40, c, 22, 56)
	}
	dock := canvas.NewRectangle(wood)
	add(dock, 150, 0, 80, 14)
}

// artLooks is the looks of game (package looks): the pictures draw the
// pieces and cards as the boards and the phones do (TestTheArtDrawsTheLooks).
func artLooks(game string) looks.Game {
	g, _ := looks.For(game)
	return g
}

func duelArt(add placer) {
	// A diamond of holes, red pieces in one corner, yellow in the other.
	duel := artLooks("canyonduel")
	red, yellow := duel.Seat(0).Fill.NRGBA(), duel.Seat(1).Fill.NRGBA()
	for c := 0; c < 8; c++ {
		for r := 0; r < 8; r++ {
			d := c + r
			if d >= 6 && d <= 8 && !(c == 0 || r == 0 || c == 7 || r == 7) {
				continue // the canyon
			}
			col := color.Color(color.NRGBA{0xd8, 0xcc, 0xb0, 0xff})
			switch {
			case d <= 4:
				col = red
			case d >= 10:
				col = yellow
			}
			x := 190 + float32(c-r)*21 - 9
			y := 12 + float32(c+r)*13.5
			add(canvas.NewCircle(col), x, y, 18, 18)
		}
	}
}

func canoeArt(add placer) {
	hole := color.NRGBA{0x9a, 0x86, 0x6a, 0xff}
	canoe := artLooks("canoe")
	light, darkPeg := canoe.Seat(0).Fill.NRGBA(), canoe.Seat(1).Fill.NRGBA()
	pegs := map[[2]int]color.Color{{1, 3}: light, {2, 4}: light, {2, 5}: light, {1, 6}: light,
		{3, 7}: darkPeg, {4, 8}: darkPeg, {4, 9}: darkPeg, {3, 10}: darkPeg}
	board := canvas.NewRectangle(wood)
	board.CornerRadius = 10
	add(board, 14, 14, 352, 192)
	for r := 0; r < 6; r++ {
		for c := 0; c < 13; c++ {
			col, ok := pegs[[2]int{r, c}]
			size := float32(20)
			if !ok {
				col, size = hole, 12
			}
			cx, cy := 34+float32(c)*26, 38+float32(r)*30
			add(canvas.NewCircle(col), cx-size/2, cy-size/2, size, size)
		}
	}
}

func canailleArt(add placer) {
	kinds := artLooks("canaille").Kinds
	for i, k := range []string{"fish", "bite", "release", "shift"} {
		c := kinds[k].Fill.NRGBA()
		card := canvas.NewRectangle(color.White)
		card.CornerRadius = 10
		card.StrokeColor = dark
		card.StrokeWidth = 3
		x := 40 + float32(i)*75
		add(card, x, 30+float32(i%2)*10, 100, 150)
		fish := canvas.NewCircle(c)
		add(fish, x+25, 80+float32(i%2)*10, 50, 30)
		tail := canvas.NewRectangle(c)
		add(tail, x+70, 85+float32(i%2)*10, 16, 20)
	}
}
