package actions_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/actions"
	"github.com/agentbrowser/agentbrowser/events"
)

// TestErrorBodyJSON checks the error's JSON form, a public contract: the
// details of the coded error print under "details" as the map they
// replaced did, decode back, and are left out when there are none.
func TestErrorBodyJSON(t *testing.T) {
	err := dispatched(events.Errorf(events.CodeElementCovered, "element e5 is covered").
		WithDetails(events.ErrorDetails{Ref: "e5", Covering: `div#consent "Accept cookies"`}))
	body := actions.Describe(err)
	b, jerr := json.Marshal(body)
	require.NoError(t, jerr)
	require.Equal(t, `{"code":"element_covered","message":"element e5 is covered","details":{"covering":"div#consent \"Accept cookies\"","ref":"e5"}}`, string(b))
	var back actions.ErrorBody
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, body, back)

	b, jerr = json.Marshal(actions.Describe(events.Errorf(events.CodeNoDialog, "no dialog is pending")))
	require.NoError(t, jerr)
	require.Equal(t, `{"code":"no_dialog","message":"no dialog is pending"}`, string(b))
}
