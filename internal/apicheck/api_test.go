package apicheck_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const mod = "github.com/agentbrowser/agentbrowser"

// public are the packages whose exported API users program against:
// every package of the module but the internal ones and the commands.
var public = publicPackages()

func publicPackages() []string {
	out, err := exec.Command("go", "list", mod+"/...").Output()
	if err != nil {
		panic("go list: " + err.Error())
	}
	var pkgs []string
	for _, p := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(p, mod)
		if strings.Contains(rel+"/", "/internal/") || strings.HasPrefix(rel, "/cmd/") || strings.HasPrefix(rel, "/e2e/") {
			continue
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// escapeHatches are the exported places that hand out raw CDP on purpose:
// a watchdog or a program that needs a protocol method agentbrowser does
// not wrap talks to the browser through them. Each is named as such in its
// doc comment.
var escapeHatches = map[string]string{
	"session.Target.Client":          "raw CDP client of one target, for watchdogs",
	"session.Target.Conn":            "raw rpcc connection of one target, for raw calls by method name",
	"session.BrowserSession.Browser": "raw CDP client of the browser session",
	"session.Evaluate":               "plain Runtime.evaluate on a raw client, used before an evaluate engine exists",
	"session.AttachHook":             "per-target setup receives the target with its raw client",
}

func TestExportedAPIUsesOnlyNameableTypes(t *testing.T) {
	if len(public) < 15 {
		t.Fatalf("found only %d public packages: %v", len(public), public)
	}
	lookup := exportData(t)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := lookup[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
	var problems []string
	for _, path := range public {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("importing %s: %v", path, err)
		}
		problems = append(problems, check(pkg)...)
	}
	sort.Strings(problems)
	if len(problems) > 0 {
		t.Errorf("%d exported declarations use a type users cannot name or should not depend on:\n%s",
			len(problems), strings.Join(problems, "\n"))
	}
}

// exportData maps every package the public ones need to its compiled
// export data, which go list builds.
func exportData(t *testing.T) map[string]string {
	t.Helper()
	return exportDataOf(t, public)
}

// exportDataOf maps the packages paths need to their export data.
func exportDataOf(t *testing.T, paths []string) map[string]string {
	t.Helper()
	args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}"}, paths...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if p, f, ok := strings.Cut(sc.Text(), " "); ok && f != "" {
			m[p] = f
		}
	}
	return m
}

// check returns a line per exported declaration of pkg whose signature
// mentions a forbidden type.
func check(pkg *types.Package) []string {
	var out []string
	short := pkg.Name()
	report := func(where string, typ types.Type) {
		why := forbidden(typ, map[types.Type]bool{})
		if _, ok := escapeHatches[where]; ok && !strings.Contains(why, "internal type") {
			// An escape hatch may hand out the CDP library's types,
			// which users can name; never one of our internal ones.
			return
		}
		if why != "" {
			out = append(out, fmt.Sprintf("  %s: %s", where, why))
		}
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		where := short + "." + name
		switch o := obj.(type) {
		case *types.Func:
			report(where, o.Type())
		case *types.Var:
			report(where, o.Type())
		case *types.Const:
		case *types.TypeName:
			named, ok := o.Type().(*types.Named)
			if !ok {
				report(where, o.Type())
				continue
			}
			switch u := named.Underlying().(type) {
			case *types.Struct:
				for i := 0; i < u.NumFields(); i++ {
					if f := u.Field(i); f.Exported() {
						report(where+"."+f.Name(), f.Type())
					}
				}
			case *types.Interface:
				for i := 0; i < u.NumMethods(); i++ {
					if m := u.Method(i); m.Exported() {
						report(where+"."+m.Name(), m.Type())
					}
				}
			default:
				report(where, u)
			}
			for i := 0; i < named.NumMethods(); i++ {
				if m := named.Method(i); m.Exported() {
					report(where+"."+m.Name(), m.Type())
				}
			}
		}
	}
	return out
}

// forbidden says why typ may not appear in an exported signature, or "".
// It looks through composite types but not into other named types, which
// are checked where they are declared.
func forbidden(typ types.Type, seen map[types.Type]bool) string {
	if seen[typ] {
		return ""
	}
	seen[typ] = true
	switch t := typ.(type) {
	case *types.Named:
		if p := t.Obj().Pkg(); p != nil {
			path := p.Path()
			switch {
			case strings.HasPrefix(path, "github.com/mafredri/cdp"):
				return "uses " + path + "." + t.Obj().Name() + " (a CDP library type)"
			case strings.Contains(path, "/internal/") && strings.HasPrefix(path, mod):
				return "uses " + path + "." + t.Obj().Name() + " (an internal type)"
			}
		}
		if args := t.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				if why := forbidden(args.At(i), seen); why != "" {
					return why
				}
			}
		}
		return ""
	case *types.Alias:
		return forbidden(types.Unalias(t), seen)
	case *types.Map:
		if isString(t.Key()) && isEmptyInterface(t.Elem()) {
			return "uses map[string]any (an untyped result)"
		}
		if why := forbidden(t.Key(), seen); why != "" {
			return why
		}
		return forbidden(t.Elem(), seen)
	case *types.Pointer:
		return forbidden(t.Elem(), seen)
	case *types.Slice:
		return forbidden(t.Elem(), seen)
	case *types.Array:
		return forbidden(t.Elem(), seen)
	case *types.Chan:
		return forbidden(t.Elem(), seen)
	case *types.Signature:
		for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
			for i := 0; i < tup.Len(); i++ {
				if why := forbidden(tup.At(i).Type(), seen); why != "" {
					return why
				}
			}
		}
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if f := t.Field(i); f.Exported() {
				if why := forbidden(f.Type(), seen); why != "" {
					return why
				}
			}
		}
	case *types.Interface:
		for i := 0; i < t.NumMethods(); i++ {
			if why := forbidden(t.Method(i).Type(), seen); why != "" {
				return why
			}
		}
	}
	return ""
}

func isString(t types.Type) bool {
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

func isEmptyInterface(t types.Type) bool {
	i, ok := types.Unalias(t).Underlying().(*types.Interface)
	return ok && i.NumMethods() == 0 && i.NumEmbeddeds() == 0
}
