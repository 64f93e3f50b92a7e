package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// A result's text is what the model reads: what the call did or found, in
// a line or a few, and nothing the page state after it repeats. Records
// (ids of tabs and frames, timestamps, coordinates) are for programs: they
// go to structuredContent only.

// actionText is an action's text: the line saying it was done and what it
// found beyond the page state (a select's options, loads the origin lists
// stopped, downloads, a notice). A dialog the action opened, a tab, a
// navigation are said by the page state.
func actionText(title string, v any, notice string) string {
	var b strings.Builder
	b.WriteString("Done: " + title)
	switch r := v.(type) {
	case events.ActionResult:
		detailLines(&b, r.Details)
		blockedLines(&b, r.Blocked)
		downloadLines(&b, r.Downloads)
	case events.NavigationResult:
		blockedLines(&b, r.Blocked)
		downloadLines(&b, r.Downloads)
	case request.DialogAnswer:
		b.Reset()
		b.WriteString(dialogAnswered(r.Dialog))
	case request.DragResult:
		detailLines(&b, r.Details)
		blockedLines(&b, r.Blocked)
		downloadLines(&b, r.Downloads)
	default:
		f, err := fieldsOf(v)
		if err == nil {
			b.WriteString(compact(f))
		}
	}
	if notice != "" {
		b.WriteString("\n- Note: " + notice)
	}
	return b.String()
}

// detailLines says what an action's details add to the page state.
func detailLines(b *strings.Builder, d events.ActionDetails) {
	if d.Disabled {
		b.WriteString("\n- The element is disabled: the page may ignore the click")
	}
	if d.Forced {
		b.WriteString("\n- Done through script (force): no point of the element could be reached by the pointer")
	}
	if len(d.Options) > 0 {
		// A click on a <select> does not open its popup; its options are
		// what the agent needs next.
		labels := make([]string, len(d.Options))
		for i, o := range d.Options {
			labels[i] = strconv.Quote(o.Label)
			if o.Selected {
				labels[i] += " (selected)"
			}
		}
		fmt.Fprintf(b, "\n- Options: %s", strings.Join(labels, ", "))
		if d.Hint != "" {
			b.WriteString("\n- " + d.Hint)
		}
	}
	if len(d.Selected) > 0 {
		labels := make([]string, len(d.Selected))
		for i, o := range d.Selected {
			labels[i] = strconv.Quote(o.Label)
		}
		b.WriteString("\n- Selected: " + strings.Join(labels, ", "))
	}
	if d.Changed != nil && !*d.Changed {
		b.WriteString("\n- Nothing on the page changed: it ignored the input")
	}
	if d.Drag != nil {
		b.WriteString("\n- " + d.Drag.Summary)
	}
	if d.Drop != nil {
		b.WriteString("\n- " + d.Drop.Summary)
	}
	if d.Moved != nil && !*d.Moved {
		b.WriteString("\n- Nothing moved: already at the end")
	}
	if d.WaitedFor != "" {
		b.WriteString("\n- Waited for " + d.WaitedFor)
		if d.ElapsedMS != nil {
			fmt.Fprintf(b, " (%d ms)", *d.ElapsedMS)
		}
	}
	keys := make([]string, 0, len(d.Extra))
	for k := range d.Extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(b, "\n- %s: %s", k, d.Extra[k])
	}
}

func blockedLines(b *strings.Builder, bl []events.BlockedLoad) {
	for _, l := range bl {
		fmt.Fprintf(b, "\n- Blocked load of %s [%s]: %s", l.URL, l.Code, l.Message)
	}
}

func downloadLines(b *strings.Builder, ds []events.Download) {
	for _, d := range ds {
		fmt.Fprintf(b, "\n- Download %s: %s", d.SuggestedFilename, strings.ReplaceAll(d.State, "_", " "))
		if d.Path != "" {
			b.WriteString(" to " + d.Path)
		}
		if d.Error != nil {
			fmt.Fprintf(b, " [%s]", d.Error.Code)
		}
	}
}

// dialogAnswered is a dialog answer in one line: its type, its message and
// the answer.
func dialogAnswered(d events.DialogInfo) string {
	verb := "Dismissed"
	if d.Accepted != nil && *d.Accepted {
		verb = "Accepted"
	}
	s := fmt.Sprintf("%s the %s %q", verb, d.Type, d.Message)
	if d.Type == events.DialogPrompt && d.Accepted != nil && *d.Accepted {
		s += fmt.Sprintf(" with %q", d.PromptText)
	}
	return s
}

