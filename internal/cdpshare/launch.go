package cdpshare

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/rs/zerolog"
)

// firstAnswerTimeout bounds the wait for a launched browser's first answer
// when the caller's context has no earlier deadline.
const firstAnswerTimeout = 30 * time.Second

// Process is a launched browser as Launch needs it (session.Process is
// one): its pipe, what it printed once it exited, and a way to stop it.
type Process interface {
	Pipe() (r io.ReadCloser, w io.WriteCloser)
	LastWords() string
	Close() error
}

// Launch starts a browser with start (a session.Launch over the pipe) and
// a broker on its pipe, and returns once the browser has answered a first
// call through the broker. Chromium now and then dies as it starts (a
// segmentation fault; it failed CI runs here): a browser that does not
// answer its first call is launched once more, as session.Start does with
// a browser it launches, and a second failure is reported with what the
// browser printed. A browser that cannot be started at all is reported
// at once. The caller serves the broker and closes both.
func Launch[P Process](ctx context.Context, start func(context.Context) (P, error), log zerolog.Logger) (P, *Broker, error) {
	ctx, cancel := context.WithTimeout(ctx, firstAnswerTimeout)
	defer cancel()
	p, b, err := launchOnce(ctx, start, log)
	if errors.Is(err, errNoFirstAnswer) && ctx.Err() == nil {
		log.Warn().Err(err).Msg("the shared browser did not answer as it started; launching it again")
		p, b, err = launchOnce(ctx, start, log)
	}
	return p, b, err
}

// errNoFirstAnswer is a started browser's failure to answer its first
// call, which Launch tries again; a browser that could not be started at
// all (no such file, a bad flag) is reported at once.
var errNoFirstAnswer = errors.New("the shared browser did not answer its first call")

func launchOnce[P Process](ctx context.Context, start func(context.Context) (P, error), log zerolog.Logger) (P, *Broker, error) {
	var none P
	p, err := start(ctx)
	if err != nil {
		return none, nil, err
	}
	r, w := p.Pipe()
	b := New(r, w, log)
	if _, err := b.call(ctx, "Browser.getVersion", struct{}{}); err != nil {
		b.Close()
		out := p.LastWords()
		p.Close()
		return none, nil, fmt.Errorf("%w: %w (it printed: %q)", errNoFirstAnswer, err, out)
	}
	return p, b, nil
}
