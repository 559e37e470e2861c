package wire

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

// TestEveryMessageTypeErrorAndCloseCodeIsDocumented keeps docs/protocol.md
// and this package in step: every message type and every error code
// declared here appears in the page as `value`, and every close status as
// a row of its close-code table. It reads the declarations from the
// source, so a new constant cannot be forgotten.
func TestEveryMessageTypeErrorAndCloseCodeIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(doc)
	types, codes, closes := declared(t)
	if len(types) < 10 || len(codes) < 15 || len(closes) < 5 {
		t.Fatalf("found %d types, %d codes, %d close statuses: the source moved?", len(types), len(codes), len(closes))
	}
	for _, v := range append(types, codes...) {
		if !strings.Contains(page, "`"+v+"`") {
			t.Errorf("docs/protocol.md does not mention `%s`", v)
		}
	}
	for _, c := range closes {
		if !strings.Contains(page, "\n| "+c+" ") {
			t.Errorf("docs/protocol.md has no close-code row for %s", c)
		}
	}
	for _, typ := range ClientTypes() {
		for _, member := range clientFields[typ] {
			if !strings.Contains(page, "`"+member+"`") {
				t.Errorf("docs/protocol.md does not mention member `%s` of %s", member, typ)
			}
		}
	}
	if !strings.Contains(page, "# The table protocol (version "+strconv.Itoa(Version)+")") {
		t.Errorf("docs/protocol.md's title does not name version %d", Version)
	}
}

// TestEveryCloseCodeSentIsDocumented extends the test above from the
// declared close codes to the ones the kiosk actually sends: every
// wire.Close… constant passed in the kiosk's code (kiosk/..., tests
// excepted) has a row in docs/protocol.md's close-code table, no kiosk
// code closes with a raw websocket.Status… of its own, and every literal
// reason that reads like a code (join-timeout) is named in the page. It
// lives here, not in kiosk/server, to read the declarations once.
func TestEveryCloseCodeSentIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	page := string(doc)
	_, _, values := declared(t)
	codeLike := regexp.MustCompile(`^[a-z]+(-[a-z]+)+$`)
	sent := map[string]bool{}
	err = filepath.WalkDir("../../kiosk", func(path string, d fs.DirEntry, err error) error {
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

// declared reads message.go: the values of the Type… constants, of the
// other string constants (error codes, Path excepted) and of the
// CloseCode constants.
func declared(t *testing.T) (types, codes []string, closes map[string]string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "message.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	closes = map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok {
					continue
				}
				switch {
				case lit.Kind == token.INT && vs.Type != nil && typeName(vs.Type) == "CloseCode":
					closes[name.Name] = lit.Value
				case lit.Kind != token.STRING || name.Name == "Path":
				case strings.HasPrefix(name.Name, "Type"):
					types = append(types, unquote(t, lit.Value))
				default:
					codes = append(codes, unquote(t, lit.Value))
				}
			}
		}
	}
	return types, codes, closes
}

func typeName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func unquote(t *testing.T, s string) string {
	v, err := strconv.Unquote(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
