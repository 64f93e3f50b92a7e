package apicheck_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Every Go block in README.md and docs/*.md must compile, as Go's own
// example tests keep theirs honest. A block is one of:
//
//   - declarations (it has a top-level func, type, var or const): all the
//     declaration blocks of one document form one package, so a later
//     block may use what an earlier one declared;
//   - statements: compiled as the body of a function, with the names a
//     reader assumes in scope (ctx, s, h, t, b, cfg, token, and
//     NewMyWatchdog for a reader's own constructor) declared;
//     the function may return nothing, an error, or a value and an error,
//     whichever the block's returns need.
//
// Every package a block may name (the standard library's usual ones, ours,
// fx, zerolog, testify) is imported for it; a declared but unused name or
// import is not an error here, since a fragment shows a part of a program.

// snippetImports are the packages a snippet may use without importing.
var snippetImports = map[string]string{
	"context": "context", "errors": "errors", "fmt": "fmt", "os": "os", "time": "time",
	"strings": "strings", "json": "encoding/json", "http": "net/http", "testing": "testing",
	"atomic": "sync/atomic", "sync": "sync", "log": "log",
	"fx":            "go.uber.org/fx",
	"zerolog":       "github.com/rs/zerolog",
	"require":       "github.com/stretchr/testify/require",
	"bus":           mod + "/bus",
	"events":        mod + "/events",
	"session":       mod + "/session",
	"actions":       mod + "/actions",
	"request":       mod + "/request",
	"mcpserver":     mod + "/mcpserver",
	"watchdogs":     mod + "/watchdogs",
	"standard":      mod + "/watchdogs/standard",
	"watchdogtest":  mod + "/watchdogs/watchdogtest",
	"console":       mod + "/watchdogs/console",
	"network":       mod + "/watchdogs/network",
	"dialog":        mod + "/watchdogs/dialog",
	"frame":         mod + "/watchdogs/frame",
	"evaluate":      mod + "/watchdogs/evaluate",
	"emulation":     mod + "/watchdogs/emulation",
	"route":         mod + "/watchdogs/route",
	"defaultaction": mod + "/watchdogs/defaultaction",
}

// snippetScope declares the names a statement block may use unannounced.
const snippetScope = `
var (
	ctx   context.Context
	s     *session.BrowserSession
	h     watchdogs.Host
	t     *testing.T
	b     *bus.Bus
	cfg   session.Config
	token string

	// NewMyWatchdog stands for a reader's own watchdog constructor.
	NewMyWatchdog func() (watchdogs.Watchdog, error)
)
`

var goBlock = regexp.MustCompile("(?s)```go\n(.*?)```")

func TestDocSnippetsCompile(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../../README.md")
	imp := snippetImporter(t)
	blocks := 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var decls, stmts []string
		for _, m := range goBlock.FindAllStringSubmatch(string(text), -1) {
			blocks++
			if isDeclarations(m[1]) {
				decls = append(decls, m[1])
			} else {
				stmts = append(stmts, m[1])
			}
		}
		if len(decls)+len(stmts) == 0 {
			continue
		}
		name := filepath.Base(f)
		for _, msg := range compileSnippets(imp, decls, stmts) {
			t.Errorf("%s: %s", name, msg)
		}
	}
	if blocks < 5 {
		t.Fatalf("found %d Go blocks in the docs: is the test reading them?", blocks)
	}
}

// isDeclarations reports whether a block is top-level declarations.
func isDeclarations(src string) bool {
	for _, line := range strings.Split(src, "\n") {
		for _, kw := range []string{"func ", "type ", "package ", "import "} {
			if strings.HasPrefix(line, kw) {
				return true
			}
		}
	}
	return false
}

// compileSnippets type-checks one document's blocks and returns what
// fails, each with the block it comes from.
func compileSnippets(imp types.Importer, decls, stmts []string) []string {
	header := "package snippet\n\nimport (\n"
	var names []string
	for n := range snippetImports {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		header += fmt.Sprintf("\t%s %q\n", n, snippetImports[n])
	}
	header += ")\n" + snippetScope
	declSrc := strings.Join(decls, "\n")
	var problems []string
	if errs := typeCheck(imp, header+declSrc); len(errs) > 0 {
		problems = append(problems, "declarations do not compile: "+strings.Join(errs, "; ")+"\n"+declSrc)
	}
	for i, st := range stmts {
		var last []string
		ok := false
		for _, sig := range []string{"()", "() error", "() (any, error)"} {
			src := header + declSrc + fmt.Sprintf("\nfunc snippet%d%s {\n%s\n", i, sig, st)
			switch sig {
			case "() error":
				src += "return nil\n"
			case "() (any, error)":
				src += "return nil, nil\n"
			}
			src += "}\n"
			errs := typeCheck(imp, src)
			if len(errs) == 0 {
				ok = true
				break
			}
			if last == nil {
				last = errs
			}
		}
		if !ok {
			problems = append(problems, "block does not compile: "+strings.Join(last, "; ")+"\n"+st)
		}
	}
	return problems
}

// typeCheck type-checks src and returns its hard errors.
func typeCheck(imp types.Importer, src string) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "snippet.go", src, 0)
	if err != nil {
		return []string{err.Error()}
	}
	var errs []string
	conf := types.Config{Importer: imp, Error: func(err error) {
		if te, ok := err.(types.Error); ok && te.Soft {
			return // unused names and imports: a fragment shows a part
		}
		errs = append(errs, err.Error())
	}}
	_, _ = conf.Check("snippet", fset, []*ast.File{f}, nil)
	return errs
}

// snippetImporter imports from the export data go list builds.
func snippetImporter(t *testing.T) types.Importer {
	t.Helper()
	var paths []string
	for _, p := range snippetImports {
		paths = append(paths, p)
	}
	lookup := exportDataOf(t, paths)
	fset := token.NewFileSet()
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := lookup[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
}
