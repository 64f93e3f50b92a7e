package session

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/rs/zerolog"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
)

// Config says how a BrowserSession reaches its browser.
type Config struct {
	// TaskID names the session in logs and in a Registry.
	TaskID string
	// CDPURL connects to a running browser (ws://.../devtools/browser/...
	// or http://host:port) instead of launching one.
	CDPURL string
	// Grid, when its URL is set, makes the session ask a Selenium Grid 4
	// for its browser instead of launching one (see GridConfig).
	Grid GridConfig
	// Header is sent with the CDP websocket handshake and with Grid
	// requests (Authorization: Bearer ... for hosted endpoints). Its
	// values are never logged.
	Header http.Header
	// Liveness tunes the checks of a remote endpoint.
	Liveness LivenessConfig
	// Launch configures the local browser when CDPURL is empty.
	Launch LaunchConfig
	// ConnectTimeout bounds launching or connecting when the caller's
	// context has no deadline. Default 30 s.
	ConnectTimeout time.Duration
	// SetupTimeout bounds preparing one newly attached target. Default 10 s.
	SetupTimeout time.Duration
	// Bus configures the session's event bus.
	Bus bus.Config
	// Extensions are started, in order, once the connection is up and
	// before any tab is attached, and stopped in reverse by Close. The
	// watchdog manager is one.
	Extensions []Extension
	Logger     zerolog.Logger
	// Policy limits the URLs and origins the session loads; the zero value
	// allows http, https and about:blank and every origin.
	Policy URLPolicy
	// IsolatedContext, on a shared browser (CDPURL), opens the session's
	// tabs in a browser context of its own (Target.createBrowserContext):
	// cookies, storage and cache are not shared with other sessions.
	IsolatedContext bool
	// Profile, when set, is a persistent Chromium user-data directory for
	// a launched browser: created 0700 when new (its parent must exist),
	// kept by Close, which lets the browser exit gracefully so that it
	// saves its cookies and storage. It holds logins: see
	// docs/security.md. A profile another running session uses is refused
	// with profile_in_use before anything starts. Without it the profile is
	// a throwaway directory.
	Profile string
	// ForgetSessionCookies, with Profile, lets session cookies (those with
	// no expiry) end with the browser, as Chromium does. By default a
	// session keeps them: Close saves them in the profile (mode 0600) and
	// the next session on the profile restores them, so a login kept in a
	// session cookie lasts as one kept in a persistent cookie does.
	ForgetSessionCookies bool
	// DownloadDir is where the session's downloads are saved (created 0700
	// when missing; its parent must exist), and kept. Empty: a private
	// directory of the session, which Close removes with what it holds.
	// With a browser on another machine (Grid, a CDPURL that is not on a
	// loopback address) the path is on the browser's machine.
	DownloadDir string
	// MaxDownloadBytes cancels a download that grows past it
	// (download_too_large). Zero means 1 GiB; negative means no limit.
	MaxDownloadBytes int64
	// StorageState, when set, is loaded before Start returns, so before
	// the first page the session opens (see LoadStorageStateEvent). It is
	// checked by Validate.
	StorageState *events.StorageState
}

// DefaultMaxDownloadBytes is the download cap when Config.MaxDownloadBytes
// is zero.
const DefaultMaxDownloadBytes int64 = 1 << 30

// Validate reports what is wrong with c.
func (c Config) Validate() error {
	var errs []error
	if c.ConnectTimeout < 0 {
		errs = append(errs, errors.New("connect timeout must not be negative"))
	}
	if c.SetupTimeout < 0 {
		errs = append(errs, errors.New("setup timeout must not be negative"))
	}
	if err := c.Policy.Validate(); err != nil {
		errs = append(errs, err)
	}
	if c.CDPURL != "" && c.Grid.URL != "" {
		errs = append(errs, errors.New("give a CDP URL or a Grid URL, not both"))
	}
	if c.Profile != "" && (c.CDPURL != "" || c.Grid.URL != "") {
		errs = append(errs, errors.New("a profile is for a launched browser: a browser reached with a CDP or Grid URL keeps its own"))
	}
	if c.StorageState != nil {
		if err := ValidateStorageState(*c.StorageState); err != nil {
			errs = append(errs, err)
		}
	}
	for i, e := range c.Extensions {
		if e == nil {
			errs = append(errs, fmt.Errorf("extension %d is nil", i))
		}
	}
	return errors.Join(errs...)
}

func (c *Config) defaults() {
	if c.ConnectTimeout == 0 {
		c.ConnectTimeout = 30 * time.Second
		if c.Grid.URL != "" {
			// A node starts chromedriver and then the browser.
			c.ConnectTimeout = 60 * time.Second
		}
	}
	if c.SetupTimeout == 0 {
		c.SetupTimeout = 10 * time.Second
	}
	if c.Bus.Name == "" {
		c.Bus.Name = c.TaskID
	}
	c.Liveness.defaults()
	if c.MaxDownloadBytes == 0 {
		c.MaxDownloadBytes = DefaultMaxDownloadBytes
	}
}

// Extension is started with a session and stopped with it. The returned stop
// function must undo what Start did and may be nil.
type Extension interface {
	Start(ctx context.Context, s *BrowserSession) (stop func(context.Context) error, err error)
}
