package defaultaction

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// numberRE finds a number as pages write one: a sign, a currency symbol,
// digits with thousands separators (1,234 or 1 234), a decimal point or
// comma.
var numberRE = regexp.MustCompile(`([-+\x{2212}]?)\p{Sc}?\s?(\d{1,3}(?:[,\x{a0}\x{202f}']\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?|\.\d+)`)

var groupedRE = regexp.MustCompile(`^\d{1,3}(?:[,\x{a0}\x{202f}']\d{3})+$`)

// numbersIn reads the numbers s shows, leniently: "$1,250.50" is 1250.5,
// "25 %" is 25, "12,5" is 12.5, and the dash of "25-75" is no sign.
func numbersIn(s string) []float64 {
	var out []float64
	for _, m := range numberRE.FindAllStringSubmatchIndex(s, -1) {
		sign, body := s[m[2]:m[3]], s[m[4]:m[5]]
		if sign != "" && m[2] > 0 {
			if r, _ := utf8.DecodeLastRuneInString(s[:m[2]]); unicode.IsLetter(r) || unicode.IsDigit(r) {
				// A dash between words or numbers ("25-75"), not a sign.
				sign = ""
			}
		}
		switch {
		case strings.Contains(body, ".") || groupedRE.MatchString(body):
			body = strings.NewReplacer(",", "", "\u00a0", "", "\u202f", "", "'", "").Replace(body)
		default:
			body = strings.Replace(body, ",", ".", 1)
		}
		v, err := strconv.ParseFloat(body, 64)
		if err != nil {
			continue
		}
		if sign == "-" || sign == "\u2212" {
			v = -v
		}
		out = append(out, v)
	}
	return out
}

// oneNumber reads s as one number ("25", "$25", "25.00", "1,000 kg");
// false when s shows none or several.
func oneNumber(s string) (float64, bool) {
	n := numbersIn(s)
	if len(n) != 1 {
		return 0, false
	}
	return n[0], true
}
