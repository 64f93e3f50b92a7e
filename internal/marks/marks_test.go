package marks_test

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/marks"
)

// read reads a tag's text back from img: each glyph cell is compared
// with every glyph of the font, drawn alone.
func read(t *testing.T, img image.Image, m marks.Mark, px int, n int) string {
	t.Helper()
	tag := marks.TagRect(m, px)
	cell := func(src image.Image, x0, y0 int) [7][5]bool {
		var out [7][5]bool
		for row := range 7 {
			for col := range 5 {
				r, g, b, _ := src.At(x0+col*px, y0+row*px).RGBA()
				out[row][col] = r > 0xf000 && g > 0xf000 && b > 0xf000
			}
		}
		return out
	}
	font := map[[7][5]bool]rune{}
	for _, c := range "0123456789e" {
		probe := image.NewRGBA(image.Rect(0, 0, 100, 100))
		pm := marks.Mark{Text: string(c), Box: image.Rect(10, 50, 90, 90)}
		marks.Draw(probe, []marks.Mark{pm}, px)
		pt := marks.TagRect(pm, px)
		font[cell(probe, pt.Min.X+px, pt.Min.Y+px)] = c
	}
	var s []rune
	for i := range n {
		c, ok := font[cell(img, tag.Min.X+px+i*6*px, tag.Min.Y+px)]
		require.True(t, ok, "glyph %d of %v", i, m)
		s = append(s, c)
	}
	return string(s)
}

func TestDraw(t *testing.T) {
	for _, px := range []int{1, 2, 3} {
		img := image.NewRGBA(image.Rect(0, 0, 400, 300))
		draw.Draw(img, img.Bounds(), image.NewUniform(color.Gray{0x20}), image.Point{}, draw.Src)
		ms := []marks.Mark{
			{Text: "e1", Box: image.Rect(20, 100, 120, 140)},
			{Text: "e2", Box: image.Rect(200, 5, 300, 40)}, // no room above: inside
			{Text: "e1234567890", Box: image.Rect(20, 200, 380, 260)},
		}
		marks.Draw(img, ms, px)
		for _, m := range ms {
			require.Equal(t, m.Text, read(t, img, m, px, len(m.Text)), "px %d", px)
			require.Equal(t, marks.ColorOf(m.Text), img.RGBAAt(m.Box.Max.X-1, m.Box.Max.Y-1), "the box is outlined")
		}
		require.Equal(t, image.Pt(200, 5), marks.TagRect(ms[1], px).Min)
		require.Equal(t, 100, marks.TagRect(ms[0], px).Max.Y, "above the box")
		require.Equal(t, color.RGBA{0x20, 0x20, 0x20, 0xff}, img.RGBAAt(70, 120), "inside the box is the page's")
	}
	require.NotEqual(t, marks.ColorOf("e1"), marks.ColorOf("e2"))

	// A mark at the image's edge is cut, not drawn outside.
	img := image.NewRGBA(image.Rect(0, 0, 50, 50))
	marks.Draw(img, []marks.Mark{{Text: "e99", Box: image.Rect(40, 40, 80, 80)}}, 2)
}
