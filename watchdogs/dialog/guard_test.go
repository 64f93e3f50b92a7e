package dialog_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/watchdogs/dialog"
)

// answersWhileBlocked lists the events with a tab that must not be vetoed
// while a dialog is open: state, lookups, the dialog events themselves, raw
// CDP calls (an escape hatch that may be needed to deal with the dialog)
// and the session's notifications.
var answersWhileBlocked = []string{
	"BrowserStateRequestEvent", "ResolveRefEvent", "DialogRespondEvent", "DialogsEvent",
	"FramesEvent", "FrameLookupEvent", "CDPCallEvent", "ConsoleEvent", "NetworkEvent", "NetworkGetEvent",
	"TargetAttachedEvent", "TargetDetachedEvent", "StopBusyScriptEvent",
}

// TestGuardRegistry keeps the guard list in step with package events: every
// event with a TargetTab method is guarded, and every event with a TabID
// field either has one or is listed above as answering while blocked.
func TestGuardRegistry(t *testing.T) {
	files, err := filepath.Glob("../../events/*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	var scoped, withTab []string
	for _, f := range files {
		if filepath.Ext(f) != ".go" || len(f) > 8 && f[len(f)-8:] == "_test.go" {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && d.Name.Name == "TargetTab" {
					if id, ok := d.Recv.List[0].Type.(*ast.Ident); ok {
						scoped = append(scoped, id.Name)
					}
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					ts, ok := s.(*ast.TypeSpec)
					if !ok {
						continue
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fld := range st.Fields.List {
						for _, n := range fld.Names {
							if n.Name == "TabID" && len(ts.Name.Name) > 5 && ts.Name.Name[len(ts.Name.Name)-5:] == "Event" {
								withTab = append(withTab, ts.Name.Name)
							}
						}
					}
				}
			}
		}
	}
	slices.Sort(scoped)
	guarded := dialog.GuardedEvents()
	slices.Sort(guarded)
	require.Equal(t, scoped, guarded, "every events type with TargetTab must be in the dialog guard list")
	for _, name := range withTab {
		if !slices.Contains(scoped, name) && !slices.Contains(answersWhileBlocked, name) {
			t.Errorf("events.%s has a TabID but no TargetTab method: add one in events/tabscoped.go (or list it in answersWhileBlocked)", name)
		}
	}
}

func requireBlocked(t *testing.T, err error, d events.DialogInfo) {
	t.Helper()
	require.Equal(t, events.CodeDialogBlocking, code(err), "%v", err)
	var ve *bus.VetoError
	require.True(t, errors.As(err, &ve), "not vetoed: %v", err)
	require.Equal(t, dialog.Name, ve.Guard)
	var ce *events.Error
	require.ErrorAs(t, err, &ce)
	require.Equal(t, d.ID, ce.Details.DialogID)
	require.Equal(t, new(d.Message), ce.Details.Message)
}

func TestGuardBlocksActions(t *testing.T) {
	e := newEnv(t, dialog.Config{})
	tab := e.open("/plain")
	other, err := e.s.NewTab(e.ctx(), e.srv.MainURL("/plain"))
	require.NoError(t, err)
	// A background tab handles input slowly: bring the first one back.
	_, err = actions.Do(e.ctx(), e.s, events.SwitchTabEvent{ID: tab.ID})
	require.NoError(t, err)

	e.eval("", `ask('confirm', 'Leave the page?')`)
	d := e.waitOpened()
	const ceiling = 2 * time.Second

	start := time.Now()
	_, err = actions.ClickAt(e.ctx(), e.s, 10, 10)
	requireBlocked(t, err, d)
	require.Less(t, time.Since(start), ceiling)

	start = time.Now()
	_, err = actions.Evaluate(e.ctx(), e.s, "1+1")
	requireBlocked(t, err, d)
	require.Less(t, time.Since(start), ceiling)

	_, err = actions.Do(e.ctx(), e.s,
		events.NavigateToURLEvent{TabID: tab.ID, URL: e.srv.MainURL("/plain")})
	requireBlocked(t, err, d)

	// Other tabs are not blocked, and state still answers.
	v, err := e.act(other.ID, "1+2")
	require.NoError(t, err)
	require.Equal(t, float64(3), v)
	require.Len(t, e.state()["pending_dialogs"], 1)

	_, err = e.respond(true, nil, "")
	require.NoError(t, err)
	require.Equal(t, true, e.next("")["result"])
	_, err = actions.ClickAt(e.ctx(), e.s, 10, 10)
	require.NoError(t, err)
	v, err = e.act("", "1+1")
	require.NoError(t, err)
	require.Equal(t, float64(2), v)
}
