// Package perf is the performance watchdog: traces and web vitals.
//
// A trace (TraceStartEvent, TraceStopEvent) is the browser's own record of
// a tab (Tracing.start with the timeline categories DevTools' Performance
// panel records, returned as a stream), written as Chrome's trace event
// JSON, which the Performance panel and Perfetto open, and summarised for
// an agent: time to first byte, first contentful paint, the largest
// contentful paint, the cumulative layout shift and the interaction to
// next paint with the elements responsible, the long tasks, the largest
// requests and the scripts that took longest.
//
// The vitals (VitalsEvent) are measured without a trace, by
// PerformanceObserver in an isolated world of the tab's top document (the
// page cannot see it, and nothing of the page changes). The first
// VitalsEvent of a session installs the observer: it reads the browser's
// buffered entries of the current document at once, and runs from the
// start of every document loaded later, so that interactions of any
// length are seen. Nothing is installed or recorded before it is asked
// for.
package perf
