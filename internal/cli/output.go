package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/termtext"
	"github.com/agentbrowser/agentbrowser/request"
)

// emit prints body: one JSON object with --json, readable text otherwise.
// Errors go to stderr in text mode. Whatever a page put in the body (its
// title, its text, a script's value or error) reaches the terminal only
// through termtext: plain text is escaped with termtext.Escape, and JSON
// has its DEL and C1 characters, which encoding/json leaves raw, written
// as \u escapes.
func emit(stdout, stderr io.Writer, asJSON bool, body map[string]any) {
	if asJSON {
		b, _ := request.Marshal(body)
		stdout.Write(append(termtext.EscapeJSON(b), '\n'))
		return
	}
	if ok, _ := body["ok"].(bool); !ok {
		code, msg := "", ""
		switch e := body["error"].(type) {
		case map[string]any:
			code, _ = e["code"].(string)
			msg, _ = e["message"].(string)
		default:
			b, _ := request.Marshal(e)
			var eb struct{ Code, Message string }
			json.Unmarshal(b, &eb)
			code, msg = eb.Code, eb.Message
		}
		io.WriteString(stderr, termtext.Escape(fmt.Sprintf("error [%s]: %s\n", code, msg)))
		return
	}
	io.WriteString(stdout, termtext.Escape(humanText(body)))
}

// emitArray prints bodies as one JSON array, escaped as emit escapes an
// object.
func emitArray(stdout io.Writer, bodies []map[string]any) {
	b, _ := request.Marshal(bodies)
	stdout.Write(append(termtext.EscapeJSON(b), '\n'))
}

// responseBody is a reply's response as the CLI prints it:
// {"ok":true,...} with the response's fields, output_trimmed when the
// daemon cut it, and the client's notice.
func responseBody(rep Reply, notice string) (map[string]any, error) {
	body := map[string]any{}
	if len(rep.Response) > 0 {
		if err := json.Unmarshal(rep.Response, &body); err != nil {
			return nil, fmt.Errorf("decoding daemon reply: %w", err)
		}
		if body == nil {
			return nil, fmt.Errorf("decoding daemon reply: the response is not an object")
		}
	}
	body["ok"] = true
	if rep.Trimmed != nil {
		// Printed as the response's own fields are: from its JSON form.
		b, _ := json.Marshal(rep.Trimmed)
		var note map[string]any
		json.Unmarshal(b, &note)
		body["output_trimmed"] = note
	}
	if notice != "" {
		body["notice"] = notice
	}
	return body, nil
}

// wantsJSON finds --json in a command line that failed to parse.
func wantsJSON(args []string) bool {
	for _, a := range args {
		if a == "--json" || a == "--json=true" {
			return true
		}
	}
	return false
}

// flagLine is one flag as help lists it: "-i, --interactive   usage".
func flagLine(f Flag) string {
	name := "    --" + f.Name
	if f.Short != "" {
		name = "-" + f.Short + ", --" + f.Name
	}
	return fmt.Sprintf("  %-22s %s\n", name, f.Usage)
}

// CommandHelp is one command's usage, summary and flags.
func CommandHelp(c *Command) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "usage: agentbrowser %s\n  %s\n", c.Usage, c.Summary)
	if len(c.Flags) > 0 {
		sb.WriteString("\nflags:\n")
		for _, f := range c.Flags {
			sb.WriteString(flagLine(f))
		}
	}
	if c.RefArgs > 0 || len(c.RefFlags) > 0 {
		sb.WriteString("\nAn element (REF) is a ref from snapshot (e5, @e5, ref=e5), a locator (role=button[name=\"Save\"], text=Save,\nlabel=Email, placeholder=Search, testid=save, css=#save, A >> B for B inside A), or a bare CSS selector (#save).\n")
	}
	sb.WriteString("\nGlobal flags (--session, --json, --timeout-ms, ...): agentbrowser --help. Reference: docs/cli.md.\n")
	return sb.String()
}

// GeneralHelp lists the commands and the global flags.
func GeneralHelp(version string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "agentbrowser %s: drive a real Chrome from agents and scripts\n\nusage: agentbrowser [global flags] COMMAND [args] [flags]\n       agentbrowser COMMAND --help (or -h) for a command's flags\n\ncommands:\n", version)
	for _, c := range Commands() {
		if strings.HasPrefix(c.Name, "_") || c.Name == "status" {
			continue
		}
		fmt.Fprintf(&sb, "  %-44s %s\n", c.Usage, c.Summary)
	}
	sb.WriteString("\nglobal flags:\n")
	for _, f := range append(append([]Flag{}, globalFlags...), settingFlags...) {
		sb.WriteString(flagLine(f))
	}
	sb.WriteString("\nWithout --json a command prints readable text: a snapshot or text as it is, other results as key: value lines, lists one item a line.\nWith --json every command prints one object: {\"ok\":true,...} or {\"ok\":false,\"error\":{\"code\",\"message\"}}; see docs/cli.md.\n")
	return sb.String()
}

// checkedWriter keeps the first error a write to w returned and refuses
// every later write. It is safe for concurrent use: a daemon's goroutines
// log through it.
type checkedWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// failed is the first error a write returned, or nil.
func (c *checkedWriter) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// outputFailed turns the exit code of a command whose output could not be
// written into a failure (output_failed, exit 1), telling stderr why when
// it can: the command itself ran, so the message says to check the page
// before running it again.
func outputFailed(exit int, stdout, stderr *checkedWriter, raw io.Writer) int {
	var what string
	var err error
	outErr, errErr := stdout.failed(), stderr.failed()
	switch {
	case outErr != nil:
		what, err = "standard output", outErr
	case errErr != nil:
		what, err = "standard error", errErr
	default:
		return exit
	}
	if errErr == nil {
		e := events.Errorf(events.CodeOutputFailed, "writing to %s failed (%v), so the output was lost; a command that acts on the page has run: check the page (snapshot) before running it again", what, err)
		io.WriteString(raw, termtext.Escape(fmt.Sprintf("error [%s]: %s\n", e.Code, e.Message)))
	}
	if exit == ExitOK {
		exit = ExitAction
	}
	return exit
}
