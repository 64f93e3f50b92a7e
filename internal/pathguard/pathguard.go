package pathguard

import (
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
)

// Config describes a Sandbox.
type Config struct {
	// Base is where relative paths resolve (made absolute); empty means
	// the first of Dirs.
	Base string
	// Dirs are the directories whose files the client may read and
	// write, and everything below them.
	Dirs []string
	// Own are the client's own directories (its directory, its session's
	// downloads): allowed like Dirs, and the only way into Private.
	Own []string
	// Private are the server's directories (its runtime directory, a
	// download directory split between clients) that no path reaches
	// except through Own: an allowed directory that holds one, such as an
	// operator's /tmp, does not open it.
	Private []string
	// ReadOnly are files the client may read when they lie in Dirs but
	// never write (the server's own storage state).
	ReadOnly []string
	// Unrestricted lets every path through (the operator's
	// --allow-unrestricted-file-access); paths are still made absolute.
	Unrestricted bool
	// Hint ends every refusal's message: what the client can do instead.
	Hint string
}

// Sandbox decides which paths a client may use. It is a value built for
// one check or one call; build another when the directories change.
type Sandbox struct {
	base     string
	dirs     []string // absolute, links resolved
	own      []string // absolute, links resolved; also in dirs
	private  []string // absolute, links resolved
	readOnly []string // absolute, links resolved
	open     bool
	hint     string
}

// New builds the sandbox c describes. A directory that cannot be resolved
// (it does not exist yet) is kept as it is written, made absolute.
func New(c Config) *Sandbox {
	s := &Sandbox{open: c.Unrestricted, hint: c.Hint}
	s.dirs = addDirs(nil, c.Dirs...)
	s.own = addDirs(nil, c.Own...)
	s.dirs = addDirs(s.dirs, s.own...)
	s.private = addDirs(nil, c.Private...)
	for _, f := range c.ReadOnly {
		if f != "" {
			s.readOnly = append(s.readOnly, resolveFile(f))
		}
	}
	s.base = c.Base
	if s.base == "" && len(s.dirs) > 0 {
		s.base = s.dirs[0]
	}
	if s.base != "" {
		if abs, err := filepath.Abs(s.base); err == nil {
			s.base = abs
		}
	}
	return s
}

// Dirs lists the allowed directories, links resolved.
func (s *Sandbox) Dirs() []string { return slices.Clone(s.dirs) }

// Unrestricted reports whether the sandbox lets every path through.
func (s *Sandbox) Unrestricted() bool { return s.open }

// addDirs adds to list each of dirs, resolved, that it lacks.
func addDirs(list []string, dirs ...string) []string {
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if r := resolveDir(d); !slices.Contains(list, r) {
			list = append(list, r)
		}
	}
	return list
}

// With returns a sandbox that also allows dirs.
func (s *Sandbox) With(dirs ...string) *Sandbox {
	n := *s
	n.dirs = addDirs(slices.Clone(s.dirs), dirs...)
	return &n
}

// Allows reports whether the resolved path p lies in an allowed directory
// (and, inside a private one, in one of the client's own).
func (s *Sandbox) Allows(p string) bool {
	if s.open {
		return true
	}
	if p == "" || s.privateDir(p) != "" {
		return false
	}
	for _, d := range s.dirs {
		if Within(p, d) {
			return true
		}
	}
	return false
}

// privateDir is the private directory of the server that holds p, unless
// p lies in one of the client's own directories: "" when p is not kept
// from the client.
func (s *Sandbox) privateDir(p string) string {
	if s.open {
		return ""
	}
	for _, d := range s.own {
		if Within(p, d) {
			return ""
		}
	}
	for _, d := range s.private {
		if Within(p, d) {
			return d
		}
	}
	return ""
}

// refuseOutside is path_not_allowed for p (resolved to r), saying when r
// lies in a private directory of the server.
func (s *Sandbox) refuseOutside(p, r string) error {
	if d := s.privateDir(r); d != "" && r != "" {
		return s.refuse(p, r, "it lies in "+d+", a directory the server keeps for itself and its clients, each of which reaches only its own part")
	}
	return s.refuse(p, r, "")
}

// Read checks a file the client asks to read (upload, load) and returns
// the path to read: absolute, every link resolved. A path that does not
// exist resolves as far as it exists; the caller's open then says it is
// missing, without telling a missing file outside the sandbox from one
// that is there.
func (s *Sandbox) Read(p string) (string, error) { return s.resolved(p) }

// Write checks a file the client asks to write (save, print to) and
// returns the path to write: its directory's links resolved, the file
// itself never a link. The file the sandbox holds read-only is refused.
func (s *Sandbox) Write(p string) (string, error) {
	abs, err := s.abs(p)
	if err != nil {
		return "", err
	}
	if st, err := os.Lstat(abs); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		if s.open {
			return "", events.Errorf(events.CodeInvalidArgument, "%s is a symbolic link; nothing is written through one: give the path of the file itself", abs)
		}
		return "", s.refuse(p, abs, "it is a symbolic link, and nothing is written through one")
	}
	r := ""
	if dir := resolve(filepath.Dir(abs)); dir != "" {
		r = filepath.Join(dir, filepath.Base(abs))
	}
	if !s.Allows(r) {
		return "", s.refuseOutside(p, r)
	}
	for _, ro := range s.readOnly {
		if r == ro {
			return "", s.refuse(p, r, "it is the server's storage state, which clients load but never write")
		}
	}
	return r, nil
}

