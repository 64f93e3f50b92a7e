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
		"css=":                        "needs a selector",
		"text=  ":                     "non-empty",
		`text="open`:                  "no closing quote",
		`text="a" b`:                  `"b" follows`,
		"role=":                       "needs a role",
		"role=buttn":                  `"buttn" is not a role`,
		"role=button[name=x":          "no closing ]",
		`role=button[name="x"`:        "no closing ]",
		"role=button[level=2]":        "[level=...] is not an attribute",
		"role=button[nth=-1]":         "[nth=-1]",
		"role=button[name=a][name=b]": "given twice",
		"role=button x":               `"button x" is not a role`,
		"xpath=//a":                   "not a locator",
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
	_, err = events.ParseTarget("button")
	assert.ErrorIs(t, err, events.ErrInvalidArgument)
	assert.Contains(t, err.Error(), "neither a ref")
}
