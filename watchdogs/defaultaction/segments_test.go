package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// Text typed into a field drawn as spin buttons that each take text (a
// date's month, day and year) goes part by part into the parts, and
// fill does the same: the date is set, not refused as a group of fields.
func TestTypeDateIntoFieldOfParts(t *testing.T) {
	e := newEnv(t, "/segments.html")
	_, err := actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#due", Text: "04/15/2026"})
	require.NoError(t, err)
	require.Equal(t, "4/15/2026", e.evalString(`[...due.querySelectorAll('[role=spinbutton]')].map((s) => s.getAttribute('aria-valuenow')).join('/')`))
	_, err = actions.Fill(e.ctx(), e.s, "css=#due", "12.3.2027")
	require.NoError(t, err)
	require.Equal(t, "12/3/2027", e.evalString(`[...due.querySelectorAll('[role=spinbutton]')].map((s) => s.getAttribute('aria-valuenow')).join('/')`))
}

// A part the page does not keep (a day it caps) fails the typing with
// not_applied, and text whose parts cannot go in the field's (a year
// first into a month) with invalid_argument: never a false success.
func TestTypeDateIntoFieldOfPartsChecked(t *testing.T) {
	e := newEnv(t, "/segments.html")
	_, err := actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#strict", Text: "02/30/2026"})
	requireCode(t, err, events.CodeNotApplied)
	_, err = actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#strict", Text: "2026-02-10"})
	requireCode(t, err, events.CodeInvalidArgument)
}

// Text of several parts typed into the first part of such a field goes
// into it and the parts after it; one number typed into a part is plain
// typing.
func TestTypeDateIntoFirstPart(t *testing.T) {
	e := newEnv(t, "/segments.html")
	_, err := actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#due [aria-label=month]", Text: "07/03/2026"})
	require.NoError(t, err)
	require.Equal(t, "7/3/2026", e.evalString(`[...due.querySelectorAll('[role=spinbutton]')].map((s) => s.getAttribute('aria-valuenow')).join('/')`))
	_, err = actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#due [aria-label=day]", Text: "9", Clear: true})
	require.NoError(t, err)
	require.Equal(t, "7/9/2026", e.evalString(`[...due.querySelectorAll('[role=spinbutton]')].map((s) => s.getAttribute('aria-valuenow')).join('/')`))
}

// A part of words (a time's AM or PM) takes the words typed and is
// checked by what it shows.
func TestTypeTimeWithAPartOfWords(t *testing.T) {
	e := newEnv(t, "/segments.html")
	_, err := actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#at", Text: "10:30 PM"})
	require.NoError(t, err)
	require.Equal(t, "10:30 PM", e.evalString(`[...at.querySelectorAll('[role=spinbutton]')].map((s) => s.getAttribute('aria-valuenow') || s.textContent).join(' ').replace(' ', ':')`))
	_, err = actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#at", Text: "9:15 XM"})
	requireCode(t, err, events.CodeNotApplied)
}

// A month's name goes into a part of 1 to 12 as its number; other words
// for a part that holds a number are refused before anything is typed.
func TestTypeDateWithMonthName(t *testing.T) {
	e := newEnv(t, "/segments.html")
	_, err := actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#due", Text: "April 15, 2026"})
	require.NoError(t, err)
	require.Equal(t, "4/15/2026", e.evalString(`[...due.querySelectorAll('[role=spinbutton]')].map((s) => s.getAttribute('aria-valuenow')).join('/')`))
	_, err = actions.Type(e.ctx(), e.s, events.TypeTextEvent{TabID: e.tab.ID, Ref: "css=#strict", Text: "Soon 15 2026"})
	requireCode(t, err, events.CodeInvalidArgument)
	require.Equal(t, "", e.evalString(`[...strict.querySelectorAll('[role=spinbutton]')].map((s) => s.getAttribute('aria-valuenow') || '').join('')`))
}
