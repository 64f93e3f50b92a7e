package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// sessionCookiesName is the file of a persistent profile where a session
// keeps its session cookies (those without an expiry, which Chromium drops
// when it exits) from its close to the next start on the profile, as a
// browser that restores its last session does: a login kept in such a
// cookie lasts. Mode 0600 in the profile's 0700 directory; it is as
// secret as the profile's own cookie store.
const sessionCookiesName = "agentbrowser-session-cookies.json"

// maxSessionCookiesFile bounds the file read back (Chromium keeps about
// 3,300 cookies in all).
const maxSessionCookiesFile = 16 << 20

// saveSessionCookies writes the session cookies of a persistent profile's
// browser into the profile, before the browser exits.
func (s *BrowserSession) saveSessionCookies(ctx context.Context) {
	if s.profile == nil || s.cfg.ForgetSessionCookies {
		return
	}
	all, err := s.allCookies(ctx)
	if err != nil {
		s.log.Warn().Err(err).Msg("session cookies were not saved in the profile")
		return
	}
	keep := []cdpCookie{}
	for _, c := range all {
		if c.Session {
			keep = append(keep, c)
		}
	}
	b, err := json.Marshal(keep)
	if err == nil {
		_, err = safefile.Write(filepath.Join(s.profile.dir, sessionCookiesName), b)
	}
	if err != nil {
		s.log.Warn().Err(err).Msg("session cookies were not saved in the profile")
	}
}

// restoreSessionCookies sets the session cookies a profile's last session
// saved. With ForgetSessionCookies the file is removed instead.
func (s *BrowserSession) restoreSessionCookies(ctx context.Context) error {
	if s.profile == nil {
		return nil
	}
	path := filepath.Join(s.profile.dir, sessionCookiesName)
	if s.cfg.ForgetSessionCookies {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("removing the profile's saved session cookies: %w", err)
		}
		return nil
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading the profile's saved session cookies: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxSessionCookiesFile+1))
	if err != nil {
		return fmt.Errorf("reading the profile's saved session cookies: %w", err)
	}
	var saved []cdpCookie
	if len(b) > maxSessionCookiesFile || json.Unmarshal(b, &saved) != nil {
		// Not ours to trust: start without them, as Chromium would.
		s.log.Warn().Str("file", path).Msg("the profile's saved session cookies are unreadable; starting without them")
		return nil
	}
	params := make([]map[string]any, 0, len(saved))
	for _, c := range saved {
		pc := c.public()
		pc.Expires = -1
		if c.SameSite == "" {
			pc.SameSite = ""
		}
		params = append(params, cookieParam(pc, ""))
	}
	if err := s.setCookies(ctx, params); err != nil {
		return fmt.Errorf("restoring the profile's session cookies: %w", err)
	}
	return nil
}
