package main

import (
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// server serves the benchmark pages on two loopback origins, 127.0.0.1
// (main) and localhost (cross), so a frame of one in the other is
// cross-origin and, with --site-per-process, out of process.
type server struct {
	main, cross string
	ln1, ln2    net.Listener
}

func startServer() (*server, error) {
	ln1, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &server{ln1: ln1, ln2: ln2,
		main:  "http://" + ln1.Addr().String(),
		cross: "http://localhost:" + strconv.Itoa(ln2.Addr().(*net.TCPAddr).Port)}
	go http.Serve(ln1, http.HandlerFunc(s.page))
	go http.Serve(ln2, http.HandlerFunc(s.page))
	return s, nil
}

func (s *server) close() { s.ln1.Close(); s.ln2.Close() }

const head = `<!doctype html><meta charset=utf-8><style>body{margin:0;font:14px sans-serif}</style>`

func (s *server) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	switch r.URL.Path {
	case "/click":
		// The button sits below the fold: the first click scrolls it into
		// view, and every click checks that nothing covers it.
		fmt.Fprint(w, head+`<title>click</title><p>top</p><div style="height:1500px"></div>
<button id=b style="width:140px;height:40px" onclick="window.n=(window.n||0)+1">Go</button><div style="height:1500px"></div>`)
	case "/xy", "/inner":
		fmt.Fprint(w, head+`<title>xy</title><button id=b style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="window.n=(window.n||0)+1">Hit</button>`)
	case "/frame":
		fmt.Fprintf(w, head+`<title>frame</title><iframe id=f src="%s/inner" style="position:absolute;left:50px;top:60px;width:400px;height:300px;border:0"></iframe>`, s.cross)
	case "/dialog":
		fmt.Fprint(w, head+`<title>dialog</title><button id=b style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="alert('hello')">Alert</button>`)
	case "/nav1", "/nav2":
		fmt.Fprint(w, head+`<title>`+r.URL.Path[1:]+`</title><h1>Page `+r.URL.Path[1:]+`</h1><p>A small page.</p><a href="/nav1">one</a> <a href="/nav2">two</a>`)
	case "/type":
		fmt.Fprint(w, head+`<title>type</title><input id=t aria-label=Name style="position:absolute;left:0;top:0;width:300px">`)
	case "/big":
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		var sb strings.Builder
		sb.WriteString(head + `<title>big</title><h1>Rows</h1><ul>`)
		for i := range n {
			fmt.Fprintf(&sb, `<li><button>Edit %d</button></li>`, i)
		}
		sb.WriteString(`</ul>`)
		fmt.Fprint(w, sb.String())
	case "/tab":
		fmt.Fprint(w, head+`<title>tab</title><button id=b style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="window.n=(window.n||0)+1">Count</button>
<input id=t aria-label=Text style="position:absolute;left:0;top:60px;width:300px"><p style="margin-top:100px">Some text</p>`)
	default:
		fmt.Fprint(w, head+`<title>blank</title>`)
	}
}
