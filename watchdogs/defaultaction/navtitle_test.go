package defaultaction_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNavigationReportsWhereItEnded checks the URL and title a navigation
// reports once its document has loaded: a document with no title until
// its load event, and one that changes its URL within itself in its load
// event, both of which load well after they are parsed.
func TestNavigationReportsWhereItEnded(t *testing.T) {
	e := newEnv(t, "")
	r := e.open("/target.html")
	require.Equal(t, e.srv.MainURL("/target.html"), r.URL)
	require.Equal(t, "target", r.Title)

	r = e.open("/titleload.html")
	require.Equal(t, e.srv.MainURL("/titleload.html"), r.URL)
	require.Equal(t, "set at load", r.Title)

	r = e.open("/urlload.html")
	require.Equal(t, e.srv.MainURL("/urlload.html?moved"), r.URL)
	require.Equal(t, "moving", r.Title)
}
