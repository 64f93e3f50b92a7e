package watchdogs_test

import (
	"testing"

	"go.uber.org/goleak"
)

// Main fails the run when a goroutine outlived the tests.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction("net/http.(*persistConn).readLoop"),
		goleak.IgnoreTopFunction("net/http.(*persistConn).writeLoop"))
}
