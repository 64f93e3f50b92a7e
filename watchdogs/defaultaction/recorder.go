package defaultaction

import (
	"context"

	"github.com/agentbrowser/agentbrowser/internal/snapshot"
	"github.com/agentbrowser/agentbrowser/session"
)

// installRecorder puts the snapshot's listener record in every document
// of t (a tab or an out-of-process frame) before the page's own scripts,
// so that elements script makes things to act on get refs (see
// snapshot.InstallRecorder). Without it snapshots still work, from markup
// and style alone: a failure is logged, not returned.
func (a *attachment) installRecorder(ctx context.Context, t *session.Target) error {
	if err := snapshot.InstallRecorder(ctx, t.Conn); err != nil {
		a.log.Debug().Err(err).Str("target", string(t.ID)).Msg("installing the listener record failed")
	}
	return nil
}
