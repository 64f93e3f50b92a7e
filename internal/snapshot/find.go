package snapshot

import (
	"fmt"
	"regexp"
	"strings"
)

// findMax is the longest find a capture accepts.
const findMax = 1000

// matcher is a parsed Options.Find: a regular expression written
// /like this/ (flags i, m, s may follow the last slash), or else a text
// matched without regard to case.
type matcher struct {
	re  *regexp.Regexp
	sub string // lower-cased
	// matched counts the lines selectLines matched.
	matched int
}

var findRE = regexp.MustCompile(`^/(.+)/([ims]*)$`)

// parseFind parses a find; "" is no find.
func parseFind(s string) (*matcher, error) {
	if s == "" {
		return nil, nil
	}
	if len(s) > findMax {
		return nil, fmt.Errorf("find is %d bytes long, over the limit of %d", len(s), findMax)
	}
	if m := findRE.FindStringSubmatch(s); m != nil {
		expr := m[1]
		if m[2] != "" {
			expr = "(?" + m[2] + ")" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return nil, fmt.Errorf("find %s is not a valid regular expression: %w", s, err)
		}
		return &matcher{re: re}, nil
	}
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("find is only white space")
	}
	return &matcher{sub: strings.ToLower(s)}, nil
}

func (m *matcher) match(s string) bool {
	if m.re != nil {
		return m.re.MatchString(s)
	}
	return strings.Contains(strings.ToLower(s), m.sub)
}

// contextRoles are the roles a match is shown under: headings and
// landmarks.
var contextRoles = map[string]bool{"heading": true, "banner": true, "navigation": true, "main": true,
	"contentinfo": true, "complementary": true, "search": true, "region": true, "form": true}

// selectLines returns the lines that match, each under its nearest
// heading or landmark: the closer of the last heading before it and the
// innermost landmark that holds it. Context lines sit at depth 0, matches
// under them at depth 1 (or at 0 with no context); a heading or landmark
// that matches is its own context. Lines lose the ':' that announced
// children not shown.
func (m *matcher) selectLines(all []shown) []shown {
	var out []shown
	lastHeading := -1
	// stack holds the indexes of the lines that hold the current one.
	var stack []int
	shownCtx := -1
	for i, l := range all {
		for len(stack) > 0 && all[stack[len(stack)-1]].depth >= l.depth {
			stack = stack[:len(stack)-1]
		}
		if !m.match(l.search) {
			if l.role == "heading" {
				lastHeading = i
			}
			stack = append(stack, i)
			continue
		}
		m.matched++
		if contextRoles[l.role] {
			out = append(out, flat(l, 0))
			shownCtx = i
		} else {
			ctx := lastHeading
			for j := len(stack) - 1; j >= 0; j-- {
				if k := stack[j]; all[k].role != "heading" && contextRoles[all[k].role] {
					ctx = max(ctx, k)
					break
				}
			}
			switch {
			case ctx < 0:
				out = append(out, flat(l, 0))
				shownCtx = -1
			case ctx == shownCtx:
				out = append(out, flat(l, 1))
			default:
				out = append(out, flat(all[ctx], 0), flat(l, 1))
				shownCtx = ctx
			}
		}
		if l.role == "heading" {
			lastHeading = i
		}
		stack = append(stack, i)
	}
	return out
}

// flat is l at depth d, without a ':' that announces children.
func flat(l shown, d int) shown {
	l.depth = d
	l.s = strings.TrimSuffix(l.s, ":")
	return l
}
