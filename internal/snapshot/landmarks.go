package snapshot

import (
	"crypto/sha256"
	"encoding/binary"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
)

// Site chrome said once. The banner, navigation, footer, sidebar and
// search of a site's pages are mostly the same subtree on every page. The
// engine remembers, per site, the fingerprints of the landmark subtrees a
// capture showed whole, with the names of their refs. On a later page
// (another document) of that site:
//   - a landmark subtree with a remembered fingerprint takes the same ref
//     names as before, element for element, so a ref the agent kept from
//     the earlier page names the same link on this one (the earlier
//     page's element is gone, so no ref ever names two live elements);
//   - unless the capture asks for every line (Options.Full), a find, a
//     scope, a depth or interactive lines, the subtree is shown as its
//     landmark's line alone, which says so and lists the refs it holds.
//     The landmark line carries a ref, so a capture scoped to it shows
//     the subtree whole.

// dedupRoles are the landmark roles whose subtrees a site repeats.
var dedupRoles = map[string]bool{"banner": true, "navigation": true, "contentinfo": true,
	"complementary": true, "search": true}

// repeatPrefix starts the note on a landmark line that stands for its
// subtree.
const repeatPrefix = "same as on an earlier page: "

// maxRemembered bounds the landmarks an engine remembers; past it the
// memory starts again.
const maxRemembered = 256

// seenLandmark is a landmark subtree a capture showed whole.
type seenLandmark struct {
	// w is the world (document) that showed it last.
	w *world
	// refs are the names of its refs, in document order.
	refs []events.Ref
	// anchor is the ref of the landmark's own line when it has none of
	// its own (an unnamed landmark gets one when it stands for its
	// subtree).
	anchor events.Ref
}

type landmarkKey struct {
	site string
	sum  [sha256.Size]byte
}

// span is one landmark subtree of a walk: recs[head] and its descendants
// up to end (exclusive).
type span struct {
	head, end int
	key       landmarkKey
	mem       *seenLandmark
	collapse  bool
}

// siteOf is the origin of a document's url, or "" for documents that
// belong to no site (about:blank, data:).
func siteOf(u string) string {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return ""
	}
	return p.Scheme + "://" + p.Host
}

// landmarkSpans finds the landmark subtrees of a walk of w and what the
// engine remembers of them. collapse marks, outermost first, those shown
// whole on another document. Subtrees holding an out-of-process iframe,
// whose content the walk does not see, are left out. Callers hold
// Engine.capMu.
func (e *Engine) landmarkSpans(w *world, recs *records, collapse bool) []span {
	site := siteOf(recs.url)
	if site == "" {
		return nil
	}
	var out []span
	rs := recs.recs
	for i, r := range rs {
		if r.text || !dedupRoles[r.role] {
			continue
		}
		end := i + 1
		oop := false
		for end < len(rs) && rs[end].depth > r.depth {
			oop = oop || rs[end].oop
			end++
		}
		if oop {
			continue
		}
		sp := span{head: i, end: end, key: landmarkKey{site: site, sum: fingerprint(rs[i:end])}}
		sp.mem = e.seen[sp.key]
		out = append(out, sp)
	}
	if !collapse {
		return out
	}
	coveredTo := -1
	for i := range out {
		sp := &out[i]
		if sp.head < coveredTo || sp.mem == nil || sp.mem.w == w || sp.end-sp.head < 3 {
			continue
		}
		// What this page showed of the landmark last is what the agent
		// knows of it here: a landmark that has become what an earlier
		// page showed (a search box's suggestions, typed on both pages)
		// has changed all the same.
		if last, ok := w.shown[rs[sp.head].id]; ok && last != sp.key.sum {
			continue
		}
		sp.collapse = true
		coveredTo = sp.end
	}
	return out
}

