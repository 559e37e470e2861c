package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEveryCloseCodeSentIsDocumented extends proto/wire's test of the
// declared close codes to the ones the kiosk actually sends: every
// wire.Close… constant passed in the kiosk's code (kiosk/..., tests
// excepted) has a row in docs/protocol.md's close-code table, no kiosk
// code closes with a raw websocket.Status… of its own, and every literal
// reason that reads like a code (join-timeout) is named in the page.
func TestEveryCloseCodeSentIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(doc)
	values := closeValues(t)
	codeLike := regexp.MustCompile(`^[a-z]+(-[a-z]+)+$`)
	sent := map[string]bool{}
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			for i, arg := range call.Args {
				sel, ok := arg.(*ast.SelectorExpr)
				if !ok {
					continue
				}
				pkg, _ := sel.X.(*ast.Ident)
				switch {
				case pkg != nil && pkg.Name == "wire" && values[sel.Sel.Name] != "":
					sent[sel.Sel.Name] = true
					if i+1 < len(call.Args) {
						if lit, ok := call.Args[i+1].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if reason, _ := strconv.Unquote(lit.Value); codeLike.MatchString(reason) && !strings.Contains(page, "`"+reason+"`") {
								t.Errorf("%s: close reason %q is not named in docs/protocol.md", path, reason)
							}
						}
					}
				case pkg != nil && pkg.Name == "websocket" && strings.HasPrefix(sel.Sel.Name, "Status"):
					t.Errorf("%s: closes with websocket.%s; use a documented wire.Close… code", path, sel.Sel.Name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sent) < 5 {
		t.Fatalf("found %d close codes sent: the source moved?", len(sent))
	}
	for name := range sent {
		if v := values[name]; !strings.Contains(page, "\n| "+v+" ") {
			t.Errorf("wire.%s (%s) is sent but docs/protocol.md has no close-code row for it", name, v)
		}
	}
}

// closeValues maps proto/wire's CloseCode constants to their numbers.
func closeValues(t *testing.T) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "../../proto/wire/message.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); !ok || id.Name != "CloseCode" {
				continue
			}
			for i, name := range vs.Names {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok {
					out[name.Name] = lit.Value
				}
			}
		}
	}
	return out
}
