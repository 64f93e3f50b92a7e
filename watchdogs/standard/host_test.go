package standard_test

import (
	"context"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs"
	"github.com/agentbrowser/agentbrowser/watchdogs/console"
	"github.com/agentbrowser/agentbrowser/watchdogs/defaultaction"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
	"github.com/agentbrowser/agentbrowser/watchdogs/evaluate"
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
	"github.com/agentbrowser/agentbrowser/watchdogs/network"
)

// busOnlyHost offers exactly watchdogs.Host and nothing more.
type busOnlyHost struct{ b *bus.Bus }

func (h busOnlyHost) Bus() *bus.Bus                                       { return h.b }
func (h busOnlyHost) Logger() zerolog.Logger                              { return zerolog.Nop() }
func (h busOnlyHost) OnTargetAttached(session.AttachHook) (remove func()) { return func() {} }
func (h busOnlyHost) OnTargetDetached(session.DetachHook) (remove func()) { return func() {} }
func (h busOnlyHost) Tab(events.TargetID) (*session.Target, error)        { return nil, session.ErrNoTab }

// Each standard watchdog either attaches to a host that offers only
// watchdogs.Host, or refuses with ErrHostUnsupported and says what it needs.
func TestStandardWatchdogsOnAPlainHost(t *testing.T) {
	must := func(w watchdogs.Watchdog, err error) watchdogs.Watchdog {
		t.Helper()
		require.NoError(t, err)
		return w
	}
	for _, tc := range []struct {
		w     watchdogs.Watchdog
		needs string // empty: Host is enough
	}{
		{w: must(console.New(console.Params{}))},
		{w: must(network.New(network.Params{}))},
		{w: must(dialog.New(dialog.Params{}))},
		{w: must(dialog.New(dialog.Params{Config: &dialog.Config{Bridge: true}})), needs: "the dialog watchdog needs a browser session that can intercept requests for its bridge"},
		{w: must(frame.New(frame.Params{})), needs: "the frame watchdog needs a browser session that can look targets up and make raw CDP calls"},
		{w: must(defaultaction.New(defaultaction.Params{})), needs: "the default_action watchdog needs a full browser session"},
		{w: must(evaluate.New(evaluate.Params{})), needs: "the evaluate watchdog needs a full browser session"},
	} {
		t.Run(tc.w.Name()+"/"+tc.needs, func(t *testing.T) {
			h := busOnlyHost{b: bus.New(bus.Config{})}
			defer h.b.Close()
			att, err := tc.w.Attach(t.Context(), h)
			if tc.needs != "" {
				require.ErrorIs(t, err, watchdogs.ErrHostUnsupported)
				require.ErrorContains(t, err, tc.needs)
				require.Nil(t, att)
				return
			}
			require.NoError(t, err)
			require.NoError(t, att.Detach(context.WithoutCancel(t.Context())))
		})
	}
}
