package main_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	main "github.com/agentbrowser/agentbrowser/cmd/agentbrowser"
)

// invocation finds a command line in the guide: "agentbrowser" then the
// command, up to the end of its code span or line.
var invocation = regexp.MustCompile("agentbrowser ([a-z][a-z-]*)([^`\n]*)")

var flagRE = regexp.MustCompile(`(?:^|\s)--([a-z][a-z-]*)`)

// The skill guide names only commands and flags the CLI has, so that an
// agent that follows it is never told to run something that does not
// exist.
func TestSkillNamesOnlyRealCommands(t *testing.T) {
	guide := main.SkillGuide()
	flags := main.CommandFlags()
	seen := map[string]bool{}
	for _, m := range invocation.FindAllStringSubmatch(guide, -1) {
		cmd, rest := m[1], m[2]
		fs, ok := flags[cmd]
		if !assert.True(t, ok, "the guide names command %q, which the CLI does not have: %s", cmd, m[0]) {
			continue
		}
		seen[cmd] = true
		for _, f := range flagRE.FindAllStringSubmatch(rest, -1) {
			assert.True(t, fs[f[1]], "the guide gives %s the flag --%s, which it does not take: %s", cmd, f[1], m[0])
		}
	}
	// The guide covers the loop and the toolbox.
	for _, cmd := range []string{"open", "snapshot", "click", "type", "find", "read", "wait", "dialog", "eval", "set", "route", "batch", "cookies", "storage", "state", "downloads", "pdf", "close"} {
		assert.True(t, seen[cmd], "the guide never shows %s", cmd)
	}
	// Flags written apart from a command line (`--timeout-ms`) exist too.
	all := map[string]bool{}
	for _, fs := range flags {
		for f := range fs {
			all[f] = true
		}
	}
	for _, f := range regexp.MustCompile("`--([a-z][a-z-]*)").FindAllStringSubmatch(guide, -1) {
		assert.True(t, all[f[1]], "the guide names --%s, which no command takes", f[1])
	}
	require.True(t, strings.HasPrefix(guide, "---\nname: agentbrowser\n"), "the guide starts with a skill file's front matter")
}

func TestSkillCommandPrintsTheGuide(t *testing.T) {
	c := newCLI(t)
	o := c.run("skill")
	require.Equal(t, 0, o.Exit, o.Stderr)
	assert.Equal(t, main.SkillGuide(), o.Stdout)
	body := c.ok("skill")
	assert.Equal(t, main.SkillGuide(), body["text"])
}
