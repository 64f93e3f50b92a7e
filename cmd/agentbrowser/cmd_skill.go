package main

import (
	_ "embed"
)

// skillGuide is the guide `agentbrowser skill` prints: how an LLM agent
// drives the CLI. A test checks that every command and flag it names
// exists, so it stays in step with the CLI.
//
//go:embed skill.md
var skillGuide string
