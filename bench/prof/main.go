package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"time"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/cdpmux"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

func main() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><style>body{margin:0}</style><button id=b style="position:absolute;left:0;top:0;width:100px;height:40px" onclick="window.n=(window.n||0)+1">Hit</button>`)
	}))
	ctx := context.Background()
	s, err := standard.Start(ctx, session.Config{Launch: session.LaunchConfig{Path: "/usr/bin/chromium"}})
	if err != nil {
		panic(err)
	}
	defer s.Close()
	actions.Navigate(ctx, s, srv.URL, actions.NavigateOptions{})
	snap, _ := actions.Snapshot(ctx, s, events.SnapshotOptions{})
	ref := events.Ref(regexp.MustCompile(`ref=(e\d+)`).FindStringSubmatch(snap.Text)[1])
	for i := 0; i < 5; i++ {
		actions.ClickAt(ctx, s, 50, 20)
		actions.Click(ctx, s, ref)
		actions.Evaluate(ctx, s, "1+1")
	}
	which := os.Args[1]
	for i := 0; i < 3; i++ {
		cdpmux.TraceMark("start " + which)
		t := time.Now()
		switch which {
		case "xy":
			_, err = actions.ClickAt(ctx, s, 50, 20)
		case "ref":
			_, err = actions.Click(ctx, s, ref)
		case "eval":
			_, err = actions.Evaluate(ctx, s, "1+1")
		case "nav":
			_, err = actions.Navigate(ctx, s, srv.URL+"/?x", actions.NavigateOptions{})
		}
		cdpmux.TraceMark(fmt.Sprintf("end %s %v %v", which, time.Since(t), err))
	}
}
