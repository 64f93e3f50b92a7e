package events_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
)

func TestParseLocator(t *testing.T) {
	two := 2
	cases := []struct {
		in   string
		want events.Locator
	}{
		{"css=#a .b", events.Locator{Kind: events.LocateCSS, Value: "#a .b"}},
		{"text=Sign in", events.Locator{Kind: events.LocateText, Value: "Sign in"}},
		{`text="Sign \"in\""`, events.Locator{Kind: events.LocateText, Value: `Sign "in"`, Exact: true}},
		{"role=button", events.Locator{Kind: events.LocateRole, Value: "button"}},
		{`role=button[name="Sign in"]`, events.Locator{Kind: events.LocateRole, Value: "button", Name: "Sign in", NameExact: true}},
		{`role=link[name=docs][nth=2]`, events.Locator{Kind: events.LocateRole, Value: "link", Name: "docs", Nth: &two}},
		{`role=link [nth=2] [name="a]b"]`, events.Locator{Kind: events.LocateRole, Value: "link", Name: "a]b", NameExact: true, Nth: &two}},
		{"label=Email", events.Locator{Kind: events.LocateLabel, Value: "Email"}},
		{`placeholder="Search"`, events.Locator{Kind: events.LocatePlaceholder, Value: "Search", Exact: true}},
		{"testid=buy-1", events.Locator{Kind: events.LocateTestID, Value: "buy-1", Exact: true}},
		{"role=checkbox[checked]", events.Locator{Kind: events.LocateRole, Value: "checkbox", Checked: "true"}},
		{"role=checkbox[checked=mixed][disabled=false]", events.Locator{Kind: events.LocateRole, Value: "checkbox", Checked: "mixed", Disabled: "false"}},
		{`role=button[name="Menu"][expanded][pressed=false]`, events.Locator{Kind: events.LocateRole, Value: "button", Name: "Menu", NameExact: true, Expanded: "true", Pressed: "false"}},
		{"role=heading[level=2]", events.Locator{Kind: events.LocateRole, Value: "heading", Level: 2}},
		{"role=option[selected]", events.Locator{Kind: events.LocateRole, Value: "option", Selected: "true"}},
		{"css=form >> role=button", events.Locator{Kind: events.LocateRole, Value: "button", Scopes: []events.Locator{{Kind: events.LocateCSS, Value: "form"}}}},
		{`#f >> text="a >> b" >> role=link[name=x]`, events.Locator{Kind: events.LocateRole, Value: "link", Name: "x",
			Scopes: []events.Locator{{Kind: events.LocateCSS, Value: "#f"}, {Kind: events.LocateText, Value: "a >> b", Exact: true}}}},
	}
	for _, c := range cases {
		got, err := events.ParseLocator(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, c.in)
		again, err := events.ParseLocator(got.String())
		require.NoError(t, err, got.String())
		assert.Equal(t, got, again, "round trip of %s", got)
	}
}

func TestParseLocatorRejects(t *testing.T) {
	for in, part := range map[string]string{
		"css=":                          "needs a selector",
		"text=  ":                       "non-empty",
		`text="open`:                    "no closing quote",
		`text="a" b`:                    `"b" follows`,
		"role=":                         "needs a role",
		"role=buttn":                    `"buttn" is not a role`,
		"role=button[name=x":            "no closing ]",
		`role=button[name="x"`:          "no closing ]",
		"role=button[levl=2]":           "[levl] is not an attribute",
		"role=heading[level=x]":         "not a level",
		"role=checkbox[checked=yes]":    "want true, false or mixed",
		"role=button[disabled=mixed]":   "want true or false",
		"role=button[checked][checked]": "given twice",
		"css=a >>  >> b":                "empty",
		"css=a >> text=":                "non-empty",
		"role=button[nth=-1]":           "[nth=-1]",
		"role=button[name=a][name=b]":   "given twice",
		"role=button x":                 `"button x" is not a role`,
		"xpath=//a":                     "not a locator",
	} {
		_, err := events.ParseLocator(in)
		require.Error(t, err, in)
		assert.ErrorIs(t, err, events.ErrInvalidArgument, in)
		assert.Contains(t, err.Error(), part, in)
	}
}

func TestParseTarget(t *testing.T) {
	tg, err := events.ParseTarget("@e12")
	require.NoError(t, err)
	assert.Equal(t, events.Target{Ref: "e12"}, tg)
	tg, err = events.ParseTarget("testid=x")
	require.NoError(t, err)
	require.NotNil(t, tg.Locator)
	assert.Equal(t, events.LocateTestID, tg.Locator.Kind)
	tg, err = events.ParseTarget("button")
	require.NoError(t, err)
	assert.Equal(t, &events.Locator{Kind: events.LocateCSS, Value: "button"}, tg.Locator)
	_, err = events.ParseTarget("@button")
	assert.ErrorIs(t, err, events.ErrInvalidArgument)
	assert.Contains(t, err.Error(), "css=#save")
}

// ReadTarget reads refs, locators and bare CSS as agents type them, and
// names the accepted forms for what is none of them.
func TestReadTarget(t *testing.T) {
	for in, want := range map[string]events.Ref{
		"e5":                          "e5",
		"@e5":                         "e5",
		"ref=e12":                     "e12",
		"#src":                        "css=#src",
		"form button.primary":         "css=form button.primary",
		"e5a":                         "css=e5a",
		`input[name="q"]`:             `css=input[name="q"]`,
		"ul > li:nth-child(2n+1)":     "css=ul > li:nth-child(2n+1)",
		"text=Save":                   "text=Save",
		"css=form >> role=button":     "css=form >> role=button",
		"form >> role=button[name=x]": "css=form >> role=button[name=x]",
		"role=checkbox[checked]":      "role=checkbox[checked]",
	} {
		got, err := events.ReadTarget(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for in, part := range map[string]string{
		"@foo":        "malformed ref",
		"ref=x":       "malformed ref",
		"a=b":         `"=" is used outside`,
		"div[x":       "not closed",
		"a)":          "no opening match",
		`a[title="x]`: "quote is not closed",
		"":            "empty",
	} {
		_, err := events.ReadTarget(in)
		require.Error(t, err, in)
		assert.ErrorIs(t, err, events.ErrInvalidArgument, in)
		assert.Contains(t, err.Error(), part, in)
		assert.Contains(t, err.Error(), "css=#save", "the error of %q lists the forms", in)
	}
}
