package console

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// levelOf maps a console API call type to a level: failed assertions are
// errors, everything without a level of its own (table, dir, trace, ...)
// is a log.
func levelOf(typ string) string {
	switch typ {
	case "error", "assert":
		return events.ConsoleError
	case "warning":
		return events.ConsoleWarning
	case "info":
		return events.ConsoleInfo
	case "debug":
		return events.ConsoleDebug
	}
	return events.ConsoleLog
}

// formatArgs renders console arguments roughly as DevTools prints them:
// strings bare, other values as JSON or their description, separated by
// spaces, with printf-style directives (%s %d %i %f %o %O %c) in a first
// string argument filled from the arguments after it.
func formatArgs(args []runtime.RemoteObject) string {
	if len(args) == 0 {
		return ""
	}
	var b strings.Builder
	rest := args
	if args[0].Type == "string" {
		rest = args[1:]
		format := valueString(args[0])
		for i := 0; i < len(format); i++ {
			c := format[i]
			if c != '%' || i+1 == len(format) {
				b.WriteByte(c)
				continue
			}
			d := format[i+1]
			switch {
			case d == '%':
				b.WriteByte('%')
			case strings.IndexByte("sdifoOc", d) >= 0 && len(rest) > 0:
				switch d {
				case 'c': // CSS: nothing to print
				case 'd', 'i':
					b.WriteString(integer(rest[0]))
				default:
					b.WriteString(valueString(rest[0]))
				}
				rest = rest[1:]
			default:
				b.WriteByte(c)
				b.WriteByte(d)
			}
			i++
		}
	} else {
		b.WriteString(valueString(args[0]))
		rest = args[1:]
	}
	for _, a := range rest {
		b.WriteByte(' ')
		b.WriteString(valueString(a))
	}
	return b.String()
}

// valueString is how one value prints.
func valueString(o runtime.RemoteObject) string {
	switch {
	case o.UnserializableValue != nil:
		return string(*o.UnserializableValue)
	case o.Type == "undefined":
		return "undefined"
	case o.Type == "string" && len(o.Value) > 0:
		var s string
		if json.Unmarshal(o.Value, &s) == nil {
			return s
		}
	case len(o.Value) > 0 && o.Type != "object":
		return string(o.Value)
	}
	if o.Description != nil {
		return *o.Description
	}
	if len(o.Value) > 0 {
		return string(o.Value)
	}
	if o.Subtype != nil {
		return *o.Subtype
	}
	return o.Type
}

func integer(o runtime.RemoteObject) string {
	if o.Type == "number" && len(o.Value) > 0 {
		if f, err := strconv.ParseFloat(string(o.Value), 64); err == nil {
			return strconv.FormatInt(int64(f), 10)
		}
	}
	return valueString(o)
}

// exceptionText is "Uncaught Error: message" followed by the stack when the
// exception has one, as DevTools shows it.
func exceptionText(d runtime.ExceptionDetails) string {
	text := d.Text
	desc := ""
	if d.Exception != nil {
		desc = valueString(*d.Exception)
		if d.Exception.Type == "object" && d.Exception.Description == nil {
			desc = ""
		}
	}
	if desc == "" || strings.Contains(text, firstLine(desc)) {
		return text
	}
	if text == "" {
		return desc
	}
	return text + " " + desc
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// cut shortens s to limit characters, marking the cut.
func cut(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	n := 0
	for i := range s {
		if n == limit {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
