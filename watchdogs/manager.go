package watchdogs

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"go.uber.org/fx"

	"github.com/agentbrowser/agentbrowser/session"
)

// ManagerParams collects the watchdogs fx provided.
type ManagerParams struct {
	fx.In
	Watchdogs []Watchdog `group:"watchdogs"`
}

// Manager starts a session's watchdogs in a stable order (by name) and stops
// them in reverse. It is the session.Extension that links fx's watchdogs to
// every BrowserSession.
type Manager struct {
	watchdogs []Watchdog
}

// NewManager sorts the watchdogs by name and rejects duplicate names. fx
// gives value groups in no fixed order; sorting makes start order stable.
func NewManager(p ManagerParams) (*Manager, error) {
	ws := slices.Clone(p.Watchdogs)
	ws = slices.DeleteFunc(ws, func(w Watchdog) bool { return w == nil })
	slices.SortFunc(ws, func(a, b Watchdog) int { return cmp.Compare(a.Name(), b.Name()) })
	for i := 1; i < len(ws); i++ {
		if ws[i].Name() == ws[i-1].Name() {
			return nil, fmt.Errorf("%w: %s", ErrDuplicateName, ws[i].Name())
		}
	}
	return &Manager{watchdogs: ws}, nil
}

// Names lists the watchdogs in start order.
func (m *Manager) Names() []string {
	out := make([]string, len(m.watchdogs))
	for i, w := range m.watchdogs {
		out[i] = w.Name()
	}
	return out
}

// Start attaches every watchdog to s. If one fails, those already attached
// are detached and the error names the watchdog.
func (m *Manager) Start(ctx context.Context, s *session.BrowserSession) (func(context.Context) error, error) {
	attached := make([]Attachment, 0, len(m.watchdogs))
	names := make([]string, 0, len(m.watchdogs))
	stop := func(ctx context.Context) error {
		var errs []error
		for i := len(attached) - 1; i >= 0; i-- {
			if err := attached[i].Detach(ctx); err != nil {
				errs = append(errs, fmt.Errorf("detaching watchdog %s: %w", names[i], err))
			}
		}
		return errors.Join(errs...)
	}
	for _, w := range m.watchdogs {
		a, err := w.Attach(ctx, s)
		if err != nil {
			return nil, errors.Join(fmt.Errorf("attaching watchdog %s: %w", w.Name(), err), stop(ctx))
		}
		if a == nil {
			a = DetachFunc(nil)
		}
		attached = append(attached, a)
		names = append(names, w.Name())
	}
	if s != nil {
		log := s.Logger()
		log.Debug().Strs("watchdogs", names).Msg("watchdogs attached")
	}
	return stop, nil
}

var _ session.Extension = (*Manager)(nil)

// Module provides the Manager.
var Module = fx.Module("watchdogs", fx.Provide(NewManager))
