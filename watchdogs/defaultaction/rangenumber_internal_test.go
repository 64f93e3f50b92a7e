package defaultaction

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// numbersIn reads numbers as pages and agents write them: currency,
// units, thousands separators, decimal commas, signs but not dashes.
func TestNumbersIn(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []float64
	}{
		{"25", []float64{25}},
		{"$25", []float64{25}},
		{"25.00", []float64{25}},
		{"$1,250.50", []float64{1250.5}},
		{"1,000 kg", []float64{1000}},
		{"12,5 %", []float64{12.5}},
		{"-5", []float64{-5}},
		{"\u22125 °C", []float64{-5}},
		{"-$25", []float64{-25}},
		{".5", []float64{0.5}},
		{"€ 1\u00a0234", []float64{1234}},
		{"$25 - $75", []float64{25, 75}},
		{"25-75", []float64{25, 75}},
		{"Level 3", []float64{3}},
		{"Medium", nil},
		{"", nil},
	} {
		require.Equal(t, c.want, numbersIn(c.in), "numbersIn(%q)", c.in)
	}
	_, ok := oneNumber("$25 - $75")
	require.False(t, ok, "two numbers are not one")
}

// scaleOf drives aria-valuenow unless aria-valuetext shows one other
// number (an index shown as a price), and a widget with neither shows
// the number of its text.
func TestScaleOf(t *testing.T) {
	for _, c := range []struct {
		st   rangeState
		want rangeScale
		ok   bool
	}{
		{rangeState{Now: "25"}, scaleNow, true},
		{rangeState{Now: "25", Text: "$25.00"}, scaleNow, true},
		{rangeState{Now: "75", Text: "$25 - $75"}, scaleNow, true},
		{rangeState{Now: "2", Text: "Large"}, scaleNow, true},
		{rangeState{Now: "5", Text: "$500"}, scaleText, true},
		{rangeState{Text: "40%"}, scaleText, true},
		{rangeState{Content: "7"}, scaleContent, true},
		{rangeState{Content: "none"}, scaleNow, false},
	} {
		got, ok := scaleOf(c.st)
		require.Equal(t, c.ok, ok, "%+v", c.st)
		if ok {
			require.Equal(t, c.want, got, "%+v", c.st)
		}
	}
}
