package events

import (
	"strconv"
	"strings"
)

// String writes l back as a locator (a chain as A >> B).
func (l Locator) String() string {
	if len(l.Scopes) > 0 {
		parts := make([]string, 0, len(l.Scopes)+1)
		for _, sc := range l.Scopes {
			parts = append(parts, sc.String())
		}
		last := l
		last.Scopes = nil
		return strings.Join(append(parts, last.String()), " >> ")
	}
	return l.step()
}

// step writes one step of a locator.
func (l Locator) step() string {
	q := func(s string, exact bool) string {
		if !exact {
			return s
		}
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
	}
	switch l.Kind {
	case LocateCSS:
		return "css=" + l.Value
	case LocateTestID:
		return "testid=" + l.Value
	case LocateRole:
		s := "role=" + l.Value
		if l.Name != "" {
			s += "[name=" + q(l.Name, l.NameExact) + "]"
		}
		if l.Nth != nil {
			s += "[nth=" + strconv.Itoa(*l.Nth) + "]"
		}
		for _, st := range [][2]string{{"checked", l.Checked}, {"disabled", l.Disabled}, {"expanded", l.Expanded}, {"selected", l.Selected}, {"pressed", l.Pressed}} {
			switch st[1] {
			case "":
			case "true":
				s += "[" + st[0] + "]"
			default:
				s += "[" + st[0] + "=" + st[1] + "]"
			}
		}
		if l.Level > 0 {
			s += "[level=" + strconv.Itoa(l.Level) + "]"
		}
		return s
	}
	return string(l.Kind) + "=" + q(l.Value, l.Exact)
}
