// Package marks draws set-of-marks labels (a ref such as e12 over each
// element's box) into a screenshot, in Go, after it is captured: the page
// never sees or touches them, so the picture shows exactly the refs and
// boxes the snapshot gave. The text is drawn with a small bitmap font of
// its own (the digits and the letter e that refs are made of), scaled in
// whole pixels.
package marks

import (
	"image"
	"image/color"
	"image/draw"
	"strconv"
	"strings"
)

// Mark is one label: its text (a ref) and the element's box, in the
// image's pixels.
type Mark struct {
	Text string
	Box  image.Rectangle
}

// palette is the colours of the marks, chosen by the ref's number so that
// a ref has the same colour in every picture.
var palette = []color.RGBA{
	{0xe6, 0x19, 0x4b, 0xff}, {0x3c, 0xb4, 0x4b, 0xff}, {0x43, 0x63, 0xd8, 0xff}, {0xf5, 0x82, 0x31, 0xff},
	{0x91, 0x1e, 0xb4, 0xff}, {0x00, 0x80, 0x80, 0xff}, {0x9a, 0x63, 0x24, 0xff}, {0x80, 0x00, 0x00, 0xff},
}

// ColorOf is the colour of the mark whose text is text.
func ColorOf(text string) color.RGBA {
	n, _ := strconv.Atoi(strings.TrimLeft(text, "abcdefghijklmnopqrstuvwxyz"))
	return palette[n%len(palette)]
}

const (
	glyphW = 5
	glyphH = 7
)

// glyphs are the characters of refs, glyphW by glyphH, '#' lit.
var glyphs = map[rune][glyphH]string{
	'0': {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."},
	'1': {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."},
	'2': {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"},
	'3': {"#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."},
	'4': {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."},
	'5': {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."},
	'6': {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."},
	'7': {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."},
	'8': {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."},
	'9': {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."},
	'e': {".....", ".....", ".###.", "#...#", "#####", "#....", ".###."},
}

// unknown is drawn for a character the font does not have.
var unknown = [glyphH]string{"#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####"}

// TagRect is where the tag of m (its text on its colour) is drawn, with
// font pixels px image pixels wide: above the box's top left corner, or
// inside it when there is no room above.
func TagRect(m Mark, px int) image.Rectangle {
	px = max(px, 1)
	n := len([]rune(m.Text))
	w := (n*(glyphW+1)-1)*px + 2*px
	h := glyphH*px + 2*px
	x, y := m.Box.Min.X, m.Box.Min.Y-h
	if y < 0 {
		y = m.Box.Min.Y
	}
	return image.Rect(x, y, x+w, y+h)
}

// Draw draws each mark on dst: its box outlined px image pixels thick and
// its tag (TagRect), in its colour. Later marks are drawn over earlier
// ones.
func Draw(dst draw.Image, marks []Mark, px int) {
	px = max(px, 1)
	for _, m := range marks {
		c := image.NewUniform(ColorOf(m.Text))
		b := m.Box
		for _, edge := range []image.Rectangle{
			image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Min.Y+px), image.Rect(b.Min.X, b.Max.Y-px, b.Max.X, b.Max.Y),
			image.Rect(b.Min.X, b.Min.Y, b.Min.X+px, b.Max.Y), image.Rect(b.Max.X-px, b.Min.Y, b.Max.X, b.Max.Y),
		} {
			draw.Draw(dst, edge.Intersect(dst.Bounds()), c, image.Point{}, draw.Src)
		}
		tag := TagRect(m, px)
		draw.Draw(dst, tag.Intersect(dst.Bounds()), c, image.Point{}, draw.Src)
		x := tag.Min.X + px
		for _, r := range m.Text {
			g, ok := glyphs[r]
			if !ok {
				g = unknown
			}
			for row, line := range g {
				for col, on := range line {
					if on != '#' {
						continue
					}
					dot := image.Rect(x+col*px, tag.Min.Y+px+row*px, x+(col+1)*px, tag.Min.Y+px+(row+1)*px)
					draw.Draw(dst, dot.Intersect(dst.Bounds()), image.White, image.Point{}, draw.Src)
				}
			}
			x += (glyphW + 1) * px
		}
	}
}
