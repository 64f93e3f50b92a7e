package events_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// exempt are events with a TabID that are not requests: the session emits
// them about a tab.
var exempt = map[string]bool{"TargetAttachedEvent": true, "TargetDetachedEvent": true}

// TestEveryTabScopedEventHasOnTab fails when an event struct with a TabID
// field has no OnTab method, so that --tab reaches every new command.
func TestEveryTabScopedEventHasOnTab(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	withTab := map[string]bool{}
	onTab := map[string]bool{}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.GenDecl:
					for _, s := range d.Specs {
						ts, ok := s.(*ast.TypeSpec)
						if !ok {
							continue
						}
						st, ok := ts.Type.(*ast.StructType)
						if !ok {
							continue
						}
						for _, fld := range st.Fields.List {
							for _, n := range fld.Names {
								if n.Name == "TabID" && fld.Tag == nil {
									withTab[ts.Name.Name] = true
								}
							}
						}
					}
				case *ast.FuncDecl:
					if d.Recv != nil && d.Name.Name == "OnTab" {
						if id, ok := d.Recv.List[0].Type.(*ast.Ident); ok {
							onTab[id.Name] = true
						}
					}
				}
			}
		}
	}
	if len(withTab) < 10 {
		t.Fatalf("found only %d events with a TabID: the parser missed them", len(withTab))
	}
	for n := range withTab {
		if !exempt[n] && !onTab[n] {
			t.Errorf("%s has a TabID field but no OnTab method (events/ontab.go)", n)
		}
	}
}
