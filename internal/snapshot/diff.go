package snapshot

import (
	"regexp"
	"sort"
	"strings"
)

// Diff is what changed between two snapshot texts of one tab: the lines of
// the newer text whose content is not in the older one, each under its
// nearest unchanged ancestor line for context, and the refs that
// disappeared.
type Diff struct {
	// Text is the changed lines with their context, in document order and
	// with their indentation; or the whole newer text when Full is set.
	Text string `json:"text"`
	// Full is true when Text is the whole newer snapshot: there was no older
	// one, or the diff would not have been smaller.
	Full bool `json:"full"`
	// Changed counts the lines of the newer text that are new or changed.
	Changed int `json:"changed"`
	// RemovedRefs are refs of the older text absent from the newer one.
	RemovedRefs []string `json:"removed_refs,omitempty"`
	// ChangedRefs are the refs carried by changed lines.
	ChangedRefs []string `json:"changed_refs,omitempty"`
}

var (
	refInLine = regexp.MustCompile(`\[ref=(e[0-9]+)\]`)
	// repeatInLine finds the refs a landmark line that stands for its
	// subtree lists (see repeatNote).
	repeatInLine = regexp.MustCompile(`\[` + regexp.QuoteMeta(repeatPrefix) + `[0-9]+ refs? (e[0-9e,\-]+)\]`)
)

// refsOf returns the refs a snapshot line names: its own, and those its
// subtree holds when it stands for one.
func refsOf(l string) []string {
	var out []string
	for _, m := range refInLine.FindAllStringSubmatch(l, -1) {
		out = append(out, m[1])
	}
	if m := repeatInLine.FindStringSubmatch(l); m != nil {
		out = append(out, expandRefs(m[1])...)
	}
	return out
}

// DiffText compares two snapshot texts (Result.Text) of the same tab. Lines
// are compared by their whole content, indentation included, as a
// multiset: a line that appears in next more often than in prev counts as
// changed. An empty prev gives the full text of next.
func DiffText(prev, next string) Diff {
	if prev == "" {
		return Diff{Text: next, Full: true, Changed: countLines(next)}
	}
	old := map[string]int{}
	oldRefs := map[string]bool{}
	// oldAt is where each ref's own line stood in prev.
	oldAt := map[string]int{}
	for i, l := range strings.Split(prev, "\n") {
		old[l]++
		for _, r := range refsOf(l) {
			oldRefs[r] = true
		}
		if m := refInLine.FindStringSubmatch(l); m != nil {
			oldAt[m[1]] = i
		}
	}
	lines := strings.Split(next, "\n")
	changed := make([]bool, len(lines))
	newRefs := map[string]bool{}
	d := Diff{}
	mark := func(i int) {
		changed[i] = true
		d.Changed++
		for _, m := range refInLine.FindAllStringSubmatch(lines[i], -1) {
			d.ChangedRefs = append(d.ChangedRefs, m[1])
		}
	}
	// kept are the lines of next with a ref that came back unchanged,
	// with where they stood in prev.
	var kept []placed
	for i, l := range lines {
		for _, r := range refsOf(l) {
			newRefs[r] = true
		}
		if old[l] > 0 {
			old[l]--
			if m := refInLine.FindStringSubmatch(l); m != nil {
				if at, ok := oldAt[m[1]]; ok {
					kept = append(kept, placed{i, at})
				}
			}
			continue
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		mark(i)
	}
	// A line that came back unchanged in another order (a sorted table's
	// rows, a reordered list's items) changed its place: it is shown.
	for _, i := range moved(kept) {
		mark(i)
	}
	for _, l := range strings.Split(prev, "\n") {
		for _, r := range refsOf(l) {
			if !newRefs[r] && oldRefs[r] {
				d.RemovedRefs = append(d.RemovedRefs, r)
				oldRefs[r] = false
			}
		}
	}
	// Keep each changed line and its nearest unchanged ancestor: the
	// closest earlier line with less indentation.
	keep := make([]bool, len(lines))
	for i := range lines {
		if !changed[i] {
			continue
		}
		keep[i] = true
		ind := indentOf(lines[i])
		for j := i - 1; j >= 0 && ind > 0; j-- {
			if indentOf(lines[j]) < ind {
				if !changed[j] {
					keep[j] = true
					break
				}
				ind = indentOf(lines[j])
			}
		}
	}
	var b strings.Builder
	for i, l := range lines {
		if keep[i] {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	d.Text = strings.TrimSuffix(b.String(), "\n")
	if len(d.Text)+len(strings.Join(d.RemovedRefs, ", ")) >= len(next) {
		return Diff{Text: next, Full: true, Changed: d.Changed, RemovedRefs: d.RemovedRefs, ChangedRefs: d.ChangedRefs}
	}
	return d
}

func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

func countLines(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(s, "\n") + 1
}

// placed is a line of the newer text (at) and where the same line stood in
// the older one (was).
type placed struct{ at, was int }

// moved returns the lines of kept (in the newer text's order) that left
// the order they had: all but a longest run of them whose older places
// rise, as few lines as explain the new order.
func moved(kept []placed) []int {
	// tails[k] is the index in kept of the smallest last place of a
	// rising run of length k+1; prev links each line to the one before
	// it in its run.
	var tails []int
	prev := make([]int, len(kept))
	for i, p := range kept {
		k := sort.Search(len(tails), func(k int) bool { return kept[tails[k]].was >= p.was })
		prev[i] = -1
		if k > 0 {
			prev[i] = tails[k-1]
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	inRun := make([]bool, len(kept))
	if len(tails) > 0 {
		for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
			inRun[i] = true
		}
	}
	var out []int
	for i, p := range kept {
		if !inRun[i] {
			out = append(out, p.at)
		}
	}
	return out
}
