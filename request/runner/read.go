package runner

import (
	"context"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/request"
)

// snapshot takes the tab's state (actions.State:
// BrowserStateRequestEvent), its tree diffed against the tab's last one
// with Diff.
func snapshot(ctx context.Context, b *Browser, q request.Snapshot) (events.PageState, error) {
	st, err := actions.State(ctx, b.s, events.BrowserStateRequestEvent{
		Snapshot: events.SnapshotOptions{Interactive: q.Interactive, MaxDepth: q.MaxDepth, Scope: q.Scope.AsRef(), MaxChars: q.MaxChars,
			Find: q.Find, Cursor: q.Cursor, Full: q.Full},
		SkipTree: q.NoTree,
	})
	if err != nil {
		return st, err
	}
	return b.track(st, q.Diff), nil
}

// eval evaluates a script (EvaluateEvent) in a frame, or as a function of
// an element.
func eval(ctx context.Context, b *Browser, q request.Eval) (events.EvaluateResult, error) {
	e := events.EvaluateEvent{AwaitPromise: true, ReturnByValue: true}
	if !q.Ref.IsZero() {
		e.Ref, e.Function = q.Ref.AsRef(), q.Expression
	} else {
		frame, err := b.resolveFrame(ctx, q.Frame)
		if err != nil {
			return events.EvaluateResult{}, err
		}
		e.Expression, e.FrameID = q.Expression, frame
	}
	return actions.Do(ctx, b.s, e)
}

func console(ctx context.Context, b *Browser, q request.Console) (events.ConsoleResult, error) {
	return actions.Console(ctx, b.s, actions.ConsoleOptions{All: q.All, Clear: q.Clear})
}

func network(ctx context.Context, b *Browser, q request.Network) (events.NetworkResult, error) {
	return actions.Network(ctx, b.s, q.Clear)
}

func stats(ctx context.Context, b *Browser, q request.Stats) (request.StatsResult, error) {
	st, err := actions.EvaluateStats(ctx, b.s)
	return request.StatsResult{Evaluate: st}, err
}

func frames(ctx context.Context, b *Browser, q request.Frames) (events.FramesResult, error) {
	return actions.Frames(ctx, b.s)
}

func cdp(ctx context.Context, b *Browser, q request.CDP) (events.CDPCallResult, error) {
	frame, err := b.resolveFrame(ctx, q.Frame)
	if err != nil {
		return events.CDPCallResult{}, err
	}
	res, err := actions.CDP(ctx, b.s, q.Method, q.Params, frame)
	return events.CDPCallResult{Result: res}, err
}

// track records a snapshot's tree as the tab's latest; with diff it
// replaces the tree with the lines changed since the previous one and adds
// snapshot_diff (full, changed, removed_refs, changed_refs). Options that
// cut the tree (scope, depth, interactive) give a different text, so diff
// against a snapshot taken with the same options.
func (b *Browser) track(st events.PageState, diff bool) events.PageState {
	if st.Tree == nil || st.TabID == "" {
		return st
	}
	d := b.snapshots.Diff(st.TabID, st.Tree.Text)
	if diff {
		tree := *st.Tree
		tree.Text = d.Text
		st.Tree = &tree
		d.Text = ""
		st.SnapshotDiff = &d
	}
	return st
}
