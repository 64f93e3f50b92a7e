// Package defaultaction is the DefaultActionWatchdog: it turns action events
// (navigation, clicks, typing, keys, scrolling, drags, drops, the mouse at
// coordinates, tabs, screenshots) into CDP input and page commands on the
// right tab, and reports what changed that an agent needs to know.
package defaultaction
