package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/internal/cli"
	"github.com/agentbrowser/agentbrowser/internal/demosite"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// demoStep is one stage of the walk: it acts and describes what it saw.
type demoStep struct {
	title string
	run   func(ctx context.Context, d *demo) (string, error)
}

type demo struct {
	s    *session.BrowserSession
	site *demosite.Site
	out  io.Writer
}

// demoSteps is the walk, in order: the first two steps here, the rest in
// cmd_demo_steps.go.
func demoSteps() []demoStep { return append(append([]demoStep{}, demoOpening...), demoWalk...) }

// demoOpening opens the shop and clicks by coordinates.
var demoOpening = []demoStep{
	demoStep{"open the demo shop", func(ctx context.Context, d *demo) (string, error) {
		r, err := actions.Navigate(ctx, d.s, d.site.Main+"/", actions.NavigateOptions{})
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("loaded %s (title %q)", r.URL, r.Title), nil
	}},
	demoStep{"click 'Add to cart' by viewport coordinates (100,100)", func(ctx context.Context, d *demo) (string, error) {
		if _, err := actions.ClickAt(ctx, d.s, 100, 100); err != nil {
			return "", err
		}
		r, err := actions.Evaluate(ctx, d.s, "document.getElementById('count').textContent")
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("cart count is now %v", r.Value), nil
	}},
}

func runDemo(ctx context.Context, out io.Writer, stepBudget time.Duration) (cli.Result, error) {
	site, err := demosite.Start()
	if err != nil {
		return nil, err
	}
	defer site.Close()
	fmt.Fprintf(out, "agentbrowser demo: serving the demo site on %s and %s\n", site.Main, site.Cross)
	startCtx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	t0 := time.Now()
	s, err := standard.Start(startCtx, session.Config{TaskID: "demo", Launch: session.LaunchConfig{SitePerProcess: true}})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	fmt.Fprintf(out, "launched %s in %v\n\n", s.Version(), time.Since(t0).Round(time.Millisecond))
	d := &demo{s: s, site: site, out: out}
	failed, steps := 0, demoSteps()
	for i, st := range steps {
		fmt.Fprintf(out, "%2d. %s\n", i+1, st.title)
		sctx, cancel := context.WithTimeout(ctx, stepBudget)
		t := time.Now()
		msg, err := st.run(sctx, d)
		cancel()
		dur := time.Since(t).Round(time.Millisecond)
		if err != nil {
			failed++
			b := actions.Describe(err)
			fmt.Fprintf(out, "    FAILED [%s] %s (%v)\n", b.Code, b.Message, dur)
			continue
		}
		for _, line := range strings.Split(strings.TrimRight(msg, "\n"), "\n") {
			fmt.Fprintf(out, "    %s\n", line)
		}
		fmt.Fprintf(out, "    (%v)\n", dur)
	}
	fmt.Fprintf(out, "\n%d steps, %d failed\n", len(steps), failed)
	if failed > 0 {
		return nil, fmt.Errorf("demo: %d of %d steps failed", failed, len(steps))
	}
	return cli.Result{"steps": len(steps), "text": "demo finished: every step worked"}, nil
}
