package snapshot_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/snapshot"
)

// TestPrepareReadiesTheFirstCapture prepares new documents as a loaded
// navigation does, and checks that their first captures are what an
// unprepared capture gives (the golden text, refs from e1, the elements'
// own backend ids), that the capture looked up no backend ids (Prepare
// had), and that their whole-document describes ask for no document
// handle: Prepare kept one.
func TestPrepareReadiesTheFirstCapture(t *testing.T) {
	for _, c := range []struct{ name, method string }{{"form", "tree"}, {"buttons", "tree"}, {"shadow", "tree"}, {"form", "nodes"}, {"buttons", ""}} {
		name := c.name
		t.Run(name+"/"+c.method, func(t *testing.T) {
			defer snapshot.SetEagerMethodForTest(c.method)()
			p, e, _ := openPage(t, name)
			ctx := testContext(t)
			require.NoError(t, e.Prepare(ctx))
			require.NoError(t, e.Prepare(ctx), "a second Prepare of the same document does nothing")
			handles, lookups := snapshot.DocumentHandles(), snapshot.BackendLookups()
			res, err := e.Capture(ctx, snapshot.Options{})
			require.NoError(t, err)
			checkGolden(t, name, res.Text)
			assert.Equal(t, lookups, snapshot.BackendLookups(), "the capture's refs took the backend ids Prepare looked up")
			checkBackendIDs(t, ctx, p, e, res)
			assert.Equal(t, handles, snapshot.DocumentHandles(), "the capture used the handle Prepare fetched")
		})
	}
}

// TestPrepareWorld: the light preparation makes the world the first
// capture then uses, and stands aside while a capture holds the lock.
func TestPrepareWorld(t *testing.T) {
	_, e, _ := openPage(t, "form")
	ctx := testContext(t)
	release := snapshot.HoldCaptureForTest(e)
	made := snapshot.WorldsMade()
	require.NoError(t, e.PrepareWorld(ctx), "a held lock is no error")
	require.Equal(t, made, snapshot.WorldsMade(), "nothing is made while a capture holds the lock")
	release()
	require.NoError(t, e.PrepareWorld(ctx))
	require.Equal(t, made+1, snapshot.WorldsMade())
	require.NoError(t, e.PrepareWorld(ctx))
	require.Equal(t, made+1, snapshot.WorldsMade(), "a world already there is kept")
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	checkGolden(t, "form", res.Text)
	require.Equal(t, made+1, snapshot.WorldsMade(), "the capture used the prepared world")
}

// TestPrepareAfterTheDocumentWent prepares a document, replaces it, and
// prepares again: the second Prepare readies the new document, and a
// capture shows it.
func TestPrepareAfterTheDocumentWent(t *testing.T) {
	p, e, s := openPage(t, "buttons")
	ctx := testContext(t)
	require.NoError(t, e.Prepare(ctx))
	replaced := e.Replacing()
	p.navigate(ctx, s.url("/form.html"))
	replaced()
	require.NoError(t, e.Prepare(ctx))
	res, err := e.Capture(ctx, snapshot.Options{})
	require.NoError(t, err)
	checkGolden(t, "form", res.Text)
}

// TestCaptureWaitsForItsLockWithinItsContext holds the capture lock, as a
// Prepare or a capture in progress does: a capture whose context ends
// meanwhile returns with that, and the next one, once the lock is free,
// answers.
func TestCaptureWaitsForItsLockWithinItsContext(t *testing.T) {
	_, e, _ := openPage(t, "buttons")
	release := snapshot.HoldCaptureForTest(e)
	short, cancel := context.WithTimeout(testContext(t), 200*time.Millisecond)
	defer cancel()
	_, err := e.Capture(short, snapshot.Options{})
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "got %v", err)
	l, err := events.ParseLocator("role=button")
	require.NoError(t, err)
	_, err = e.Locate(short, l, 0)
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "locate got %v", err)
	release()
	res, err := e.Capture(testContext(t), snapshot.Options{})
	require.NoError(t, err)
	checkGolden(t, "buttons", res.Text)
}
