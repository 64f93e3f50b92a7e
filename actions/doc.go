// Package actions is the agent-facing API: each function dispatches one
// event on a session's bus, within the caller's deadline, and returns the
// typed result. Errors carry stable codes (see Code) that the CLI and the
// MCP server turn into {"ok":false,"error":{"code","message"}}.
package actions