// Dir checks a directory the client asks to have files written into and
// returns it resolved.
func (s *Sandbox) Dir(p string) (string, error) { return s.resolved(p) }

// resolved is p absolute with every link resolved, when the sandbox
// allows it.
func (s *Sandbox) resolved(p string) (string, error) {
	abs, err := s.abs(p)
	if err != nil {
		return "", err
	}
	r := resolve(abs)
	if !s.Allows(r) {
		return "", s.refuseOutside(p, r)
	}
	return r, nil
}

func (s *Sandbox) abs(p string) (string, error) {
	if p == "" {
		return "", events.Errorf(events.CodeInvalidArgument, "no path given")
	}
	if strings.ContainsRune(p, 0) {
		return "", events.Errorf(events.CodeInvalidArgument, "path %q has a NUL byte", p)
	}
	if !filepath.IsAbs(p) {
		if s.base == "" {
			return "", events.Errorf(events.CodeInvalidArgument, "path %q is relative and there is no directory to resolve it in: give an absolute path", p)
		}
		p = filepath.Join(s.base, p)
	}
	return filepath.Clean(p), nil
}

// Refuse is path_not_allowed for what, a use of the file system the
// caller found outside the sandbox, saying why and naming the allowed
// directories.
func (s *Sandbox) Refuse(what, why string) error {
	err := s.refuse(what, what, why)
	var e *events.Error
	if errors.As(err, &e) {
		e.Details.Path = ""
	}
	return err
}

// refuse is path_not_allowed for p (resolved to r), naming the allowed
// directories.
func (s *Sandbox) refuse(p, r, why string) error {
	what := p
	if r == "" {
		what = p + " (which does not resolve)"
	} else if r != p {
		what = p + " (" + r + ")"
	}
	msg := what + " is outside the directories this client may use"
	if why != "" {
		msg = what + " is not allowed: " + why
	}
	dirs := "none"
	if len(s.dirs) > 0 {
		dirs = strings.Join(s.dirs, ", ")
	}
	msg += "; nothing was read or written. Allowed: " + dirs
	if s.base != "" {
		msg += " (relative paths resolve in " + s.base + ")"
	}
	if s.hint != "" {
		msg += ". " + s.hint
	}
	return events.Errorf(events.CodePathNotAllowed, "%s", msg).
		WithDetails(events.ErrorDetails{Path: p}).WithExtra("allowed_dirs", s.Dirs())
}

// Within reports whether p is dir or lies below it (both absolute and
// clean).
func Within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel))
}

// resolve follows the links of the longest part of abs that exists and
// puts back the rest, which, not existing, holds no link. A part that
// exists but does not resolve (a link to nowhere, a directory it may not
// search) gives "": nobody can say where it leads.
func resolve(abs string) string {
	rest := ""
	p := abs
	for {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			if rest == "" {
				return r
			}
			return filepath.Join(r, rest)
		}
		if _, err := os.Lstat(p); err == nil {
			return ""
		}
		parent := filepath.Dir(p)
		if parent == p {
			return abs
		}
		if rest == "" {
			rest = filepath.Base(p)
		} else {
			rest = filepath.Join(filepath.Base(p), rest)
		}
		p = parent
	}
}

func resolveDir(d string) string {
	abs, err := filepath.Abs(d)
	if err != nil {
		return filepath.Clean(d)
	}
	if r := resolve(abs); r != "" {
		return r
	}
	return abs
}

func resolveFile(f string) string { return resolveDir(f) }

// Overlap is the part of roots the operator's allowed directories cover:
// a root inside an allowed directory, or an allowed directory inside a
// root. Over HTTP a client's roots name its own machine's directories; they
// mean something on the server only where the operator shares them.
func Overlap(roots, allowed []string) []string {
	var out []string
	add := func(d string) {
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	for _, r := range roots {
		rr := resolveDir(r)
		for _, a := range allowed {
			ar := resolveDir(a)
			switch {
			case Within(rr, ar):
				add(rr)
			case Within(ar, rr):
				add(ar)
			}
		}
	}
	return out
}

// ErrNotFileURI is FileURIPath's error for a URI that names no local path.
var ErrNotFileURI = errors.New("not a file: URI of this machine")

// FileURIPath is the local path a file: URI names (an MCP root's URI).
func FileURIPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || !strings.EqualFold(u.Scheme, "file") || (u.Host != "" && !strings.EqualFold(u.Host, "localhost")) || !filepath.IsAbs(u.Path) {
		return "", ErrNotFileURI
	}
	return filepath.Clean(u.Path), nil
}