// fingerprint sums what a subtree's lines show: depths relative to its
// top, roles, names, states, values and text, never ref numbers.
func fingerprint(rs []record) [sha256.Size]byte {
	h := sha256.New()
	var num [8]byte
	base := rs[0].depth
	field := func(s string) {
		binary.LittleEndian.PutUint64(num[:], uint64(len(s)))
		h.Write(num[:])
		h.Write([]byte(s))
	}
	for _, r := range rs {
		flags := 0
		if r.text {
			flags |= 1
		}
		if r.quiet {
			flags |= 2
		}
		if r.id != 0 && !r.anchor {
			flags |= 4
		}
		for _, n := range []int{r.depth - base, flags, r.nth, r.frame} {
			binary.LittleEndian.PutUint64(num[:], uint64(n))
			h.Write(num[:])
		}
		field(r.role)
		field(r.name)
		field(r.attrs)
		field(r.value)
		field(r.t)
	}
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// wantedNames maps the records of remembered subtrees to the ref names
// they had, outermost subtree first.
func wantedNames(rs []record, spans []span) map[int]events.Ref {
	want := map[int]events.Ref{}
	for _, sp := range spans {
		if sp.mem == nil {
			continue
		}
		if sp.mem.anchor != "" && rs[sp.head].anchor {
			if _, ok := want[sp.head]; !ok {
				want[sp.head] = sp.mem.anchor
			}
		}
		k := 0
		for i := sp.head; i < sp.end && k < len(sp.mem.refs); i++ {
			if rs[i].id == 0 || rs[i].anchor {
				continue
			}
			if _, ok := want[i]; !ok {
				want[i] = sp.mem.refs[k]
			}
			k++
		}
	}
	return want
}

// repeatNote is the note on a landmark line that stands for its subtree.
func repeatNote(refs []events.Ref) string {
	switch len(refs) {
	case 0:
		return repeatPrefix + "no refs"
	case 1:
		return repeatPrefix + "1 ref " + string(refs[0])
	}
	return repeatPrefix + strconv.Itoa(len(refs)) + " refs " + refRanges(refs)
}

// refRanges writes refs compactly: e4-e9,e12.
func refRanges(refs []events.Ref) string {
	nums := make([]int, 0, len(refs))
	for _, r := range refs {
		if n, err := strconv.Atoi(strings.TrimPrefix(string(r), "e")); err == nil {
			nums = append(nums, n)
		}
	}
	slices.Sort(nums)
	var b strings.Builder
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString("e" + strconv.Itoa(nums[i]))
		if j > i {
			b.WriteString("-e" + strconv.Itoa(nums[j]))
		}
		i = j + 1
	}
	return b.String()
}

// maxExpanded bounds the refs expandRefs returns for one list.
const maxExpanded = 100000

// expandRefs reads a list written by refRanges.
func expandRefs(list string) []string {
	var out []string
	for part := range strings.SplitSeq(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimPrefix(lo, "e"))
		if err != nil || !strings.HasPrefix(lo, "e") {
			continue
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimPrefix(hi, "e")); err != nil || b < a {
				continue
			}
		}
		for n := a; n <= b && len(out) < maxExpanded; n++ {
			out = append(out, "e"+strconv.Itoa(n))
		}
	}
	return out
}

// remember records the landmark subtrees a capture showed whole. Callers
// hold Engine.capMu.
func (e *Engine) remember(shownWhole []pendingLandmark) {
	if len(shownWhole) == 0 {
		return
	}
	if e.seen == nil || len(e.seen)+len(shownWhole) > maxRemembered {
		e.seen = map[landmarkKey]*seenLandmark{}
	}
	for _, p := range shownWhole {
		m := e.seen[p.key]
		if m == nil {
			m = &seenLandmark{}
			e.seen[p.key] = m
		}
		m.w, m.refs = p.w, p.refs
		if p.anchor != "" {
			m.anchor = p.anchor
		}
	}
}

// noteShown records, in each landmark's world, the fingerprint of what a
// capture that showed them all showed of them, whole or as one line.
// Callers hold Engine.capMu.
func noteShown(shown []shownLandmark) {
	for _, s := range shown {
		if s.w.shown == nil {
			s.w.shown = map[int64][sha256.Size]byte{}
		}
		s.w.shown[s.id] = s.sum
	}
}

// shownLandmark is a landmark a capture showed, whole or as one line.
type shownLandmark struct {
	w   *world
	id  int64
	sum [sha256.Size]byte
}

// pendingLandmark is a landmark subtree a capture holds whole, remembered
// once the capture is known to have shown it all.
type pendingLandmark struct {
	key    landmarkKey
	w      *world
	refs   []events.Ref
	anchor events.Ref
}
