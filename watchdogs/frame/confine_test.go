package frame_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
	"github.com/agentbrowser/agentbrowser/watchdogs/frame"
)

// What an isolated session may send on its own targets' sessions: the
// target-scoped domains, and Page.navigate within its URL policy; nothing
// that lists, opens, attaches to or closes other targets, acts on the
// browser process or on another context's storage.
func TestConfine(t *testing.T) {
	policy := &session.URLPolicy{}
	for _, tc := range []struct {
		method, params string
		code           events.Code // "" when allowed
	}{
		{"Runtime.evaluate", `{"expression":"1"}`, ""},
		{"DOM.getDocument", ``, ""},
		{"Network.getAllCookies", ``, ""},
		{"Network.setCookie", `{"name":"a","value":"b","url":"http://x/"}`, ""},
		{"Input.dispatchMouseEvent", `{}`, ""},
		{"Emulation.setDeviceMetricsOverride", `{}`, ""},
		{"Page.navigate", `{"url":"http://127.0.0.1:1/"}`, ""},
		{"Page.navigate", `{"url":"chrome://inspect/#pages"}`, events.CodeCDPNotAllowed},
		{"Page.navigate", `{"url":"DevTools://devtools/bundled/inspector.html"}`, events.CodeCDPNotAllowed},
		{"Page.navigate", `{"url":"file:///etc/passwd"}`, events.CodeURLNotAllowed},
		{"Page.setDownloadBehavior", `{"behavior":"allow"}`, events.CodeCDPNotAllowed},
		{"Target.getTargets", ``, events.CodeCDPNotAllowed},
		{"Target.attachToTarget", `{"targetId":"X","flatten":true}`, events.CodeCDPNotAllowed},
		{"Target.sendMessageToTarget", `{"message":"{}","targetId":"X"}`, events.CodeCDPNotAllowed},
		{"Target.createTarget", `{"url":"about:blank"}`, events.CodeCDPNotAllowed},
		{"Target.createBrowserContext", ``, events.CodeCDPNotAllowed},
		{"Target.closeTarget", `{"targetId":"X"}`, events.CodeCDPNotAllowed},
		{"Target.setAutoAttach", `{"autoAttach":true,"waitForDebuggerOnStart":false}`, events.CodeCDPNotAllowed},
		{"Browser.close", ``, events.CodeCDPNotAllowed},
		{"Browser.getVersion", ``, events.CodeCDPNotAllowed},
		{"Browser.setDownloadBehavior", `{"behavior":"allow"}`, events.CodeCDPNotAllowed},
		{"Storage.getCookies", `{"browserContextId":"X"}`, events.CodeCDPNotAllowed},
		{"Storage.clearDataForOrigin", `{"origin":"http://x","storageTypes":"all"}`, events.CodeCDPNotAllowed},
		{"SystemInfo.getProcessInfo", ``, events.CodeCDPNotAllowed},
		{"Tracing.start", ``, events.CodeCDPNotAllowed},
		{"Security.setIgnoreCertificateErrors", `{"ignore":true}`, events.CodeCDPNotAllowed},
		{"Memory.getBrowserSamplingProfile", ``, events.CodeCDPNotAllowed},
		{"ServiceWorker.enable", ``, events.CodeCDPNotAllowed},
		{"NewDomainChromeAddsLater.doAnything", ``, events.CodeCDPNotAllowed},
	} {
		err := frame.Confine(tc.method, json.RawMessage(tc.params), policy)
		if tc.code == "" {
			require.NoError(t, err, "%s %s", tc.method, tc.params)
			continue
		}
		var ce *events.Error
		require.ErrorAs(t, err, &ce, "%s %s", tc.method, tc.params)
		require.Equal(t, tc.code, ce.Code, "%s %s: %v", tc.method, tc.params, err)
		if tc.code == events.CodeCDPNotAllowed {
			require.Contains(t, err.Error(), "--isolation browser")
			require.Equal(t, tc.method, ce.Details.Method)
		}
	}
}
