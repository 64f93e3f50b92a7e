// Package record is the record watchdog: a recording of what happened in
// a session, for a person to look at afterwards. A recording
// (RecordStartEvent, RecordStopEvent) holds a screencast of the tab that
// was active when it started (Page.startScreencast: each frame the
// browser paints, as a JPEG with the time it was painted) and a log of
// every command the session ran meanwhile (observed as
// events.CommandEvent: its name, arguments, result code, time and
// duration). Stopping writes them to a directory: the frames, frames.json,
// actions.json, and video.webm when ffmpeg is on the PATH.
//
// While no recording runs, the watchdog sends nothing to the browser and
// observes nothing.
package record
