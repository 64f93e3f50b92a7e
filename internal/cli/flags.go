package cli

// globalFlags are the flags every command accepts, in the order help
// lists them.
var globalFlags = []Flag{
	{Name: "session", Kind: String, Usage: "session name; each has its own daemon and browser (default \"default\")"},
	{Name: "cdp", Kind: String, Usage: "connect to a running browser (ws://... or http://host:port) instead of launching one"},
	{Name: "json", Kind: Bool, Usage: "print one JSON object"},
	{Name: "timeout-ms", Kind: Int, Usage: "one budget for the whole command, in milliseconds (default 30000, at most 3600000: one hour)"},
	{Name: "log-level", Kind: String, Usage: "debug, info, warn or error (default warn)"},
	{Name: "idle-timeout", Kind: String, Usage: "a daemon exits after this long without a command (default 30m)"},
	// A remote browser (see Remote).
	{Name: "grid", Kind: String, Usage: "run the browser on a Selenium Grid 4 (hub or standalone URL, http://host:4444); the session creates and deletes its own WebDriver session"},
	{Name: "grid-binary", Kind: String, Usage: "browser binary on the Grid node (goog:chromeOptions.binary), e.g. /usr/bin/chromium"},
	{Name: "grid-capabilities", Kind: String, Usage: "JSON object merged over the Chrome capabilities sent to the Grid (goog:chromeOptions merged key by key)"},
	{Name: "cdp-header", Kind: Multi, Usage: "'Name: value' header for the --cdp handshake and Grid requests (repeatable); values are never printed"},
	{Name: "tab", Kind: String, Usage: "run a tab-scoped command on this tab (an id as 'tabs' prints it, or a unique prefix) instead of the active one"},
}

// settingFlags are global flags that configure a session's browser and
// watchdogs; they travel to the daemon when it is started, which turns
// them into its options (the full binary's settings.go). A running daemon
// keeps its own.
var settingFlags = []Flag{
	// The DevTools port.
	{Name: "remote-debugging-port", Kind: Int, Usage: "also open this DevTools TCP port on 127.0.0.1 (0 picks one); any local user can then drive the browser (default: no port)"},
	// The network log's bodies.
	{Name: "network-body-budget", Kind: String, Usage: "session setting: bytes of request and response bodies the session keeps over all its tabs, oldest dropped first (default 10485760, 10 MiB; 0 keeps none)"},
	{Name: "network-body-types", Kind: String, Usage: "session setting: the resource types whose response bodies are kept, comma-separated (default Document,XHR,Fetch; all for every type)"},
	// Dialogs.
	{Name: "dialog-policy", Kind: String, Usage: "must_respond (default), auto_dismiss or auto_accept"},
	{Name: "dialog-timeout-ms", Kind: Int, Usage: "must_respond dismisses a dialog after this long (default 300000)"},
	{Name: "dialog-bridge", Kind: Bool, Usage: "route alert/confirm/prompt through a script bridge, for CDP proxies that close native dialogs"},
	// Page script.
	{Name: "evaluate-enabled", Kind: Bool, Usage: "allow eval (default true); --evaluate-enabled=false makes every eval fail with evaluate_disabled"},
	// A visible browser.
	{Name: "headed", Kind: Bool, Usage: "session setting: show the launched browser's windows (needs a display: DISPLAY or WAYLAND_DISPLAY); default headless"},
	// What the session may load and call.
	{Name: "allow-scheme", Kind: Multi, Usage: "let open and 'tab new' load this URL scheme too (file, data, chrome, view-source, ...); repeatable. Default: http, https and about:blank only; javascript: never"},
	{Name: "allowed-origins", Kind: String, Usage: "comma-separated origins ([scheme://]host[:port], *.example.com for subdomains) that every document of the session must come from"},
	{Name: "blocked-origins", Kind: String, Usage: "comma-separated origins no document of the session may come from"},
	{Name: "cdp-enabled", Kind: Bool, Usage: "allow the raw cdp command (default true); --cdp-enabled=false refuses it with cdp_disabled"},
	// The session's state and files.
	{Name: "profile", Kind: String, Usage: "session setting: a Chromium profile directory that close keeps (created 0700), so sign-ins last, those in session cookies too; one running session at a time (profile_in_use)"},
	{Name: "no-keep-session-cookies", Kind: Bool, Usage: "session setting: with --profile, let session cookies end with the browser, as Chromium does (by default close saves them in the profile, 0600, and the next session restores them)"},
	{Name: "storage-state", Kind: String, Usage: "session setting: load this storage state file (Playwright's storageState JSON) before the first page"},
	{Name: "download-dir", Kind: String, Usage: "session setting: save downloads here (created 0700) and keep them; default: a private directory that close removes"},
	{Name: "max-download-bytes", Kind: Int, Usage: "session setting: cancel a download larger than this (download_too_large; default 1073741824, 1 GiB)"},
	// Output.
	{Name: "max-result-bytes", Kind: Int, Usage: "session setting: cap on an eval or cdp result and on any command's output, in bytes (default 4194304, 4 MiB)"},
	// A shared browser.
	{Name: "isolated-context", Kind: Bool, Usage: "with --cdp: open this session's tabs in a browser context of its own (cookies and storage not shared)"},
}

// PathSettings are the settings that name a file or directory: the CLI
// makes them absolute, since a daemon may serve commands from elsewhere.
var PathSettings = []string{"profile", "storage-state", "download-dir"}

// SettingFlag finds a session setting's flag by name.
func SettingFlag(name string) (Flag, bool) {
	for _, f := range settingFlags {
		if f.Name == name {
			return f, true
		}
	}
	return Flag{}, false
}

// OuterFlags lists the flags every command line takes: the global ones,
// then the session settings.
func OuterFlags() []Flag {
	return append(append([]Flag{}, globalFlags...), settingFlags...)
}