// readText is a read tool's text: what it found, one line per item.
// Types it does not know are rendered by compact.
func readText(title string, v any, notice string) string {
	var b strings.Builder
	switch r := v.(type) {
	case events.ConsoleResult:
		consoleText(&b, r)
	case events.NetworkResult:
		networkText(&b, r)
	case events.DialogsResult:
		dialogsText(&b, r)
	case events.FramesResult:
		framesText(&b, r)
	case request.TabsResult:
		b.WriteString("Tabs:")
		for i, t := range r.Tabs {
			b.WriteString("\n" + tabLine(i+1, t))
		}
	case events.NewTabResult:
		fmt.Fprintf(&b, "Opened a tab and selected it: %s", tabLine(0, r.Tab)[2:])
		blockedLines(&b, r.Blocked)
	case request.SwitchTabResult:
		fmt.Fprintf(&b, "Selected %s", tabLine(0, r.Tab)[2:])
	case events.CloseTabResult:
		fmt.Fprintf(&b, "Closed tab %s", short(r.Closed))
		if r.Active != "" {
			fmt.Fprintf(&b, "; the active tab is %s", short(r.Active))
		}
	case request.ResizeResult:
		fmt.Fprintf(&b, "Viewport: %dx%d", r.Width, r.Height)
	case request.CloseResult:
		switch {
		case r.Closed:
			b.WriteString("Closed the browser; the next call starts a fresh one")
		case r.Message != "":
			b.WriteString(r.Message)
		default:
			b.WriteString("Nothing to close")
		}
	case events.CDPCallResult:
		b.WriteString("Result: " + string(r.Result))
	case events.ActionResult:
		b.WriteString(title)
		detailLines(&b, r.Details)
	default:
		b.WriteString(title + ":")
		if f, err := fieldsOf(v); err == nil {
			b.WriteString(compact(f))
		}
	}
	if notice != "" {
		b.WriteString("\n- Note: " + notice)
	}
	return b.String()
}

func consoleText(b *strings.Builder, r events.ConsoleResult) {
	if len(r.Messages) == 0 {
		b.WriteString("No console messages")
	} else {
		fmt.Fprintf(b, "Console messages (%d):", len(r.Messages))
	}
	for _, m := range r.Messages {
		fmt.Fprintf(b, "\n- [%s] %s", m.Level, m.Text)
		if m.URL != "" {
			fmt.Fprintf(b, " (%s:%d)", m.URL, m.Line)
		}
		if m.ID != "" {
			fmt.Fprintf(b, " [id=%s]", m.ID)
		}
	}
	if r.Dropped > 0 {
		fmt.Fprintf(b, "\n- %d older messages were dropped", r.Dropped)
	}
}

func networkText(b *strings.Builder, r events.NetworkResult) {
	if len(r.Requests) == 0 {
		b.WriteString("No requests")
	} else {
		fmt.Fprintf(b, "Requests (%d):", len(r.Requests))
	}
	for _, q := range r.Requests {
		fmt.Fprintf(b, "\n- [id=%s] %s %s => ", q.ID, q.Method, q.URL)
		switch {
		case q.Failure != "" || q.State == "failed":
			b.WriteString("failed")
			if q.Failure != "" {
				b.WriteString(": " + q.Failure)
			}
			if q.Canceled {
				b.WriteString(" (canceled)")
			}
		case q.Status != 0:
			b.WriteString(strconv.Itoa(q.Status))
			if q.StatusText != "" {
				b.WriteString(" " + q.StatusText)
			}
		default:
			b.WriteString(q.State)
		}
		var facts []string
		if q.ResourceType != "" {
			facts = append(facts, q.ResourceType)
		}
		if q.Size > 0 {
			facts = append(facts, strconv.FormatInt(q.Size, 10)+" B")
		}
		if q.DurationMS > 0 {
			facts = append(facts, strconv.FormatFloat(q.DurationMS, 'f', 0, 64)+" ms")
		}
		if len(facts) > 0 {
			b.WriteString(" (" + strings.Join(facts, ", ") + ")")
		}
	}
	if r.Dropped > 0 {
		fmt.Fprintf(b, "\n- %d older requests were dropped", r.Dropped)
	}
}

func dialogsText(b *strings.Builder, r events.DialogsResult) {
	fmt.Fprintf(b, "Dialog policy: %s", r.Policy)
	if len(r.Pending) == 0 {
		b.WriteString("\nNo pending dialogs")
	} else {
		b.WriteString("\nPending (answer with browser_handle_dialog):")
	}
	for _, d := range r.Pending {
		fmt.Fprintf(b, "\n- [%s] %s %q", d.ID, d.Type, d.Message)
		if d.DefaultPrompt != "" {
			fmt.Fprintf(b, " (default %q)", d.DefaultPrompt)
		}
	}
	if len(r.Recent) > 0 {
		b.WriteString("\nRecently closed:")
	}
	for _, d := range r.Recent {
		fmt.Fprintf(b, "\n- [%s] %s", d.ID, dialogAnswered(d))
		if d.ClosedBy != "" {
			fmt.Fprintf(b, " (by %s)", strings.ReplaceAll(string(d.ClosedBy), "_", " "))
		}
	}
}

