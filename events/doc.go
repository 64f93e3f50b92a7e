// Package events holds the typed events that travel on a BrowserSession's
// bus, their result types, and the identifier types used in public
// signatures. It is data only and imports nothing but the standard library.
//
// Each event's doc comment names who emits it, who handles it and what
// result it returns. Names end in Event.
package events
