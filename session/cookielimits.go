package session

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/agentbrowser/agentbrowser/events"
)

// The limits of Chromium's cookie store (net/cookies/cookie_monster.h,
// measured again with Chromium 156: of 100,000 cookies it kept 3,078).
// Past either, the store evicts cookies without a word: down to 150 of
// the site, or 3,000 in all.
const (
	// BrowserMaxCookies is how many cookies a browser context keeps in all.
	BrowserMaxCookies = 3300
	// BrowserSiteMaxCookies is how many cookies it keeps of one site (a
	// registrable domain such as example.com, or a host such as
	// 127.0.0.1).
	BrowserSiteMaxCookies = 180
)

// maxDropped bounds the dropped cookies a load names.
const maxDropped = 20

// cookieID is what makes two cookies the same cookie: setting one replaces
// the other.
type cookieID struct {
	name, domain, path, partition string
}

func idOf(c events.Cookie) cookieID {
	p := c.Path
	if p == "" {
		p = "/"
	}
	return cookieID{c.Name, strings.ToLower(c.Domain), p, c.PartitionKey}
}

// siteOf is the site Chromium counts a cookie of domain under: its
// registrable domain, or the host itself (an IP address, localhost).
func siteOf(domain string) string {
	d := strings.TrimPrefix(strings.ToLower(domain), ".")
	if site, err := publicsuffix.EffectiveTLDPlusOne(d); err == nil {
		return site
	}
	return d
}

// checkCookieRoom refuses, before anything is set, a state whose cookies
// the browser would not all keep next to those it holds: more than
// BrowserMaxCookies in all, or more than BrowserSiteMaxCookies of one
// site. Its error is too_many_cookies naming the counts.
func checkCookieRoom(held []cdpCookie, add []events.Cookie) error {
	ids := map[cookieID]bool{}
	perSite := map[string]int{}
	count := func(c events.Cookie) {
		id := idOf(c)
		if ids[id] {
			return
		}
		ids[id] = true
		perSite[siteOf(c.Domain)]++
	}
	for _, c := range held {
		count(c.public())
	}
	for _, c := range add {
		count(c)
	}
	var over []string
	for site, n := range perSite {
		if n > BrowserSiteMaxCookies {
			over = append(over, fmt.Sprintf("%s %d", site, n))
		}
	}
	sort.Strings(over)
	if len(ids) <= BrowserMaxCookies && len(over) == 0 {
		return nil
	}
	var limits []string
	if len(ids) > BrowserMaxCookies {
		limits = append(limits, fmt.Sprintf("at most %d in all", BrowserMaxCookies))
	}
	if len(over) > 0 {
		more := ""
		if len(over) > 5 {
			more = fmt.Sprintf(" and %d more sites", len(over)-5)
			over = over[:5]
		}
		limits = append(limits, fmt.Sprintf("at most %d of one site (%s%s)", BrowserSiteMaxCookies, strings.Join(over, ", "), more))
	}
	return tooManyCookies(len(add), len(held), len(ids), limits)
}

// tooManyCookies is the error for a state of n cookies that, with the
// session's held (all: how many that makes), passes limits.
func tooManyCookies(n, held, all int, limits []string) error {
	what := fmt.Sprintf("the state has %d cookies", n)
	if held > 0 {
		what += fmt.Sprintf(", %d in all with the %d the session holds", all, held)
	}
	return events.Errorf(events.CodeTooManyCookies,
		"%s; the browser keeps %s and evicts the rest without a word, so nothing was loaded: load fewer cookies (or clear the session's first)",
		what, strings.Join(limits, " and "))
}

// heldOf compares the state's cookies with what the browser holds after
// loading them: how many it holds (same name, domain, path and value),
// and the ones it does not, at most maxDropped of them.
func heldOf(add []events.Cookie, now []cdpCookie) (held int, dropped []events.DroppedCookie, more int) {
	have := make(map[cookieID]string, len(now))
	for _, c := range now {
		pc := c.public()
		have[idOf(pc)] = pc.Value
	}
	last := map[cookieID]int{}
	for i, c := range add {
		last[idOf(c)] = i
	}
	for i, c := range add {
		id := idOf(c)
		if last[id] != i {
			continue // replaced by a later cookie of the state
		}
		if v, ok := have[id]; ok && v == c.Value {
			held++
			continue
		}
		if len(dropped) < maxDropped {
			dropped = append(dropped, events.DroppedCookie{Name: c.Name, Domain: c.Domain, Path: id.path})
		} else {
			more++
		}
	}
	return held, dropped, more
}
