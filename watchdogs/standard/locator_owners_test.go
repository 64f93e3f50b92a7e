package standard_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/testkit"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/standard"
)

// Every owner that takes a ref takes a locator: the evaluate watchdog's
// element evaluation, hover, select, check and screenshot of one element.
func TestLocatorsReachEveryOwner(t *testing.T) {
	srv := testutil.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>owners</title>
<p id=out>none</p>
<label>Colour <select><option>Red</option><option>Blue</option></select></label>
<label><input type=checkbox> Agree</label>
<span data-testid=tip onmouseenter="out.textContent='hovered'" style="display:inline-block;width:80px;height:20px">Tip</span>
<input data-testid=name value="Ada">`)
	}))
	m, err := standard.NewManager()
	require.NoError(t, err)
	s := testkit.Session(t, session.Config{Extensions: []session.Extension{m}})
	ctx, cancel := context.WithTimeout(t.Context(), testkit.Ceiling)
	defer cancel()
	_, err = actions.Navigate(ctx, s, srv.MainURL("/"), actions.NavigateOptions{})
	require.NoError(t, err)

	v, err := actions.Do(ctx, s, events.EvaluateEvent{Ref: "testid=name", Function: "el => el.value", ReturnByValue: true})
	require.NoError(t, err)
	assert.Equal(t, "Ada", v.Value)
	_, err = actions.Do(ctx, s, events.EvaluateEvent{Ref: "testid=nobody", Function: "el => el.value"})
	assert.Equal(t, events.CodeElementNotFound, actions.Code(err))
	_, err = actions.Do(ctx, s, events.EvaluateEvent{Ref: "role=buton", Function: "el => el.value"})
	assert.Equal(t, events.CodeInvalidArgument, actions.Code(err))

	r, err := actions.Select(ctx, s, "label=colour", "Blue")
	require.NoError(t, err)
	require.Len(t, r.Details.Selected, 1)
	assert.Equal(t, "Blue", r.Details.Selected[0].Label)

	r, err = actions.SetChecked(ctx, s, `role=checkbox[name="Agree"]`, true)
	require.NoError(t, err)
	assert.True(t, *r.Details.Checked)

	_, err = actions.Hover(ctx, s, "testid=tip")
	require.NoError(t, err)
	out, err := actions.Evaluate(ctx, s, "out.textContent")
	require.NoError(t, err)
	assert.Equal(t, "hovered", out.Value)

	shot, err := actions.Screenshot(ctx, s, events.ScreenshotEvent{Ref: "testid=tip"})
	require.NoError(t, err)
	assert.InDelta(t, 80, shot.Width, 2)

	rr, err := actions.ResolveRef(ctx, s, "text=Tip")
	require.NoError(t, err)
	assert.NotZero(t, rr.BackendNodeID)
}
