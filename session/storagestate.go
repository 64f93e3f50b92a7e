package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/mafredri/cdp/protocol/page"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// maxOrigins bounds the origins a session remembers for its storage state.
const maxOrigins = 1000

// noteOrigin remembers the origin of a document the session opened, whose
// localStorage a saved state includes.
func (s *BrowserSession) noteOrigin(raw string) {
	o, ok := storageOrigin(raw)
	if !ok {
		return
	}
	o, err := parseStateOrigin(o)
	if err != nil {
		return
	}
	s.originMu.Lock()
	defer s.originMu.Unlock()
	if s.origins == nil {
		s.origins = map[string]bool{}
	}
	if len(s.origins) < maxOrigins {
		s.origins[o] = true
	}
}

// knownOrigins is every origin the session opened or loaded state for,
// with those of the frames its tabs show now.
func (s *BrowserSession) knownOrigins(ctx context.Context) []string {
	for _, t := range s.Targets() {
		if !t.IsPage() {
			continue
		}
		tree, err := t.Client.Page.GetFrameTree(ctx)
		if err != nil {
			continue
		}
		var walk func(n page.FrameTree)
		walk = func(n page.FrameTree) {
			s.noteOrigin(n.Frame.URL)
			for _, c := range n.ChildFrames {
				walk(c)
			}
		}
		walk(tree.FrameTree)
	}
	s.originMu.Lock()
	defer s.originMu.Unlock()
	out := make([]string, 0, len(s.origins))
	for o := range s.origins {
		out = append(out, o)
	}
	sort.Strings(out)
	return out
}

// StorageState reads the session's state: every cookie of its browser
// context and the non-empty localStorage of each origin it has opened
// (pages and frames, now or before) or loaded state for. Origins outside
// the URL policy are left out.
func (s *BrowserSession) StorageState(ctx context.Context) (events.StorageState, error) {
	st := events.StorageState{Cookies: []events.Cookie{}, Origins: []events.OriginState{}}
	all, err := s.allCookies(ctx)
	if err != nil {
		return st, err
	}
	for _, c := range all {
		st.Cookies = append(st.Cookies, c.public())
	}
	origins := slices.DeleteFunc(s.knownOrigins(ctx), func(o string) bool { return s.cfg.Policy.CheckOrigin(o) != nil })
	if len(origins) == 0 {
		return st, nil
	}
	p, err := s.openStoragePage(ctx)
	if err != nil {
		return st, err
	}
	defer p.close(ctx)
	for _, o := range origins {
		items, err := p.localItems(ctx, o)
		if err != nil {
			return st, err
		}
		if len(items) > 0 {
			st.Origins = append(st.Origins, events.OriginState{Origin: o, LocalStorage: items})
		}
	}
	return st, nil
}

// SaveStorageState reads the session's state and writes it to path as
// JSON, mode 0600, replacing the file at once (never through a symbolic
// link).
func (s *BrowserSession) SaveStorageState(ctx context.Context, path string) (events.StorageStateResult, error) {
	st, err := s.StorageState(ctx)
	if err != nil {
		return events.StorageStateResult{}, err
	}
	res := stateSummary(st)
	if path == "" {
		res.State = &st
		return res, nil
	}
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return res, fmt.Errorf("encoding the storage state: %w", err)
	}
	abs, err := safefile.Write(path, append(b, '\n'))
	if err != nil {
		return res, events.Errorf(events.CodeInvalidArgument, "writing storage state: %v; nothing was written", err)
	}
	res.Path = abs
	return res, nil
}

func stateSummary(st events.StorageState) events.StorageStateResult {
	res := events.StorageStateResult{Cookies: len(st.Cookies), Origins: []string{}}
	for _, o := range st.Origins {
		res.Origins = append(res.Origins, o.Origin)
	}
	return res
}

