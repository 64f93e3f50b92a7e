// Package frame is the FrameWatchdog: it keeps a map of every frame of every
// tab of a session and routes raw CDP commands to the session that owns a
// frame.
//
// The map is built from Page.frameAttached, Page.frameNavigated,
// Page.navigatedWithinDocument and Page.frameDetached on the page session
// and on every out-of-process iframe (OOPIF) session, since the frames
// inside an OOPIF are reported only on the OOPIF's own session, and from
// the auto-attached "iframe" targets themselves (a target's id equals its
// frame's id). A detach with reason "swap" is ignored: the frame is moving
// into a process of its own, and its target attaches next. Each target's
// map is seeded with Page.getFrameTree when the watchdog starts listening,
// so frames that existed before are not missed; the CDP events buffered
// meanwhile are applied after the seed, in order, and converge on the same
// state.
//
// It handles:
//   - events.BrowserStateRequestEvent: the frame_tree section, breadth
//     first, capped (Config.MaxChildren, Config.MaxOOPIFDepth) with
//     truncated set when a cap cut it;
//   - events.FramesEvent: every frame, without caps;
//   - events.FrameLookupEvent: where a frame lives, for other watchdogs
//     (the evaluate engine) that route work by frame without importing
//     this package;
//   - events.CDPCallEvent: a raw CDP command on the tab's page session or
//     an OOPIF's own session. A same-origin frame has no session of its
//     own; the error (same_origin_frame) tells the agent to reach it with
//     contentDocument from its parent's document.
//
// The watchdog also follows Runtime.executionContextCreated to know each
// frame's main-world default context (events.FrameInfo.ContextID), which
// is how code runs in a same-origin frame through its host session.
package frame
