package actions

import (
	"time"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/session"
)

// addBlocked lists in an action's or a navigation's result the document
// loads the session's origin policy stopped in its tab (and in a tab it
// opened) since start, so the agent learns why a link or an iframe did not
// load.
func addBlocked(s *session.BrowserSession, r any, start time.Time) {
	if !s.Policy().HasOrigins() {
		return
	}
	switch v := r.(type) {
	case *events.ActionResult:
		v.Blocked = s.BlockedLoads(v.TabID, start)
		if v.NewTab != nil {
			v.Blocked = append(v.Blocked, s.BlockedLoads(v.NewTab.ID, start)...)
		}
	case *events.NavigationResult:
		v.Blocked = s.BlockedLoads(v.TabID, start)
	case *events.NewTabResult:
		v.Blocked = s.BlockedLoads(v.Tab.ID, start)
	}
}

// blockedNavigation turns a failed navigation whose document the origin
// policy stopped (a redirect to a blocked origin) into url_not_allowed.
func blockedNavigation(s *session.BrowserSession, err error, start time.Time) error {
	if Code(err) != events.CodeNavigationFailed || !s.Policy().HasOrigins() {
		return err
	}
	blocked := s.BlockedLoads("", start)
	if len(blocked) == 0 {
		return err
	}
	b := blocked[len(blocked)-1]
	return events.Errorf(events.CodeURLNotAllowed, "%s", b.Message).
		WithDetails(events.ErrorDetails{URL: b.URL, Blocked: blocked})
}