// LoadStorageState adds st's cookies and localStorage items to the session
// (see events.LoadStorageStateEvent). The whole state is checked first
// (invalid_argument, or url_not_allowed for an origin outside the URL
// policy); if applying it fails, what was there is put back.
func (s *BrowserSession) LoadStorageState(ctx context.Context, st events.StorageState) (events.StorageStateResult, error) {
	if err := ValidateStorageState(st); err != nil {
		return events.StorageStateResult{}, err
	}
	// One entry per origin, in its normal form; a later entry's items
	// follow an earlier one's. Empty, not null, when there is none: the
	// result's origins is a list.
	origins := []string{}
	items := map[string][]events.StorageItem{}
	for _, o := range st.Origins {
		n, _ := parseStateOrigin(o.Origin)
		if err := s.cfg.Policy.CheckOrigin(n); err != nil {
			return events.StorageStateResult{}, events.Errorf(events.CodeURLNotAllowed,
				"the state has localStorage for %s, which this session's URL policy does not allow; nothing was loaded", n)
		}
		if _, ok := items[n]; !ok {
			origins = append(origins, n)
		}
		items[n] = append(items[n], o.LocalStorage...)
	}
	params := make([]map[string]any, 0, len(st.Cookies))
	for _, c := range st.Cookies {
		params = append(params, cookieParam(c, ""))
	}
	before, err := s.allCookies(ctx)
	if err != nil {
		return events.StorageStateResult{}, err
	}
	// Before anything is set: a state the browser would not keep whole
	// is refused, not half kept.
	if err := checkCookieRoom(before, st.Cookies); err != nil {
		return events.StorageStateResult{}, err
	}
	if err := s.setCookies(ctx, params); err != nil {
		// The browser checks every cookie before it sets any; put back
		// what was there all the same, in case it set some.
		s.rollbackCookies(ctx, before)
		return events.StorageStateResult{}, events.NewError(events.CodeInvalidArgument, err,
			"the browser refused the state's cookies (%s); nothing was loaded", innerCDP(err))
	}
	res := stateSummary(st)
	res.Origins = origins
	if res.Origins == nil {
		res.Origins = []string{}
	}
	if len(origins) > 0 {
		if err := s.loadLocalStorage(ctx, origins, items); err != nil {
			s.rollbackCookies(ctx, before)
			return events.StorageStateResult{}, fmt.Errorf("loading localStorage (nothing was loaded): %w", err)
		}
		for _, o := range origins {
			s.noteOrigin(o)
		}
	}
	if len(st.Cookies) > 0 {
		// Say what the browser holds, not what was sent: it drops some
		// cookies without a word (expired ones, for one).
		now, err := s.allCookies(ctx)
		if err != nil {
			return res, fmt.Errorf("reading the cookies back after loading the state (it was loaded): %w", err)
		}
		res.Cookies, res.Dropped, res.DroppedMore = heldOf(st.Cookies, now)
		if n := len(res.Dropped) + res.DroppedMore; n > 0 {
			res.Warning = fmt.Sprintf("the browser did not keep %d of the state's cookies (expired, or not valid for their domain): see dropped", n)
		}
	}
	return res, nil
}

// loadLocalStorage sets each origin's items, and on a failure puts back
// the items of the origins it changed.
func (s *BrowserSession) loadLocalStorage(ctx context.Context, origins []string, items map[string][]events.StorageItem) error {
	p, err := s.openStoragePage(ctx)
	if err != nil {
		return err
	}
	defer p.close(ctx)
	type saved struct {
		origin string
		items  []events.StorageItem
	}
	var done []saved
	apply := func(o string) error {
		prev, err := p.localItems(ctx, o)
		if err != nil {
			return err
		}
		done = append(done, saved{o, prev})
		id := storageID(o, "", true)
		for _, it := range items[o] {
			if err := domSet(ctx, p.t, id, it.Name, it.Value); err != nil {
				return fmt.Errorf("%s: %w", o, err)
			}
		}
		return nil
	}
	for _, o := range origins {
		if err := apply(o); err != nil {
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storagePageTimeout)
			defer cancel()
			var errs []error
			for _, d := range done {
				errs = append(errs, p.replaceLocal(rctx, d.origin, d.items))
			}
			if rerr := errors.Join(errs...); rerr != nil {
				s.log.Warn().Err(rerr).Msg("putting back localStorage after a failed load")
			}
			return err
		}
	}
	return nil
}

// rollbackCookies puts back the cookies a failed load found, if they
// changed, even after ctx ended.
func (s *BrowserSession) rollbackCookies(ctx context.Context, before []cdpCookie) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storagePageTimeout)
	defer cancel()
	if now, err := s.allCookies(rctx); err == nil && sameCookies(before, now) {
		return
	}
	if err := s.restoreCookies(rctx, before); err != nil {
		s.log.Warn().Err(err).Msg("putting back cookies after a failed load")
	}
}

// sameCookies reports whether two reads of the cookies found the same.
func sameCookies(a, b []cdpCookie) bool {
	key := func(c cdpCookie) string {
		k, _ := json.Marshal(c)
		return string(k)
	}
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, c := range a {
		seen[key(c)]++
	}
	for _, c := range b {
		k := key(c)
		if seen[k] == 0 {
			return false
		}
		seen[k]--
	}
	return true
}
