package main_test

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// controlsPage puts terminal controls everywhere a page can: its title
// (OSC 52, which writes the clipboard), its text (hide and clear the
// screen), a console message, a dialog's message, a script's error and
// value. esc builds them in the page, so the HTML itself is clean.
const controlsPage = `<!doctype html><title>t</title>
<script>
const esc = s => s.replace(/ESC/g, String.fromCharCode(27)).replace(/BEL/g, String.fromCharCode(7)).replace(/CSI/g, String.fromCharCode(0x9b)).replace(/DEL/g, String.fromCharCode(0x7f)).replace(/CR/g, String.fromCharCode(13));
document.title = esc("clip ESC]52;c;UFdORUQ=BEL end");
console.error(esc("console ESC[31m red CSI2J DEL"));
</script>
<p id=p></p>
<script>document.getElementById('p').textContent = esc("text ESC[8m hidden CR over");</script>`

// rawControl reports the first terminal control in s that is not a
// newline or a tab.
func rawControl(s string) (rune, bool) {
	for _, r := range s {
		if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f) {
			return r, true
		}
	}
	return 0, false
}

// TestHostileControlsNeverReachTheTerminal: every page-derived string the
// CLI prints without --json (the title and URL of open, the snapshot, an
// eval value, a script error on stderr, console messages, the tabs list,
// a pending dialog) carries no ESC, BEL, CR, DEL or C1 control: each is
// written visibly (\x1b, \u009b) instead, through the full binary and
// through the thin client alike. With --json, DEL and C1 are \u escapes.
func TestHostileControlsNeverReachTheTerminal(t *testing.T) {
	testutil.RequireChrome(t)
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, controlsPage)
	}))
	c := newSharedCLI(t)
	c.ok("open", srv.MainURL("/controls"))
	// The dialog may open before the eval answers (dialog_blocking) or
	// after; either way it is pending for what follows.
	c.json("eval", `setTimeout(() => alert(esc("dialog ESC[2J BEL")), 0); 1`)
	for _, via := range []*cli{c, c.viaThin(t)} {
		for _, args := range [][]string{
			{"snapshot"}, {"tabs"}, {"console"}, {"dialogs"},
			{"eval", `esc("value ESC]52;c;eA==BEL CSI")`},
			{"eval", `throw new Error(esc("thrown ESC[2J CSI"))`},
			{"eval", `({k: esc("nested ESC[8m DEL")})`},
			{"open", srv.MainURL("/controls?ESC")},
		} {
			o := via.run(args...)
			require.Contains(t, []int{0, 1}, o.Exit, "%v: %s %s", args, o.Stdout, o.Stderr)
			for name, out := range map[string]string{"stdout": o.Stdout, "stderr": o.Stderr} {
				if r, bad := rawControl(out); bad {
					t.Errorf("%s %v: %s holds a raw U+%04X:\n%q", via.exe, args, name, r, out)
				}
			}
			// Chrome drops control characters from the titles it reports
			// for tabs; what open and tabs print is only checked raw-free.
			if args[0] != "open" && args[0] != "tabs" {
				out := o.Stdout + o.Stderr
				require.True(t, strings.Contains(out, `\x1b`) || strings.Contains(out, `\u009b`) || strings.Contains(out, `\u001b`),
					"%v: the controls are not shown escaped:\n%s", args, out)
			}
		}
	}
	c.json("dialog", "accept")
	for _, via := range []*cli{c, c.viaThin(t)} {
		o := via.run("--json", "eval", `esc("DEL CSI ESC")`)
		require.Equal(t, 0, o.Exit, o.Stdout+o.Stderr)
		require.Contains(t, o.Stdout, `\u007f \u009b \u001b`)
	}
}

// TestHostileFailedWritesExitNonZero: a result that cannot be written
// (stdout on a full disk, a pipe whose reader has gone) is not a success:
// exit 1 and output_failed on stderr, through the full binary and the
// thin client, whether SIGPIPE kills the process or is ignored.
func TestHostileFailedWritesExitNonZero(t *testing.T) {
	testutil.RequireChrome(t)
	c := newSharedCLI(t)
	c.ok("eval", "1")
	for _, via := range []*cli{c, c.viaThin(t)} {
		for _, args := range [][]string{{"eval", "1"}, {"--json", "eval", "1"}, {"version"}} {
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			require.NoError(t, err)
			cmd := via.command(args...)
			var errb strings.Builder
			cmd.Stdout, cmd.Stderr = full, &errb
			err = cmd.Run()
			full.Close()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, "%s %v >/dev/full exited 0", via.exe, args)
			require.Equal(t, 1, ee.ExitCode(), "%v: %s", args, errb.String())
			require.Contains(t, errb.String(), "output_failed", "%v", args)
		}
		// A pipe whose reader has gone, with SIGPIPE ignored (as a
		// parent that ignores it leaves it) and not.
		for _, trap := range []string{`trap "" PIPE;`, ""} {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			r.Close()
			line := trap + ` exec "$@"`
			cmd := exec.Command("sh", append([]string{"-c", line, "sh"}, via.command("eval", "1").Args...)...)
			cmd.Env = via.command().Env
			cmd.Stdout = w
			err = cmd.Run()
			w.Close()
			require.Error(t, err, "%s eval 1 into a closed pipe (%q) exited 0", via.exe, trap)
		}
	}
}

// TestHostileTypeNeverFailsAfterTyping: an action whose output is above
// the cap (type echoes the field's value) succeeds with its output trimmed
// and says so (output_trimmed), instead of failing after it typed; an
// agent that retries would type twice. Through the CLI with a small
// --max-result-bytes, and through the MCP server binary with 5 MB of text
// under the default cap.
func TestHostileTypeNeverFailsAfterTyping(t *testing.T) {
	url := hostileSite(t)
	c := newSharedCLI(t)
	c.pre = append(c.pre, "--max-result-bytes", "1024")
	c.ok("open", url("/form"))
	ref := refFor(t, c.ok("snapshot")["snapshot"].(string), "textbox", "notes")
	text := strings.Repeat("abcdefghij", 500)
	r := c.ok("type", ref, text)
	note := r["output_trimmed"].(map[string]any)
	require.Contains(t, note["fields"], "details.value")
	require.Equal(t, float64(1024), note["cap"])
	require.Equal(t, float64(len(text)), c.ok("eval", "document.querySelector('textarea').value.length")["value"], "typed once")
	// Plain output says so too.
	o := c.run("type", ref, "x")
	require.Equal(t, 0, o.Exit, o.Stderr)
	require.Contains(t, o.Stdout, "output_trimmed")

	// A browser of its own: 5 MB of typing keeps a browser busy for
	// seconds, which a shared one's liveness check could take for a hang
	// on a loaded machine.
	cs := mcpOver(t, newCLI(t))
	callOK(t, cs, "browser_navigate", map[string]any{"url": url("/form")})
	_, snap := callOK(t, cs, "browser_snapshot", nil)
	big := strings.Repeat("0123456789", 500_000)
	// Typing 5 MB takes seconds, many more on a loaded machine: the budget
	// is not the point here.
	res, _ := callOK(t, cs, "browser_type", map[string]any{"ref": refFor(t, snap, "textbox", "notes"), "text": big, "timeout_ms": 300000})
	require.Contains(t, structured(t, res)["notice"], "fields were cut")
	res, _ = callOK(t, cs, "browser_evaluate", map[string]any{"function": "() => document.querySelector('textarea').value.length"})
	require.Equal(t, float64(len(big)), structured(t, res)["value"], "typed once")
}
