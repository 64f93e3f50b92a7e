package main_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestCLIDialogs(t *testing.T) {
	srv := site(t)
	c := newSharedCLI(t, "default", "auto")
	c.ok("open", srv.MainURL("/page"))

	o := c.json("dialog", "accept")
	require.Equal(t, 1, o.Exit)
	require.Equal(t, "no_dialog", o.errCode())

	// The dialog opens a moment after eval has answered: an evaluation
	// that a dialog interrupts reports the dialog instead of its value.
	c.ok("eval", `setTimeout(() => { window.answer = prompt("Your name?", "anon") }, 200); 1`)
	var pending []any
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		pending = c.ok("dialogs")["pending"].([]any)
		if len(pending) > 0 {
			break
		}
	}
	require.Len(t, pending, 1)
	d := pending[0].(map[string]any)
	require.Equal(t, "d-1", d["id"])
	require.Equal(t, "prompt", d["type"])
	require.Equal(t, "Your name?", d["message"])
	require.Equal(t, "anon", d["default_prompt"])

	o = c.json("eval", "1")
	require.Equal(t, 1, o.Exit)
	require.Equal(t, "dialog_blocking", o.errCode())
	details := o.Body["error"].(map[string]any)["details"].(map[string]any)
	require.Equal(t, "d-1", details["dialog_id"])

	o = c.json("dialog", "accept", "--id", "d-7")
	require.Equal(t, "not_found", o.errCode())
	o = c.json("dialog", "dismiss", "--prompt-text", "x")
	require.Equal(t, 2, o.Exit)

	closed := c.ok("dialog", "accept", "--prompt-text", "Ada")["dialog"].(map[string]any)
	require.Equal(t, "agent", closed["closed_by"])
	require.Equal(t, "Ada", c.ok("eval", "window.answer")["value"])
	recent := c.ok("dialogs")["recent"].([]any)
	require.Equal(t, "agent", recent[0].(map[string]any)["closed_by"])

	pol := c.ok("dialog", "policy", "auto_dismiss", "--hold-ms", "5000")
	require.Equal(t, "auto_dismiss", pol["policy"])
	require.Equal(t, float64(5000), pol["timeout_ms"])
	c.ok("eval", `setTimeout(() => { window.sure = confirm("Sure?") }, 200); 1`)
	// Read the answer once the policy has answered the dialog, which
	// opens after this eval returned.
	waitAnswered(t, c, "Sure?")
	require.Equal(t, false, c.ok("eval", `new Promise(r => { const f = () => 'sure' in window ? r(window.sure) : setTimeout(f, 5); f(); })`)["value"])
	require.Equal(t, 2, c.json("dialog", "policy", "sometimes").Exit)

	// Settings given at start configure a new session's daemon.
	c.ok("--session", "auto", "--dialog-policy", "auto_accept", "--dialog-bridge", "open", srv.MainURL("/page"))
	require.Equal(t, "auto_accept", c.ok("--session", "auto", "dialog", "policy")["policy"])
	require.Equal(t, true, c.ok("--session", "auto", "dialog", "policy")["bridge"])
	c.ok("--session", "auto", "eval", `setTimeout(() => { window.sure = confirm("Sure?") }, 200); 1`)
	waitAnswered(t, c, "Sure?", "--session", "auto")
	require.Equal(t, true, c.ok("--session", "auto", "eval", `new Promise(r => { const f = () => 'sure' in window ? r(window.sure) : setTimeout(f, 5); f(); })`)["value"])
}

// waitAnswered polls 'dialogs' (with the global flags in flags) until a
// dialog with message is among the recent, answered ones.
func waitAnswered(t *testing.T, c *cli, message string, flags ...string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		recent, _ := c.ok(append(flags, "dialogs")...)["recent"].([]any)
		for _, r := range recent {
			if r.(map[string]any)["message"] == message {
				return
			}
		}
	}
	t.Fatalf("no %q dialog was answered within 10 s", message)
}
