package defaultaction

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// inputValue turns the common written forms of dates, times, months and
// weeks into the form each input type holds, and refuses what fits none.
func TestInputValueForms(t *testing.T) {
	for _, c := range []struct{ typ, in, want string }{
		{"date", "2026-12-25", "2026-12-25"},
		{"date", "12/25/2026", "2026-12-25"},
		{"date", "25/12/2026", "2026-12-25"},
		{"date", "25.12.2026", "2026-12-25"},
		{"date", "25 Dec 2026", "2026-12-25"},
		{"date", "Dec. 25th, 2026", "2026-12-25"},
		{"date", "December 25, 2026", "2026-12-25"},
		{"date", "2026/1/5", "2026-01-05"},
		{"date", "2026-12-25T10:30", "2026-12-25"},
		{"time", "14:30", "14:30"},
		{"time", "2:30 PM", "14:30"},
		{"time", "12:05 am", "00:05"},
		{"time", "9 pm", "21:00"},
		{"time", "14:30:15", "14:30:15"},
		{"datetime-local", "2026-12-25T14:30", "2026-12-25T14:30"},
		{"datetime-local", "2026-12-25 14:30", "2026-12-25T14:30"},
		{"datetime-local", "12/25/2026 2:30 PM", "2026-12-25T14:30"},
		{"datetime-local", "25 Dec 2026, 09:15", "2026-12-25T09:15"},
		{"datetime-local", "2026-12-25", "2026-12-25T00:00"},
		{"month", "2026-12", "2026-12"},
		{"month", "12/2026", "2026-12"},
		{"month", "Dec 2026", "2026-12"},
		{"month", "December 2026", "2026-12"},
		{"month", "2026-12-25", "2026-12"},
		{"week", "2026-W52", "2026-W52"},
		{"week", "2026 w3", "2026-W03"},
		{"week", "2026-12-25", "2026-W52"},
		{"range", " 42 ", "42"},
		{"color", "Green", "Green"},
	} {
		got, err := inputValue(c.typ, c.in)
		require.NoError(t, err, "%s %q", c.typ, c.in)
		require.Equal(t, c.want, got, "%s %q", c.typ, c.in)
	}
	for _, c := range []struct{ typ, in string }{
		{"date", "tomorrow"}, {"date", "2026-02-30"}, {"date", "13/13/2026"},
		{"time", "25:00"}, {"time", "13 pm"}, {"month", "2026-13"}, {"week", "2026-W60"}, {"range", "lots"},
	} {
		_, err := inputValue(c.typ, c.in)
		require.Error(t, err, "%s %q", c.typ, c.in)
	}
}
