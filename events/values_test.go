package events_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestEventTypesHoldNoHiddenReferences: the bus copies what an observer
// receives by following exported fields; an unexported field that holds a
// pointer, slice, map, interface, function or channel would be shared with
// the observer, who could then reach the owner's input through a method.
// No struct in this package may have one, but for errors: the bus hands
// an observer an error wrapped, never copied (errors.Is compares
// sentinels by identity).
func TestEventTypesHoldNoHiddenReferences(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	type field struct {
		typ, name string
		pos       token.Position
	}
	var suspects []field
	errorTypes := map[string]bool{}
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if fd, ok := n.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Name.Name == "Error" {
				r := fd.Recv.List[0].Type
				if s, ok := r.(*ast.StarExpr); ok {
					r = s.X
				}
				if id, ok := r.(*ast.Ident); ok {
					errorTypes[id.Name] = true
				}
				return false
			}
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			checked++
			for _, fld := range st.Fields.List {
				for _, id := range fld.Names {
					if !id.IsExported() && holdsReference(fld.Type) {
						suspects = append(suspects, field{ts.Name.Name, id.Name, fset.Position(id.Pos())})
					}
				}
			}
			return true
		})
	}
	for _, f := range suspects {
		if !errorTypes[f.typ] {
			t.Errorf("%s: %s.%s is unexported and holds a reference", f.pos, f.typ, f.name)
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d struct types: is the test reading the package?", checked)
	}
}

func holdsReference(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.StarExpr, *ast.MapType, *ast.InterfaceType, *ast.FuncType, *ast.ChanType:
		return true
	case *ast.ArrayType:
		return x.Len == nil || holdsReference(x.Elt)
	case *ast.Ident:
		return x.Name == "any" || x.Name == "error"
	}
	return false
}
