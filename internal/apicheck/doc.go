// Package apicheck holds the test that keeps the public Go API of
// agentbrowser free of types its users cannot name or should not depend on:
// no map[string]any, no internal/ type and no mafredri/cdp type in any
// exported signature of bus, events, session, watchdogs (and its
// sub-packages) and actions, except the escape hatches for raw CDP clients
// that are listed, with their reason, in the test.
package apicheck
