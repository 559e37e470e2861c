package wire

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
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

// declared reads message.go: the values of the Type… constants, of the
// other string constants (error codes, Path excepted) and of the
// CloseCode constants.
func declared(t *testing.T) (types, codes, closes []string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "message.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
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
					closes = append(closes, lit.Value)
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
