package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/request"
)

// wholeOutput lists the commands whose output is what they are for (a
// snapshot, a script's value, a CDP reply, an image): trimming it would
// answer something else than was asked, so above the cap they fail with
// result_too_large, and each has its own way to ask for less (--max-chars,
// a narrower expression, a PATH for the image). Every other command acts
// on the page, or lists what it holds: above the cap its output is trimmed
// instead (see trimToFit), so that an action never fails after it took
// effect (a type of 5 MB of text is not typed twice by an agent that
// retries).
var wholeOutput = map[string]bool{"snapshot": true, "eval": true, "cdp": true, "screenshot": true}

// trimmedMark ends a string trimmed to fit the cap.
const trimmedMark = "…"

// trimToFit returns resp (a command's response, decoded; size bytes as
// the CLI prints it, {"ok":true,...}) encoded so that, printed with the
// note that says what was cut (output_trimmed), it fits in limit bytes:
// its longest strings (the echo of typed text, a value, a title or URL)
// are cut, each ending with "…", and the note says which, and the size
// and cap. ok is false when cutting strings cannot make it fit.
func trimToFit(resp map[string]any, size, limit int) (out []byte, note *cli.Trimmed, ok bool) {
	note = &cli.Trimmed{Size: size, Cap: limit,
		Message: "the command ran; its output was above the cap (--max-result-bytes), so the longest strings in it were cut, each ending with …"}
	// printed is how long resp is as the CLI prints it, with "ok":true and
	// the note beside its fields.
	printed := func(b []byte) int {
		nb, _ := request.Marshal(note)
		return len(b) + len(`"ok":true,`) + len(`,"output_trimmed":`) + len(nb)
	}
	cut := map[string]bool{}
	for range 64 {
		leaves := stringLeaves(resp, "")
		fields := make([]string, 0, len(cut))
		for f := range cut {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		note.Fields = fields
		b, err := request.Marshal(resp)
		if err != nil {
			return nil, nil, false
		}
		over := printed(b) - limit
		if over <= 0 {
			return b, note, true
		}
		if len(leaves) == 0 {
			return nil, nil, false
		}
		sort.Slice(leaves, func(i, j int) bool { return len(leaves[i].s) > len(leaves[j].s) })
		l := leaves[0]
		if len(l.s) <= 64 {
			return nil, nil, false // what is too large is not its strings
		}
		// Encoded, a string may be longer than its bytes (escapes): cut by
		// the share of its encoding that must go; the next round cuts
		// again if that was not enough.
		enc, _ := json.Marshal(l.s)
		keep := len(l.s) - int(int64(over+len(trimmedMark)+8)*int64(len(l.s))/int64(len(enc))) - 1
		keep = max(keep, 0)
		for keep > 0 && !utf8.RuneStart(l.s[keep]) {
			keep--
		}
		l.set(l.s[:keep] + trimmedMark)
		cut[l.path] = true
	}
	return nil, nil, false
}

// leaf is one string in a decoded JSON value: its path (details.value,
// tabs[2].title), its value, and how to replace it.
type leaf struct {
	path string
	s    string
	set  func(string)
}

func stringLeaves(v any, path string) []leaf {
	var out []leaf
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			if s, ok := e.(string); ok {
				out = append(out, leaf{p, s, func(n string) { x[k] = n }})
			} else {
				out = append(out, stringLeaves(e, p)...)
			}
		}
	case []any:
		for i, e := range x {
			p := path + "[" + strconv.Itoa(i) + "]"
			if s, ok := e.(string); ok {
				out = append(out, leaf{p, s, func(n string) { x[i] = n }})
			} else {
				out = append(out, stringLeaves(e, p)...)
			}
		}
	}
	return out
}

// fitOutput is the reply to a successful command whose response is b (a
// JSON object), within the session's cap on what the CLI prints
// ({"ok":true,...}): as it is when it fits, trimmed (trimToFit) for a
// command that acts, or result_too_large.
func fitOutput(cmd string, b []byte, limit int) (cli.Reply, error) {
	size := printedSize(b)
	if size <= limit {
		return cli.Reply{Exit: cli.ExitOK, Response: b}, nil
	}
	if !wholeOutput[cmd] {
		var resp map[string]any
		if json.Unmarshal(b, &resp) == nil {
			if t, note, ok := trimToFit(resp, size, limit); ok {
				return cli.Reply{Exit: cli.ExitOK, Response: t, Trimmed: note}, nil
			}
		}
	}
	return cli.Reply{}, tooLarge(cmd, size, limit)
}

// printedSize is how long a response's JSON object b is as the CLI prints
// it, with "ok":true among its fields.
func printedSize(b []byte) int {
	if len(b) <= 2 {
		return len(`{"ok":true}`)
	}
	return len(b) + len(`"ok":true,`)
}

// trimmedNotice says, for a client that reads a trimmed output into its
// response type (the MCP server), what the daemon cut; "" when t is nil.
func trimmedNotice(t *cli.Trimmed) string {
	if t == nil {
		return ""
	}
	return fmt.Sprintf("the action ran; its output was %d bytes, above the cap of %d, so these fields were cut (each ends with …): %s",
		t.Size, t.Cap, strings.Join(t.Fields, ", "))
}
