package snapshot

import (
	"context"
	"errors"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
)

// Read is the readable content of a page or an element.
type Read struct {
	URL, Title string
	// Markdown is the content: headings, paragraphs, lists, tables,
	// quotes and code, each link as [text][eN] with its ref.
	Markdown string
	// Links are the refs of the links in Markdown.
	Links map[events.Ref]RefInfo
}

// readOpts are the options of the walk's read plugin (js/read.js).
type readOpts struct {
	Name  string `json:"name"`
	All   bool   `json:"all"`
	Scope int64  `json:"scope"`
	Token string `json:"token"`
}

// The marker text records of the read plugin, and the place of a link's
// ref in a line.
const (
	markFrame     = "\x01f"
	markGone      = "\x01gone"
	refHole       = "\x02"
	maxBlankLines = 1
)

// Read returns the readable content of the tab (scope empty) or of
// scope's element as Markdown: the tab's main region when it has one, and
// without its navigation chrome (navigation, banner, footer, sidebars,
// search) unless all is set; out-of-process frames are read in place.
// Its links get the refs a snapshot gives them. A scope element that is
// gone is an ErrStaleRef.
func (e *Engine) Read(ctx context.Context, scope events.Ref, all bool) (Read, error) {
	if err := e.capMu.lock(ctx); err != nil {
		return Read{}, err
	}
	defer e.capMu.unlock()
	c := &capture{e: e, opts: Options{Interactive: true}}
	var (
		recs  *records
		lines []line
		err   error
	)
	if scope != "" {
		canon, entry, lerr := e.lookup(scope)
		if lerr != nil {
			return Read{}, lerr
		}
		c.plugin = readOpts{Name: "read", All: all, Scope: entry.local, Token: entry.w.token}
		recs, lines, err = c.collect(ctx, entry.w, 0, 0, 0, 0)
		if errors.Is(err, errWorldGone) {
			e.kill(entry.w)
			return Read{}, &StaleRefError{Ref: canon}
		}
		if err == nil && len(lines) == 1 && lines[0].entry == nil && lines[0].text == markGone {
			e.forget(entry)
			return Read{}, &StaleRefError{Ref: canon}
		}
	} else {
		c.plugin = readOpts{Name: "read", All: all}
		recs, lines, err = e.captureTop(ctx, c, 0)
	}
	if err != nil {
		return Read{}, err
	}
	out := Read{URL: recs.url, Title: recs.title, Links: map[events.Ref]RefInfo{}}
	var (
		b       strings.Builder
		queue   []*refEntry
		skipOne bool
		blanks  = maxBlankLines
	)
	e.mu.Lock()
	for _, ln := range lines {
		switch {
		case ln.entry != nil && skipOne:
			skipOne = false // an out-of-process iframe, read after it
		case ln.entry != nil:
			queue = append(queue, ln.entry)
		case ln.text == markFrame:
			skipOne = true
		case ln.marker != "":
			// A frame nested too deep to read in place.
		default:
			t := ln.text
			if strings.TrimSpace(t) == "" {
				if blanks >= maxBlankLines {
					continue
				}
				blanks++
				b.WriteByte('\n')
				continue
			}
			blanks = 0
			for strings.Contains(t, refHole) && len(queue) > 0 {
				en := queue[0]
				queue = queue[1:]
				t = strings.Replace(t, refHole, string(en.ref), 1)
				out.Links[en.ref] = en.info
			}
			b.WriteString(strings.ReplaceAll(t, refHole, ""))
			b.WriteByte('\n')
		}
	}
	e.mu.Unlock()
	out.Markdown = strings.TrimSpace(b.String())
	return out, nil
}
