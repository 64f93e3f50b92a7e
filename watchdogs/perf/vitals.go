package perf

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"sync"

	"github.com/mafredri/cdp/rpcc"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
)

//go:embed vitals.js
var vitalsJS string

// vitalsWorld is the isolated world the observer runs in.
const vitalsWorld = "agentbrowser_vitals"

// readVitals reads the observer's figures in its world.
const readVitals = `globalThis.__agentbrowserVitals ? globalThis.__agentbrowserVitals.read() : null`

// targetLister is a host that lists its targets.
type targetLister interface {
	Targets() []*session.Target
}

// vitalsInstall is the observer's installation in a session: every tab
// has it as a new-document script of its isolated world.
type vitalsInstall struct {
	unhook func()
	mu     sync.Mutex
	done   map[*session.Target]bool
}

func (v *vitalsInstall) remove() { v.unhook() }

// addTo installs the observer in t's new documents, and runs it in the
// current one.
func (v *vitalsInstall) addTo(ctx context.Context, t *session.Target) error {
	if !t.IsPage() {
		return nil
	}
	v.mu.Lock()
	had := v.done[t]
	v.done[t] = true
	v.mu.Unlock()
	if had {
		return nil
	}
	err := rpcc.Invoke(ctx, "Page.addScriptToEvaluateOnNewDocument",
		map[string]any{"source": vitalsJS, "worldName": vitalsWorld, "runImmediately": true}, nil, t.Conn)
	if err != nil {
		v.mu.Lock()
		delete(v.done, t)
		v.mu.Unlock()
		return fmt.Errorf("installing the vitals observer: %w", err)
	}
	return nil
}

// install starts installing the observer in every tab; a.mu is held.
func (a *attachment) install(ctx context.Context) {
	v := &vitalsInstall{done: map[*session.Target]bool{}}
	v.unhook = a.s.OnTargetAttached(func(ctx context.Context, t *session.Target) error {
		if err := v.addTo(ctx, t); err != nil {
			a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("vitals observer on a new tab")
		}
		return nil
	})
	if l, err := watchdogs.HostAs[targetLister](a.s, Name, "a session that lists its targets"); err == nil {
		for _, t := range l.Targets() {
			if err := v.addTo(ctx, t); err != nil {
				a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("vitals observer on a tab")
			}
		}
	}
	a.vitals = v
}

// vitalsOf answers VitalsEvent.
func (a *attachment) vitalsOf(ctx context.Context, e events.VitalsEvent) (events.Vitals, error) {
	tab, err := a.s.Tab(e.TabID)
	if err != nil {
		return events.Vitals{}, err
	}
	if err := a.mu.Lock(ctx); err != nil {
		return events.Vitals{}, err
	}
	if a.vitals == nil {
		a.install(ctx)
	}
	v := a.vitals
	a.mu.Unlock()
	if err := v.addTo(ctx, tab); err != nil {
		return events.Vitals{}, err
	}
	var world struct {
		ID int64 `json:"executionContextId"`
	}
	if err := rpcc.Invoke(ctx, "Page.createIsolatedWorld", map[string]any{"frameId": string(tab.ID), "worldName": vitalsWorld}, &world, tab.Conn); err != nil {
		return events.Vitals{}, fmt.Errorf("reaching the vitals observer's world: %w", err)
	}
	// The observer runs in documents loaded since its installation; one
	// that predates it gets it now, reading the browser's buffers.
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	if err := rpcc.Invoke(ctx, "Runtime.evaluate", map[string]any{"expression": vitalsJS + "\n;" + readVitals, "contextId": world.ID, "returnByValue": true}, &r, tab.Conn); err != nil {
		return events.Vitals{}, fmt.Errorf("reading the vitals: %w", err)
	}
	if r.ExceptionDetails != nil {
		return events.Vitals{}, fmt.Errorf("reading the vitals: %s", r.ExceptionDetails.Text)
	}
	var raw struct {
		URL       string           `json:"url"`
		Observing bool             `json:"observing"`
		TTFB      *float64         `json:"ttfb_ms"`
		FCP       *float64         `json:"fcp_ms"`
		LCP       *events.VitalLCP `json:"lcp"`
		CLS       *events.VitalCLS `json:"cls"`
		INP       *events.VitalINP `json:"inp"`
	}
	if err := json.Unmarshal(r.Result.Value, &raw); err != nil || raw.URL == "" {
		return events.Vitals{}, fmt.Errorf("the vitals observer gave no figures (%s)", r.Result.Value)
	}
	out := events.Vitals{TabID: tab.ID, URL: raw.URL, Observing: raw.Observing, TTFBMS: round(raw.TTFB), FCPMS: round(raw.FCP), LCP: raw.LCP, CLS: raw.CLS, INP: raw.INP}
	if out.LCP != nil {
		out.LCP.MS = round1(out.LCP.MS)
	}
	if out.CLS != nil {
		out.CLS.Score = round4(out.CLS.Score)
	}
	return out, nil
}

func round(f *float64) *float64 {
	if f == nil || math.IsNaN(*f) {
		return nil
	}
	return ptr(round1(*f))
}
