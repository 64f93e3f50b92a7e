// Package session launches or connects to a Chrome, speaks CDP to it over
// one websocket of flat sessions, tracks the tabs it owns and their child
// targets, and holds the resilient event bus that watchdogs subscribe to.
//
// A BrowserSession is one agent task's browser: its connection, its bus, its
// tabs, the active tab and the watchdogs started for it. A Registry maps task
// ids to sessions so that many tasks share one process without sharing state.
package session
