package perf

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A trace of a made-up page, in Chrome's event format: the summary picks
// the last LCP candidate, the largest window of shifts without input, the
// longest interaction, the outermost long tasks of the main thread, and
// the requests and scripts of the tab's process.
func TestSummarise(t *testing.T) {
	const trace = `{"traceEvents": [
{"name":"thread_name","ph":"M","pid":7,"tid":1,"args":{"name":"CrRendererMain"}},
{"name":"thread_name","ph":"M","pid":7,"tid":2,"args":{"name":"Compositor"}},
{"name":"TracingStartedInBrowser","ph":"I","ts":1000,"pid":1,"tid":1,"args":{"data":{"frames":[{"frame":"TAB","processId":7,"url":"about:blank"}]}}},
{"name":"navigationStart","ph":"R","ts":100000,"pid":7,"tid":1,"args":{"frame":"TAB","data":{"documentLoaderURL":"http://a.test/","isLoadingMainFrame":true}}},
{"name":"ResourceSendRequest","ph":"I","ts":101000,"pid":7,"tid":1,"args":{"data":{"requestId":"r1","url":"http://a.test/","frame":"TAB","resourceType":"Document"}}},
{"name":"ResourceReceiveResponse","ph":"I","ts":130000,"pid":7,"tid":1,"args":{"data":{"requestId":"r1"}}},
{"name":"ResourceFinish","ph":"I","ts":140000,"pid":7,"tid":1,"args":{"data":{"requestId":"r1","encodedDataLength":500}}},
{"name":"ResourceSendRequest","ph":"I","ts":150000,"pid":7,"tid":1,"args":{"data":{"requestId":"r2","url":"http://a.test/big.png","resourceType":"Image"}}},
{"name":"ResourceFinish","ph":"I","ts":350000,"pid":7,"tid":1,"args":{"data":{"requestId":"r2","encodedDataLength":90000}}},
{"name":"firstContentfulPaint","ph":"R","ts":180000,"pid":7,"tid":1,"args":{"frame":"TAB"}},
{"name":"largestContentfulPaint::Candidate","ph":"R","ts":190000,"pid":7,"tid":1,"args":{"frame":"TAB","data":{"size":100,"nodeId":3,"type":"text","isMainFrame":true}}},
{"name":"largestContentfulPaint::Candidate","ph":"R","ts":400000,"pid":7,"tid":1,"args":{"frame":"TAB","data":{"size":9000,"nodeId":9,"type":"image","imageUrl":"http://a.test/big.png","isMainFrame":true}}},
{"name":"LayoutShift","ph":"I","ts":500000,"pid":7,"tid":1,"args":{"frame":"TAB","data":{"score":0.1,"weighted_score_delta":0.1,"had_recent_input":false,"impacted_nodes":[{"node_id":11}]}}},
{"name":"LayoutShift","ph":"I","ts":900000,"pid":7,"tid":1,"args":{"frame":"TAB","data":{"score":0.05,"weighted_score_delta":0.05,"had_recent_input":false,"impacted_nodes":[{"node_id":12}]}}},
{"name":"LayoutShift","ph":"I","ts":3000000,"pid":7,"tid":1,"args":{"frame":"TAB","data":{"score":0.12,"weighted_score_delta":0.12,"had_recent_input":false,"impacted_nodes":[{"node_id":13}]}}},
{"name":"LayoutShift","ph":"I","ts":3100000,"pid":7,"tid":1,"args":{"frame":"TAB","data":{"score":0.9,"weighted_score_delta":0.9,"had_recent_input":true}}},
{"name":"ThreadControllerImpl::RunTask","ph":"X","ts":1000000,"dur":120000,"pid":7,"tid":1,"args":{}},
{"name":"RunTask","ph":"X","ts":1000000,"dur":119000,"pid":7,"tid":1,"args":{}},
{"name":"RunTask","ph":"X","ts":1500000,"dur":30000,"pid":7,"tid":1,"args":{}},
{"name":"RunTask","ph":"X","ts":1600000,"dur":90000,"pid":7,"tid":2,"args":{}},
{"name":"EvaluateScript","ph":"X","ts":1000100,"dur":100000,"pid":7,"tid":1,"args":{"data":{"url":"http://a.test/app.js"}}},
{"name":"FunctionCall","ph":"X","ts":2000000,"dur":20000,"pid":7,"tid":1,"args":{"data":{"url":"http://a.test/app.js"}}},
{"name":"EventTiming","ph":"b","ts":2000000,"pid":7,"tid":1,"args":{"data":{"interactionId":5,"duration":40,"type":"pointerdown","nodeId":21}}},
{"name":"EventTiming","ph":"b","ts":2000100,"pid":7,"tid":1,"args":{"data":{"interactionId":5,"duration":72,"type":"click","nodeId":21}}},
{"name":"EventTiming","ph":"e","ts":2000200,"pid":7,"tid":1,"args":{}},
{"name":"EventTiming","ph":"b","ts":2500000,"pid":7,"tid":1,"args":{"data":{"interactionId":6,"duration":30,"type":"keydown","nodeId":22}}},
{"name":"EventTiming","ph":"b","ts":2600000,"pid":7,"tid":1,"args":{"data":{"interactionId":0,"duration":500,"type":"mousemove","nodeId":23}}}
]}`
	s, n, err := summarise(strings.NewReader(trace), "TAB")
	require.NoError(t, err)
	require.Equal(t, 27, n)
	require.Equal(t, "http://a.test/", s.URL)
	require.Equal(t, 30.0, *s.TTFBMS)
	require.Equal(t, 80.0, *s.FCPMS)
	require.Equal(t, 300.0, s.LCP.MS)
	require.Equal(t, 9000.0, s.LCP.Size)
	require.Equal(t, "http://a.test/big.png", s.LCP.URL)
	require.Equal(t, 9, s.lcpNode)
	require.Equal(t, 0.15, s.CLS.Score, "the first window (0.1 + 0.05); the third shift starts another, the fourth had input")
	require.Equal(t, 2, s.CLS.Shifts)
	require.Equal(t, []int{11, 12}, s.clsNodes)
	require.Equal(t, 72.0, s.INP.MS)
	require.Equal(t, "click", s.INP.Event)
	require.Equal(t, 2, s.INP.Interactions)
	require.Equal(t, 21, s.inpNode)
	require.Len(t, s.LongTasks, 1, "the nested task once; the compositor's is not the main thread's")
	require.Equal(t, 120.0, s.LongTasks[0].DurationMS)
	require.Equal(t, "http://a.test/big.png", s.Requests[0].URL)
	require.Equal(t, int64(90000), s.Requests[0].Bytes)
	require.Equal(t, 200.0, s.Requests[0].DurationMS)
	require.Equal(t, "http://a.test/app.js", s.Scripts[0].URL)
	require.Equal(t, 120.0, s.Scripts[0].MS)
	require.Equal(t, 2, s.Scripts[0].Runs)

	// A bare array is a trace too; anything else is not.
	_, n, err = summarise(strings.NewReader(`[{"name":"x","ph":"X","ts":1}]`), "TAB")
	require.NoError(t, err)
	require.Equal(t, 1, n)
	_, _, err = summarise(strings.NewReader(`"no"`), "TAB")
	require.Error(t, err)
}
