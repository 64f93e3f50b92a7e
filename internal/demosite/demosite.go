// Package demosite serves the small embedded site that "agentbrowser demo"
// walks through, on two loopback origins so that its payment iframe is
// cross-origin (and, with site isolation, out of process).
package demosite

import (
	"embed"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"
)

//go:embed site
var site embed.FS

// Site is two running origins serving the demo pages.
type Site struct {
	Main  string // http://127.0.0.1:PORT
	Cross string // http://localhost:PORT

	servers []*http.Server
	wg      sync.WaitGroup
}

// Start serves the site on 127.0.0.1 and on localhost, each on a free port.
func Start() (*Site, error) {
	sub, _ := fs.Sub(site, "site")
	s := &Site{}
	lmain, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	lcross, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		lmain.Close()
		return nil, err
	}
	s.Main = "http://" + lmain.Addr().String()
	s.Cross = "http://" + strings.Replace(lcross.Addr().String(), "127.0.0.1", "localhost", 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(r.URL.Path, "/")
		if p == "" {
			p = "index.html"
		}
		b, err := fs.ReadFile(sub, p)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		body := strings.ReplaceAll(string(b), "{{CROSS}}", s.Cross)
		body = strings.ReplaceAll(body, "{{MAIN}}", s.Main)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(body))
	})
	for _, l := range []net.Listener{lmain, lcross} {
		srv := &http.Server{Handler: h}
		s.servers = append(s.servers, srv)
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			srv.Serve(l)
		}()
	}
	return s, nil
}

// Close stops both origins and waits for them.
func (s *Site) Close() error {
	for _, srv := range s.servers {
		srv.Close()
	}
	s.wg.Wait()
	return nil
}
