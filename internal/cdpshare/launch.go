package cdpshare

import (
	"context"
	"fmt"
	"time"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/session"
)

// firstAnswerTimeout bounds the wait for a launched browser's first answer
// when the caller's context has no earlier deadline.
const firstAnswerTimeout = 30 * time.Second

// Launch starts a browser over its pipe (session.Launch) with a broker on
// it, and returns once the browser has answered a first call through the
// broker. Chromium now and then dies as it starts (a segmentation fault;
// it failed CI runs here): a browser that does not answer its first call
// is launched once more, as session.Start does with a browser it
// launches, and a second failure is reported. The caller serves the
// broker and closes both.
func Launch(ctx context.Context, cfg session.LaunchConfig, log zerolog.Logger) (*session.Process, *Broker, error) {
	ctx, cancel := context.WithTimeout(ctx, firstAnswerTimeout)
	defer cancel()
	p, b, err := launchOnce(ctx, cfg, log)
	if err != nil && ctx.Err() == nil {
		log.Warn().Err(err).Msg("the shared browser did not answer as it started; launching it again")
		p, b, err = launchOnce(ctx, cfg, log)
	}
	return p, b, err
}

func launchOnce(ctx context.Context, cfg session.LaunchConfig, log zerolog.Logger) (*session.Process, *Broker, error) {
	p, err := session.Launch(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	r, w := p.Pipe()
	b := New(r, w, log)
	if _, err := b.call(ctx, "Browser.getVersion", struct{}{}); err != nil {
		b.Close()
		out := p.LastWords()
		p.Close()
		return nil, nil, fmt.Errorf("the shared browser did not answer its first call: %w (it printed: %q)", err, out)
	}
	return p, b, nil
}
