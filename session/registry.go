package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Starter starts a session for a task; Registry uses Start with a base
// Config by default.
type Starter func(ctx context.Context, taskID, cdpURL string) (*BrowserSession, error)

// Endpoint is where a task's browser comes from: a CDP URL, a Grid URL, or
// neither for a launched browser.
type Endpoint struct {
	CDPURL  string
	GridURL string
}

// EndpointStarter starts a session for a task on an Endpoint.
type EndpointStarter func(ctx context.Context, taskID string, ep Endpoint) (*BrowserSession, error)

// Registry maps task ids to sessions. One task has at most one session; a
// task that asks for a different endpoint gets a fresh session and the old
// one is closed, so no state is ever carried across endpoints. It is safe for
// concurrent use: concurrent GetOrStart calls for one task start one session.
type Registry struct {
	start EndpointStarter

	mu    sync.Mutex
	tasks map[string]*entry
}

// entry is one task's slot. ready is closed once sess or err is set, so that
// concurrent callers for the task wait for one start instead of racing.
type entry struct {
	ep    Endpoint
	ready chan struct{}
	sess  *BrowserSession
	err   error
}

// NewRegistry returns a Registry that starts sessions with start.
func NewRegistry(start Starter) *Registry {
	return NewEndpointRegistry(func(ctx context.Context, taskID string, ep Endpoint) (*BrowserSession, error) {
		if ep.GridURL != "" {
			return nil, fmt.Errorf("this registry's starter cannot use grid %s: build it with NewEndpointRegistry", ep.GridURL)
		}
		return start(ctx, taskID, ep.CDPURL)
	})
}

// NewEndpointRegistry returns a Registry that starts sessions with start,
// for CDP and Grid endpoints alike.
func NewEndpointRegistry(start EndpointStarter) *Registry {
	return &Registry{start: start, tasks: map[string]*entry{}}
}

// EndpointStarterFromConfig returns an EndpointStarter that copies base and
// sets the task id and the endpoint (base's Grid settings other than the URL
// apply to every Grid session).
func EndpointStarterFromConfig(base Config) EndpointStarter {
	return func(ctx context.Context, taskID string, ep Endpoint) (*BrowserSession, error) {
		cfg := base
		cfg.TaskID = taskID
		cfg.CDPURL = ep.CDPURL
		cfg.Grid.URL = ep.GridURL
		return Start(ctx, cfg)
	}
}

// StarterFromConfig returns a Starter that copies base and sets the task id
// and CDP URL.
func StarterFromConfig(base Config) Starter {
	return func(ctx context.Context, taskID, cdpURL string) (*BrowserSession, error) {
		cfg := base
		cfg.TaskID = taskID
		cfg.CDPURL = cdpURL
		return Start(ctx, cfg)
	}
}

// GetOrStart returns the task's session for cdpURL ("" means a launched
// browser), starting one if needed. A session whose browser is gone is
// replaced.
func (r *Registry) GetOrStart(ctx context.Context, taskID, cdpURL string) (*BrowserSession, error) {
	return r.GetOrStartAt(ctx, taskID, Endpoint{CDPURL: cdpURL})
}

// GetOrStartAt returns the task's session on ep, starting one if needed. A
// session whose browser is gone, or that is bound to another endpoint, is
// closed and replaced: a new Grid URL rebinds as a new CDP URL does.
func (r *Registry) GetOrStartAt(ctx context.Context, taskID string, ep Endpoint) (*BrowserSession, error) {
	for {
		r.mu.Lock()
		e, ok := r.tasks[taskID]
		if ok {
			r.mu.Unlock()
			select {
			case <-e.ready:
			case <-ctx.Done():
				return nil, fmt.Errorf("waiting for session %s: %w", taskID, ctx.Err())
			}
			r.mu.Lock()
			if r.tasks[taskID] != e {
				// Replaced while we waited; look again.
				r.mu.Unlock()
				continue
			}
			if e.err == nil && e.ep == ep && e.sess.alive() == nil {
				r.mu.Unlock()
				return e.sess, nil
			}
			// Failed, dead, or bound to another endpoint: drop it.
			delete(r.tasks, taskID)
			r.mu.Unlock()
			if e.sess != nil {
				e.sess.Close()
			}
			continue
		}
		e = &entry{ep: ep, ready: make(chan struct{})}
		r.tasks[taskID] = e
		r.mu.Unlock()

		e.sess, e.err = r.start(ctx, taskID, ep)
		close(e.ready)
		if e.err != nil {
			r.mu.Lock()
			if r.tasks[taskID] == e {
				delete(r.tasks, taskID)
			}
			r.mu.Unlock()
			return nil, e.err
		}
		return e.sess, nil
	}
}

// Get returns the task's running session.
func (r *Registry) Get(taskID string) (*BrowserSession, bool) {
	r.mu.Lock()
	e, ok := r.tasks[taskID]
	r.mu.Unlock()
	if !ok {
		return nil, false
	}
	select {
	case <-e.ready:
		return e.sess, e.err == nil
	default:
		return nil, false
	}
}

// Tasks lists the task ids with a session.
func (r *Registry) Tasks() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.tasks))
	for id := range r.tasks {
		out = append(out, id)
	}
	return out
}

// Stop closes the task's session, if any.
func (r *Registry) Stop(taskID string) error {
	r.mu.Lock()
	e, ok := r.tasks[taskID]
	delete(r.tasks, taskID)
	r.mu.Unlock()
	if !ok {
		return nil
	}
	<-e.ready
	if e.sess != nil {
		return e.sess.Close()
	}
	return nil
}

// Close stops every session.
func (r *Registry) Close() error {
	var errs []error
	for _, id := range r.Tasks() {
		errs = append(errs, r.Stop(id))
	}
	return errors.Join(errs...)
}
