package console

import (
	"context"
	"encoding/json"

	"github.com/mafredri/cdp/protocol/runtime"

	"github.com/agentbrowser/agentbrowser/events"
)

// maxStack bounds the frames a message keeps, over its stack and the
// asynchronous stacks that led to it.
const maxStack = 40

// item is one kept message: the log's line and what a message in full
// adds (its arguments, its stack, the column of its source location).
type item struct {
	msg    events.ConsoleMessage
	args   []events.ConsoleArg
	stack  *runtime.StackTrace
	column int
}

// args converts a call's arguments, each value cut at MaxText characters.
func (st *store) args(in []runtime.RemoteObject) []events.ConsoleArg {
	out := make([]events.ConsoleArg, 0, len(in))
	for _, o := range in {
		a := events.ConsoleArg{Type: o.Type}
		if o.Subtype != nil {
			a.Subtype = *o.Subtype
		}
		if o.Description != nil {
			a.Description = cut(*o.Description, st.cfg.MaxText)
		}
		switch {
		case o.UnserializableValue != nil:
			a.Description = string(*o.UnserializableValue)
		case len(o.Value) > st.cfg.MaxText:
			if a.Description == "" {
				a.Description = cut(valueString(o), st.cfg.MaxText)
			}
		case len(o.Value) > 0:
			a.Value = json.RawMessage(o.Value)
		}
		out = append(out, a)
	}
	return out
}

// frames flattens a stack and its asynchronous parents, innermost first.
func frames(s *runtime.StackTrace) []events.StackFrame {
	out := []events.StackFrame{}
	async := ""
	for ; s != nil && len(out) < maxStack; s = s.Parent {
		for i, cf := range s.CallFrames {
			if len(out) == maxStack {
				break
			}
			f := events.StackFrame{Function: cf.FunctionName, URL: cf.URL, Line: cf.LineNumber + 1, Column: cf.ColumnNumber + 1}
			if i == 0 {
				f.Async = async
			}
			out = append(out, f)
		}
		async = "async"
		if s.Parent != nil && s.Parent.Description != nil && *s.Parent.Description != "" {
			async = *s.Parent.Description
		}
	}
	return out
}

// lookup finds message id in any tab's rings.
func (st *store) lookup(id string) (events.ConsoleMessageDetail, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	for tab, tc := range st.tabs {
		for _, r := range []*ring{&tc.all, &tc.important} {
			for i := range r.n {
				it := &r.buf[(r.start+i)%len(r.buf)]
				if it.msg.ID == id {
					return events.ConsoleMessageDetail{ConsoleMessage: it.msg, TabID: tab, Column: it.column,
						Args: append([]events.ConsoleArg{}, it.args...), Stack: frames(it.stack)}, true
				}
			}
		}
	}
	return events.ConsoleMessageDetail{}, false
}

// get answers ConsoleGetEvent.
func (a *attachment) get(ctx context.Context, e events.ConsoleGetEvent) (events.ConsoleMessageDetail, error) {
	if e.ID == "" {
		return events.ConsoleMessageDetail{}, events.Errorf(events.CodeInvalidArgument, "a console message's id is needed (c-1, c-2, ...); the console log lists them")
	}
	d, ok := a.store.lookup(e.ID)
	if !ok {
		return d, events.Errorf(events.CodeNotFound, "no console message %q is kept: it was cleared or fell out of the log (each tab keeps its last messages); list the ids with the console log", e.ID)
	}
	return d, nil
}
