package main_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The diagnostics pages: a checkout whose POST fails with a 500 and logs
// an error from a nested function, a 100 KB response for throttling, a
// page with a late largest image and a known layout shift, a slow button,
// and a page whose script reads an init script's global first.
const (
	checkoutHTML = `<!doctype html><title>checkout</title><p>Checkout</p>
<script>
function report(status) { console.error('checkout failed', status, {step: 'pay'}) }
function pay() {
  return fetch('/api/checkout', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({item: 'book', qty: 2})})
    .then(r => r.text().then(() => { document.title = 'paid ' + r.status; report(r.status) }))
}
pay()
</script>`
	vitalsHTML = `<!doctype html><title>vitals</title><style>body{margin:0;font:16px sans-serif} #ad{height:0}</style>
<div id=ad></div><h1 id=head>Vitals</h1><p id=para>Some text that is painted first.</p>
<button id=slow style="width:120px;height:40px" onclick="const t=performance.now(); while (performance.now()-t < 160) {}; this.textContent='done'">Slow</button>
<script>
setTimeout(() => { document.getElementById('ad').style.height = '200px' }, 300)
setTimeout(() => { const i = new Image(); i.id = 'hero'; i.width = 800; i.height = 500; i.src = '/hero.png'; document.body.appendChild(i) }, 500)
</script>`
	initHTML = `<!doctype html><title>init</title><script>document.title = 'init:' + String(window.__fromInit)</script>
<iframe name=cross src="{{CROSS}}/init-frame"></iframe>`
	initFrameHTML = `<!doctype html><title>frame</title><script>window.seen = String(window.__fromInit)</script>`
)

// diagSite serves the diagnostics pages on both origins.
func diagSite(t *testing.T) *testutil.Servers {
	testutil.RequireChrome(t)
	var hero bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 800, 500))
	for y := range 500 {
		for x := range 800 {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	if err := png.Encode(&hero, img); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("0123456789abcdef", 100*1024/16)
	return testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		switch r.URL.Path {
		case "/checkout":
			fmt.Fprint(w, checkoutHTML)
		case "/api/checkout":
			body, _ := io.ReadAll(r.Body)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprintf(w, `{"error":"card declined","got":%q}`, body)
		case "/big":
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, big)
		case "/vitals":
			fmt.Fprint(w, vitalsHTML)
		case "/hero.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(hero.Bytes())
		case "/init":
			fmt.Fprint(w, initHTML)
		case "/init-frame":
			fmt.Fprint(w, initFrameHTML)
		case "/frame-big":
			fmt.Fprint(w, `<!doctype html><title>fb</title><p>frame</p>`)
		case "/with-frame":
			fmt.Fprint(w, `<!doctype html><title>with frame</title><iframe name=cross src="{{CROSS}}/frame-big"></iframe>`)
		default:
			fmt.Fprintf(w, "<title>%s</title><p>page %s</p>", strings.Trim(r.URL.Path, "/"), r.URL.Path)
		}
	}))
}
