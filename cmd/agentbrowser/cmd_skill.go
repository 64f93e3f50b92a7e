package main

import (
	"context"
	_ "embed"
)

// skillGuide is the guide `agentbrowser skill` prints: how an LLM agent
// drives the CLI. A test checks that every command and flag it names
// exists, so it stays in step with the CLI.
//
//go:embed skill.md
var skillGuide string

func init() {
	register(&Command{
		Name: "skill", Usage: "skill", Summary: "print a concise guide for an LLM agent (a skill file: the loop, refs and locators, dialogs, frames, errors and their next steps)",
		MaxArgs: 0, Local: true,
		RunLocal: func(context.Context, globals, Input) (Result, error) {
			return Result{"text": skillGuide}, nil
		},
	})
}
