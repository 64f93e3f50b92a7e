package cli

import (
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

var cookiesCommand = &Command{
	Name:    "cookies",
	Usage:   "cookies [--url URL]... [--offset N] | cookies set NAME VALUE (--url URL | --domain D) [--path P] [--http-only] [--secure] [--same-site Lax|Strict|None] [--expires UNIX] | cookies clear [--url URL]",
	Summary: "list, set or clear the session's cookies (HttpOnly ones included)",
	MaxArgs: 3,
	Flags: []Flag{
		{Name: "url", Kind: Multi, Usage: "list: the cookies a request to this URL sends (repeatable); set: the cookie's URL; clear: only those a request to it sends"},
		{Name: "domain", Kind: String, Usage: "set: the cookie's domain (.example.com includes subdomains)"},
		{Name: "path", Kind: String, Usage: "set: the cookie's path (default /)"},
		{Name: "http-only", Kind: Bool, Usage: "set: hidden from page script"},
		{Name: "secure", Kind: Bool, Usage: "set: sent over https only"},
		{Name: "same-site", Kind: String, Usage: "set: Strict, Lax or None"},
		{Name: "expires", Kind: Int, Usage: "set: expiry in seconds since the epoch (default: a session cookie)"},
		{Name: "offset", Kind: Int, Usage: "list: start at this cookie (a listing above the output cap comes in pages: total and next_offset)"},
	},
	Parse: parseCookies,
}

var storageCommand = &Command{
	Name:    "storage",
	Usage:   "storage local|session [get KEY | set KEY VALUE | remove KEY | clear]",
	Summary: "read or change the active tab's localStorage or sessionStorage (no page script runs)",
	MinArgs: 1, MaxArgs: 4,
	Parse: parseStorage,
}

var stateCommand = &Command{
	Name:    "state",
	Usage:   "state save FILE | state load FILE",
	Summary: "save the session's cookies and localStorage as Playwright's storageState JSON (0600), or load one, all or nothing",
	MinArgs: 2, MaxArgs: 2,
	Parse: func(in Input) (request.Request, error) {
		switch in.Args[0] {
		case "save":
			return request.SaveState{Path: in.Args[1]}, nil
		case "load":
			return request.LoadState{Path: in.Args[1]}, nil
		}
		return nil, usageErrorf("state %q: want save or load", in.Args[0])
	},
}

var downloadsCommand = &Command{
	Name: "downloads", Usage: "downloads [--wait]",
	Summary: "list the session's downloads (url, suggested_filename, path, bytes, state) and where they are saved",
	MaxArgs: 0,
	Flags: []Flag{
		{Name: "wait", Kind: Bool, Usage: "first wait, within the budget, until a download has begun since the last wait and none is in progress"},
	},
	Parse: func(in Input) (request.Request, error) { return request.Downloads{Wait: in.Bool("wait")}, nil },
}

var pdfCommand = &Command{
	Name: "pdf", Usage: "pdf [PATH] [--landscape] [--paper A4|Letter] [--background]",
	Summary: "print the active tab to a PDF file (0600); without PATH, into the download directory",
	MaxArgs: 1,
	Flags: []Flag{
		{Name: "landscape", Kind: Bool, Usage: "turn the paper"},
		{Name: "paper", Kind: String, Usage: "A4 or Letter (default)"},
		{Name: "background", Kind: Bool, Usage: "print background colours and images"},
	},
	Parse: func(in Input) (request.Request, error) {
		q := request.PDF{Landscape: in.Bool("landscape"), Paper: in.String("paper"), Background: in.Bool("background")}
		if len(in.Args) == 1 {
			q.Path = in.Args[0]
		}
		return q, nil
	},
}

// The commands and settings of a session's state and files: cookies, web
// storage, storage states, downloads and PDFs; a persistent profile.

// parseCookies reads cookies' three forms.
func parseCookies(in Input) (request.Request, error) {
	sub := ""
	if len(in.Args) > 0 {
		sub = in.Args[0]
	}
	urls := in.Multi("url")
	onlyFor := func(sub string, flags ...string) error {
		for _, f := range flags {
			if in.Has(f) {
				return usageErrorf("--%s is for cookies set, not cookies %s", f, sub)
			}
		}
		return nil
	}
	switch sub {
	case "":
		if err := onlyFor("(list)", "domain", "path", "http-only", "secure", "same-site", "expires"); err != nil {
			return nil, err
		}
		off, err := in.Int("offset", 0)
		if err != nil {
			return nil, err
		}
		return request.Cookies{URLs: urls, Offset: off}, nil
	case "clear":
		if len(in.Args) > 1 || len(urls) > 1 {
			return nil, usageErrorf("usage: agentbrowser cookies clear [--url URL]")
		}
		if err := onlyFor("clear", "domain", "path", "http-only", "secure", "same-site", "expires", "offset"); err != nil {
			return nil, err
		}
		q := request.ClearCookies{}
		if len(urls) == 1 {
			q.URL = urls[0]
		}
		return q, nil
	case "set":
		if in.Has("offset") {
			return nil, usageErrorf("--offset is for listing cookies, not cookies set")
		}
		if len(in.Args) != 3 || len(urls) > 1 {
			return nil, usageErrorf("usage: agentbrowser cookies set NAME VALUE (--url URL | --domain D) [--path P] [--http-only] [--secure] [--same-site Lax|Strict|None] [--expires UNIX]")
		}
		if len(urls) == 0 && !in.Has("domain") {
			// Where the cookie goes is part of the command line.
			return nil, usageErrorf("cookies set needs --url URL or --domain D: the site the cookie belongs to")
		}
		q := request.SetCookie{
			Name: in.Args[1], Value: in.Args[2], Domain: in.String("domain"), Path: in.String("path"),
			HTTPOnly: in.Bool("http-only"), Secure: in.Bool("secure"), SameSite: in.String("same-site"),
		}
		if len(urls) == 1 {
			q.URL = urls[0]
		}
		exp, err := in.Int("expires", 0)
		if err != nil {
			return nil, err
		}
		q.Expires = float64(exp)
		return q, nil
	}
	return nil, usageErrorf("cookies %q: want set or clear, or no argument to list them", sub)
}

// parseStorage reads storage KIND [OP [KEY [VALUE]]].
func parseStorage(in Input) (request.Request, error) {
	q := request.Storage{Kind: in.Args[0]}
	if len(in.Args) > 1 {
		q.Op = in.Args[1]
	}
	want := map[string]int{"": 1, events.StorageGet: 3, events.StorageSet: 4, events.StorageRemove: 3, events.StorageClear: 2}
	n, ok := want[q.Op]
	if q.Op == events.StorageGet && len(in.Args) == 2 {
		n = 2 // get with no key: every item
	}
	if !ok || len(in.Args) != n {
		return nil, usageErrorf("usage: agentbrowser storage local|session [get KEY | set KEY VALUE | remove KEY | clear]")
	}
	if len(in.Args) > 2 {
		q.Key = in.Args[2]
	}
	if len(in.Args) > 3 {
		q.Value = in.Args[3]
	}
	return q, nil
}
