package snapshot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mafredri/cdp/protocol/accessibility"
	"github.com/mafredri/cdp/protocol/dom"
	"github.com/mafredri/cdp/protocol/page"
	"github.com/mafredri/cdp/protocol/runtime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// axNode is the browser's view of one element.
type axNode struct {
	role, name string
	ignored    bool
}

// axTree returns the accessibility tree of the given frames by backend
// node id.
func axTree(t *testing.T, p *testPage, frames map[events.FrameID]bool) map[int64]axNode {
	t.Helper()
	out := map[int64]axNode{}
	for fid := range frames {
		reply, err := p.client.Accessibility.GetFullAXTree(testContext(t),
			accessibility.NewGetFullAXTreeArgs().SetFrameID(page.FrameID(fid)))
		require.NoError(t, err)
		for _, n := range reply.Nodes {
			if n.BackendDOMNodeID == nil {
				continue
			}
			var a axNode
			a.ignored = n.Ignored
			if n.Role != nil {
				_ = json.Unmarshal(n.Role.Value, &a.role)
			}
			if n.Name != nil {
				_ = json.Unmarshal(n.Name.Value, &a.name)
			}
			out[int64(*n.BackendDOMNodeID)] = a
		}
	}
	return out
}

// chromeRoles maps Chrome's internal role names to the ARIA roles the
// snapshot prints. These are the only role differences allowed.
var chromeRoles = map[string]string{
	"image":              "img",
	"Iframe":             "iframe",
	"DisclosureTriangle": "button", // <summary>
	"MenuListOption":     "option",
	"ListBoxOption":      "option",
}

// TestRolesAndNamesMatchBrowser compares, for every ref'd element of the
// golden pages, the snapshot's role and name with Chrome's accessibility
// tree, matched by backend node id. Documented differences:
//   - Chrome's internal role names (chromeRoles).
//   - An element that is clickable only by script has Chrome role
//     "generic" (or is ignored) and no name; the snapshot prints role
//     "clickable" and names it by its icons when it shows no text. An
//     element with a real role keeps it and may likewise gain a name.
//   - Names leave invisible format characters out (formatChars).
//   - Names are compared without white space at either end, which
//     Chromium versions treat differently: 148 keeps the space a wrapping
//     label's text starts or ends with (" Remember me" for
//     <label><input type=checkbox> Remember me</label>), which later
//     versions and the snapshot drop.
//   - A contenteditable root is "generic" to Chrome and "textbox" to the
//     snapshot, so an agent knows it can type there.
//   - A control that a labelled form-associated custom element of no role
//     wraps (in a shadow root that delegates focus, or slotted from its
//     children) has no name to Chrome; the snapshot names it by the
//     wrapper's label, the words a user sees by it (wrappedControl).
func TestRolesAndNamesMatchBrowser(t *testing.T) {
	for _, name := range goldenPages {
		t.Run(name, func(t *testing.T) {
			compareWithAXTree(t, name)
		})
	}
}

// TestEagerLookupByNode repeats the backend id checks with eager lookups
// made one DOM.describeNode per ref instead of one for the document.
func TestEagerLookupByNode(t *testing.T) {
	defer snapshot.SetEagerMethodForTest("nodes")()
	for _, name := range []string{"form", "iframe", "shadow"} {
		t.Run(name, func(t *testing.T) {
			compareWithAXTree(t, name)
		})
	}
}

func compareWithAXTree(t *testing.T, name string) {
	p, e, _ := openPage(t, name)
	ctx := testContext(t)
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	require.NotEmpty(t, res.Refs)
	frames := map[events.FrameID]bool{}
	for _, info := range res.Refs {
		frames[info.FrameID] = true
	}
	ax := axTree(t, p, frames)
	for ref, info := range res.Refs {
		r, err := e.Resolve(ctx, ref)
		require.NoError(t, err, "resolving %s", ref)
		require.NotZero(t, r.Info.BackendNodeID)
		// Small pages get backend ids during the capture.
		assert.Equal(t, info.BackendNodeID, r.Info.BackendNodeID, "eager and lazy backend ids of %s", ref)
		// The backend id names a live node.
		_, err = p.client.DOM.DescribeNode(ctx, dom.NewDescribeNodeArgs().
			SetBackendNodeID(dom.BackendNodeID(r.Info.BackendNodeID)))
		require.NoError(t, err, "describing %s", ref)
		require.NoError(t, r.Release(ctx))

		a, ok := ax[r.Info.BackendNodeID]
		if info.Role == "clickable" {
			if ok && !a.ignored {
				assert.Equal(t, "generic", a.role, "%s %v", ref, info)
			}
			continue
		}
		require.True(t, ok, "%s %v is not in the AX tree", ref, info)
		require.False(t, a.ignored, "%s %v is ignored by the AX tree", ref, info)
		role := a.role
		if m, ok := chromeRoles[role]; ok {
			role = m
		}
		if info.Role == "textbox" && role == "generic" {
			// contenteditable root.
			continue
		}
		assert.Equal(t, role, info.Role, "role of %s %v", ref, info)
		if a.name == "" && info.Name != "" && wrappedControl(t, p, r.Info.BackendNodeID) {
			continue
		}
		assert.Equal(t, strings.TrimSpace(formatChars.Replace(a.name)), strings.TrimSpace(info.Name), "name of %s %v", ref, info)
	}
}

// formatChars drops the invisible format characters the snapshot leaves
// out of names (the joiner only where it joins no emoji, which a name
// compared here does not have).
var formatChars = strings.NewReplacer("\u200b", "", "\u200c", "", "\u200d", "", "\u2060", "", "\ufeff", "", "\u00ad", "")

// wrappedControl tells whether the element of backend id id is the
// control of a labelled custom element with no role (its shadow host or
// its parent).
func wrappedControl(t *testing.T, p *testPage, id int64) bool {
	t.Helper()
	ctx := testContext(t)
	obj, err := p.client.DOM.ResolveNode(ctx, dom.NewResolveNodeArgs().SetBackendNodeID(dom.BackendNodeID(id)))
	require.NoError(t, err)
	reply, err := p.client.Runtime.CallFunctionOn(ctx, runtime.NewCallFunctionOnArgs(`function () {
		const r = this.getRootNode();
		const h = r.host && r.delegatesFocus ? r.host : this.parentElement;
		return !!h && h.localName.includes('-') && !h.hasAttribute('role') &&
			Array.from(document.querySelectorAll('label')).some((l) => l.control === h);
	}`).SetObjectID(*obj.Object.ObjectID).SetReturnByValue(true))
	require.NoError(t, err)
	return string(reply.Result.Value) == "true"
}
