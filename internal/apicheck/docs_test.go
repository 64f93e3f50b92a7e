package apicheck_test

import (
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestExportedDocsNameNoInternalPackage holds the public packages'
// documentation to what their users can use: no exported doc comment may
// send a reader to an internal package (internal/..., or an identifier of
// one, such as cdpmux.TooLarge), which they cannot import.
func TestExportedDocsNameNoInternalPackage(t *testing.T) {
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, regexp.QuoteMeta(e.Name()))
		}
	}
	if len(names) < 3 {
		t.Fatalf("found %d internal packages beside apicheck, want the module's internal/ directory", len(names))
	}
	bad := regexp.MustCompile(`\binternal/|\b(` + strings.Join(names, "|") + `)\.[A-Z]\w*`)

	var problems []string
	for _, path := range public {
		dir := filepath.Join("..", "..", strings.TrimPrefix(path, mod+"/"))
		for where, text := range exportedDocs(t, dir) {
			if m := bad.FindString(text); m != "" {
				problems = append(problems, fmt.Sprintf("  %s mentions %s", where, m))
			}
		}
	}
	sort.Strings(problems)
	if len(problems) > 0 {
		t.Errorf("%d exported doc comments name an internal package:\n%s", len(problems), strings.Join(problems, "\n"))
	}
}

// exportedDocs returns the doc comments of dir's package a user reads in
// go doc: the package's, and those of its exported constants, variables,
// functions, types, their methods and their exported fields, keyed by
// where they are.
func exportedDocs(t *testing.T, dir string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ParseComments)
	if err != nil {
		t.Fatalf("parsing %s: %v", dir, err)
	}
	out := map[string]string{}
	for _, p := range pkgs {
		var files []*ast.File
		for _, f := range p.Files {
			files = append(files, f)
		}
		dp, err := doc.NewFromFiles(fset, files, "x/"+p.Name)
		if err != nil {
			t.Fatalf("reading the docs of %s: %v", dir, err)
		}
		out[p.Name] = dp.Doc
		values := func(vs []*doc.Value) {
			for _, v := range vs {
				out[p.Name+"."+strings.Join(v.Names, ",")] = v.Doc + specDocs(v.Decl)
			}
		}
		values(dp.Consts)
		values(dp.Vars)
		for _, f := range dp.Funcs {
			out[p.Name+"."+f.Name] = f.Doc
		}
		for _, ty := range dp.Types {
			where := p.Name + "." + ty.Name
			out[where] = ty.Doc + specDocs(ty.Decl)
			values(ty.Consts)
			values(ty.Vars)
			for _, f := range ty.Funcs {
				out[p.Name+"."+f.Name] = f.Doc
			}
			for _, m := range ty.Methods {
				out[where+"."+m.Name] = m.Doc
			}
		}
	}
	return out
}

// specDocs joins the comments inside a declaration that go doc shows with
// it: those of its specs and of the exported fields and methods of a
// struct or interface (go/doc has already dropped the unexported ones).
func specDocs(decl *ast.GenDecl) string {
	var b strings.Builder
	add := func(cgs ...*ast.CommentGroup) {
		for _, cg := range cgs {
			if cg != nil {
				b.WriteString("\n" + cg.Text())
			}
		}
	}
	fields := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			add(f.Doc, f.Comment)
		}
	}
	for _, s := range decl.Specs {
		switch s := s.(type) {
		case *ast.ValueSpec:
			add(s.Doc, s.Comment)
		case *ast.TypeSpec:
			add(s.Doc, s.Comment)
			switch tt := s.Type.(type) {
			case *ast.StructType:
				fields(tt.Fields)
			case *ast.InterfaceType:
				fields(tt.Methods)
			}
		}
	}
	return b.String()
}