// framesText lists the frames as a tree; their ids are what
// browser_evaluate and browser_cdp take.
func framesText(b *strings.Builder, r events.FramesResult) {
	fmt.Fprintf(b, "Frames (%d):", len(r.Frames)+1)
	children := map[events.FrameID][]events.FrameInfo{}
	for _, f := range r.Frames {
		if f.FrameID != r.Top.FrameID {
			children[f.ParentFrameID] = append(children[f.ParentFrameID], f)
		}
	}
	var walk func(f events.FrameInfo, depth int)
	seen := map[events.FrameID]bool{}
	walk = func(f events.FrameInfo, depth int) {
		if seen[f.FrameID] {
			return
		}
		seen[f.FrameID] = true
		fmt.Fprintf(b, "\n%s- %s %s", strings.Repeat("  ", depth), f.FrameID, f.URL)
		if f.Name != "" {
			fmt.Fprintf(b, " name=%q", f.Name)
		}
		if f.IsOOPIF {
			b.WriteString(" (out-of-process)")
		}
		for _, c := range children[f.FrameID] {
			walk(c, depth+1)
		}
	}
	walk(r.Top, 0)
	// Frames whose parent is not listed.
	for _, f := range r.Frames {
		walk(f, 1)
	}
}

// tabLine is one tab for a model: its number in browser_tabs (when n > 0),
// whether it is active, its title, URL and id prefix.
func tabLine(n int, t events.TabInfo) string {
	var b strings.Builder
	b.WriteString("- ")
	if n > 0 {
		fmt.Fprintf(&b, "%d: ", n)
	}
	if t.Active {
		b.WriteString("[active] ")
	}
	fmt.Fprintf(&b, "%q %s (tab %s)", t.Title, t.URL, short(t.ID))
	return b.String()
}

// short is a unique enough prefix of a tab id for tools that take one.
func short(id events.TargetID) string {
	if len(id) > 8 {
		return string(id[:8])
	}
	return string(id)
}

// refList writes refs compactly, consecutive numbers as ranges:
// e4-e9, e12.
func refList(refs []string) string {
	var nums []int
	var other []string
	for _, r := range refs {
		n, err := strconv.Atoi(strings.TrimPrefix(r, "e"))
		if err != nil || !strings.HasPrefix(r, "e") {
			other = append(other, r)
			continue
		}
		nums = append(nums, n)
	}
	slices.Sort(nums)
	nums = slices.Compact(nums)
	var parts []string
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		p := "e" + strconv.Itoa(nums[i])
		if j > i {
			p += "-e" + strconv.Itoa(nums[j])
		}
		parts = append(parts, p)
		i = j + 1
	}
	return strings.Join(append(parts, other...), ", ")
}

// recordKeys are the keys compact leaves to structuredContent: handles and
// times that programs use and models do not.
var recordKeys = map[string]bool{"ok": true, "tab_id": true, "frame_id": true, "session_id": true, "target_id": true,
	"opener_id": true, "backend_node_id": true, "context_id": true}

// compact renders fields a tool has no text for: one line per key, an
// object's keys on its line, a list one item a line, without ids of tabs,
// frames and sessions or timestamps.
func compact(f fields) string {
	var b strings.Builder
	keys := make([]string, 0, len(f))
	for k := range f {
		if !skipKey(k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		var v any
		d := json.NewDecoder(bytes.NewReader(f[k]))
		d.UseNumber()
		if d.Decode(&v) != nil || empty(v) {
			continue
		}
		if list, ok := v.([]any); ok {
			fmt.Fprintf(&b, "\n- %s (%d):", k, len(list))
			for _, item := range list {
				b.WriteString("\n  - " + inline(item))
			}
			continue
		}
		fmt.Fprintf(&b, "\n- %s: %s", k, inline(v))
	}
	return b.String()
}

func skipKey(k string) bool { return recordKeys[k] || strings.HasSuffix(k, "_at") }

func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// inline writes a value on one line: an object as key: value pairs.
func inline(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k, e := range x {
			if !skipKey(k) && !empty(e) {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + ": " + inline(x[k])
		}
		return strings.Join(parts, ", ")
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = inline(e)
		}
		return "[" + strings.Join(parts, "; ") + "]"
	}
	b, _ := json.Marshal(v)
	return string(b)
}
