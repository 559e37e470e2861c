package venue

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoWallClock fails if a production file of the package reads the
// wall clock itself (time.Now, time.Since, time.Until) anywhere but in
// clock, the one default: the hub and the kiosk read the clock their
// configuration gave them, so that a test may give a fake one.
func TestNoWallClock(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var found []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		// Build tags do not matter here: every file is read.
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		timeName := ""
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "time" {
				timeName = "time"
				if imp.Name != nil {
					timeName = imp.Name.Name
				}
			}
		}
		if timeName == "" {
			continue
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "clock" && name == "clock.go" {
				continue // the one default
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == timeName {
					switch sel.Sel.Name {
					case "Now", "Since", "Until":
						found = append(found, fset.Position(sel.Pos()).String()+": "+timeName+"."+sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
	if len(found) > 0 {
		t.Errorf("the wall clock read directly (use the hub's or kiosk's now, or clock):\n%s", strings.Join(found, "\n"))
	}
}
