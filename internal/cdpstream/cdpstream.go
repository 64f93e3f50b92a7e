// Package cdpstream opens groups of mafredri/cdp event streams that are read
// together and closed together. Those streams buffer without bound until
// closed, so a group that fails half way must close exactly the streams it
// opened; Group keeps that bookkeeping in one place.
package cdpstream

import (
	"context"
	"fmt"

	"github.com/mafredri/cdp/rpcc"
)

// Group is a set of streams opened one by one. After the first failure
// further opens do nothing and Err reports it. The zero value is ready.
type Group struct {
	all []rpcc.Stream
	err error
}

// Open opens one stream with open and stores it in dst, unless an earlier
// open of g failed.
func Open[S rpcc.Stream](ctx context.Context, g *Group, dst *S, open func(context.Context) (S, error)) {
	if g.err != nil {
		return
	}
	s, err := open(ctx)
	if err != nil {
		g.err = err
		return
	}
	*dst = s
	g.all = append(g.all, s)
}

// Err is the first open's error, or nil.
func (g *Group) Err() error { return g.err }

// Sync makes the group's streams deliver in the order the events arrived
// (rpcc.Sync), after checking that every open succeeded. On error the caller
// should Close the group.
func (g *Group) Sync() error {
	if g.err != nil {
		return g.err
	}
	if len(g.all) < 2 {
		return nil
	}
	// The generated clients wrap rpcc's streams; Sync wants the streams.
	raw := make([]rpcc.Stream, len(g.all))
	for i, st := range g.all {
		raw[i] = st
		if w, ok := st.(interface{ GetStream() rpcc.Stream }); ok {
			raw[i] = w.GetStream()
		}
	}
	if err := rpcc.Sync(raw...); err != nil {
		return fmt.Errorf("synchronising streams: %w", err)
	}
	return nil
}

// Close closes every stream the group opened. It is idempotent.
func (g *Group) Close() {
	for _, s := range g.all {
		_ = s.Close()
	}
	g.all = nil
}
