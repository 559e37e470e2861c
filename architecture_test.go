// Package tablee_test holds the architecture's own test: the import rules
// of docs/architecture.md, enforced in the style of Go's
// src/go/build/deps_test.go.
package tablee_test

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/tablee/tablee"

// forbiddenStd lists standard packages some packages may not import
// although the rest of the standard library is free: the rules know
// nothing of sockets or SQL, the UIs nothing of SQL.
var forbiddenStd = []struct {
	pkgs, std []string // patterns, as in the table
}{
	{[]string{"engine/…", "session"}, []string{"net/…", "database/sql/…", "os/exec"}},
	{[]string{"kiosk/screen", "kiosk/board/…", "companion/…"}, []string{"database/sql/…"}},
}

// rule is one package's row: the patterns it may import.
type rule struct {
	allowed []string
	line    int
}

var backquoted = regexp.MustCompile("`([^`]+)`")

// readRules parses the package table of docs/architecture.md.
func readRules(t *testing.T) map[string]rule {
	t.Helper()
	f, err := os.Open(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rules := map[string]rule{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 3 {
			t.Fatalf("docs/architecture.md:%d: a package row has 3 cells, not %d", n, len(cells))
		}
		var allowed []string
		for _, m := range backquoted.FindAllStringSubmatch(cells[2], -1) {
			allowed = append(allowed, m[1])
		}
		for _, m := range backquoted.FindAllStringSubmatch(cells[0], -1) {
			if _, dup := rules[m[1]]; dup {
				t.Errorf("docs/architecture.md:%d: %s has two rows", n, m[1])
			}
			rules[m[1]] = rule{allowed: allowed, line: n}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rules
}

// matches reports whether the import path p (relative to the module for
// the module's own packages) is one pattern names: exactly the package,
// or with a "/…" pattern the package and every package below it. A
// module's path names its root package only, so that allowing
// fyne.io/fyne/v2 does not allow fyne.io/fyne/v2/test.
func matches(pattern, p string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "/…"); ok {
		return p == prefix || strings.HasPrefix(p, prefix+"/")
	}
	return p == pattern
}

func matchesAny(patterns []string, p string) bool {
	return slices.ContainsFunc(patterns, func(pat string) bool { return matches(pat, p) })
}

// source is one package of the module as the architecture sees it: the
// imports of its non-test files under every build tag the tree uses (a
// file for the screenshot build counts as much as any), and those of its
// tests.
type source struct {
	imports, testImports []string
	tags                 []string // the build tags its non-test files name
}

// packages returns every package of the module with its imports, read
// from the files themselves rather than as this platform builds them, so
// that no build tag hides an import. Files marked "ignore" are programs
// run with go run, not part of a package.
func packages(t *testing.T) map[string]source {
	t.Helper()
	out := map[string]source{}
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); dir != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor") {
			return filepath.SkipDir
		}
		if dir == "." {
			return nil // this test
		}
		src, ok, err := readDir(dir)
		if err != nil {
			return err
		}
		if ok {
			out[filepath.ToSlash(dir)] = src
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// readDir reads the imports of the Go files in dir; ok is false when dir
// holds no package.
func readDir(dir string) (src source, ok bool, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return src, false, err
	}
	fset := token.NewFileSet()
	imports, tests := map[string]bool{}, map[string]bool{}
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return src, false, err
		}
		if ignored(f) {
			continue
		}
		ok = true
		into := imports
		if strings.HasSuffix(name, "_test.go") {
			into = tests
		} else {
			src.tags = append(src.tags, buildTags(f)...)
		}
		for _, spec := range f.Imports {
			p, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return src, false, fmt.Errorf("%s: %w", name, err)
			}
			into[p] = true
		}
	}
	src.imports, src.testImports = sortedKeys(imports), sortedKeys(tests)
	return src, ok, nil
}

// buildTags are the tags f's build constraint names, but the platform's
// own (a file for one system is still built somewhere).
func buildTags(f *ast.File) []string {
	var tags []string
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if expr, err := constraint.Parse(c.Text); err == nil && constraint.IsGoBuild(c.Text) {
				expr.Eval(func(tag string) bool {
					if !slices.Contains(build.Default.ReleaseTags, tag) && !knownOS[tag] && tag != "cgo" && tag != "race" {
						tags = append(tags, tag)
					}
					return true
				})
			}
		}
	}
	return tags
}

// knownOS are the platform tags a file may name.
var knownOS = map[string]bool{"linux": true, "unix": true, "windows": true, "darwin": true, "android": true,
	"ios": true, "freebsd": true, "openbsd": true, "netbsd": true, "js": true, "wasm": true, "wasip1": true,
	"amd64": true, "arm64": true, "386": true, "arm": true}

// ignored reports whether f's build constraint needs the tag "ignore",
// which no build sets.
func ignored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				continue
			}
			// Only "ignore" makes it build: a program for go run.
			none := expr.Eval(func(string) bool { return false })
			if !none && expr.Eval(func(tag string) bool { return tag == "ignore" }) {
				return true
			}
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func isStd(p string) bool { return !strings.Contains(strings.Split(p, "/")[0], ".") }

// TestImportsFollowTheArchitecture fails for a package without a row in
// docs/architecture.md, a row without a package, an import its row does
// not allow, and an allowance no import of the package uses (a row says
// what a package needs, not what it might).
func TestImportsFollowTheArchitecture(t *testing.T) {
	rules := readRules(t)
	pkgs := packages(t)
	var names []string
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		r, ok := rules[p]
		if !ok {
			t.Errorf("%s has no row in docs/architecture.md's package table", p)
			continue
		}
		src := pkgs[p]
		used := src.imports
		if len(used) == 0 {
			used = src.testImports // tests only: free, but their row says what they use
		} else {
			checkImports(t, p, r, src.imports)
		}
		for _, a := range r.allowed {
			if !slices.ContainsFunc(used, func(imp string) bool { return matches(a, relative(imp)) }) {
				t.Errorf("docs/architecture.md:%d allows %s to import %s, which it does not: drop it", r.line, p, a)
			}
		}
	}
	for p, r := range rules {
		if _, ok := pkgs[p]; !ok {
			t.Errorf("docs/architecture.md:%d names %s, which is no package", r.line, p)
		}
	}
}

// relative is an import path as the table writes it: the module's own
// packages without the module's path.
func relative(imp string) string { return strings.TrimPrefix(imp, module+"/") }

// checkImports reports the imports of package p that its row r does not
// allow.
func checkImports(t *testing.T, p string, r rule, imports []string) {
	t.Helper()
	for _, imp := range imports {
		switch {
		case imp == "C" || imp == module:
		case strings.HasPrefix(imp, module+"/"):
			if rel := relative(imp); !matchesAny(r.allowed, rel) {
				t.Errorf("%s imports %s: not allowed by docs/architecture.md:%d", p, rel, r.line)
			}
		case isStd(imp):
			for _, f := range forbiddenStd {
				if matchesAny(f.pkgs, p) && matchesAny(f.std, imp) {
					t.Errorf("%s imports %s: the standard library's %v are not for %v", p, imp, f.std, f.pkgs)
				}
			}
		case !matchesAny(r.allowed, imp):
			t.Errorf("%s imports %s: not allowed by docs/architecture.md:%d", p, imp, r.line)
		}
	}
}

// never lists what some packages must never reach, even through others:
// the table's rows are about direct imports, these about everything a
// package drags in (as deps_test.go's "!<").
var never = []struct {
	from, to []string // patterns, module paths in full; from nil: every production package
	why      string
}{
	{[]string{"companion/…"}, []string{"kiosk/…", "db"}, "the phone never holds the table's host, server or database"},
	{[]string{"engine/…"}, []string{"fyne.io/fyne/v2/…", "net", "database/sql/…", "github.com/mattn/go-sqlite3"}, "the rules know nothing of screens, sockets or SQL"},
	{nil, []string{"fyne.io/fyne/v2/test"}, "Fyne's test driver is for tests"},
	{[]string{"venue"}, []string{"kiosk/…"}, "the venue is below the kiosk: the kiosk runs it, never the other way"},
}

// testSupport reports whether the import path imp is a package of the
// module's test support, which only tests import: named …test, as
// net/http/httptest. The never rules do not hold for it (uitest drives
// Fyne's test driver); instead, no other package may reach it.
func testSupport(imp string) bool {
	return strings.HasPrefix(imp, module+"/") && strings.HasSuffix(path.Base(imp), "test")
}

// TestNothingReachesWhatItMustNot checks the never rules on every
// package's transitive dependencies, as the go command resolves them,
// with and without the tags the tree's files name.
func TestNothingReachesWhatItMustNot(t *testing.T) {
	tagged := map[string]bool{}
	for _, src := range packages(t) {
		for _, tag := range src.tags {
			tagged[tag] = true
		}
	}
	for _, tags := range []string{"", strings.Join(sortedKeys(tagged), ",")} {
		out, err := exec.Command("go", "list", "-tags", tags, "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", "./...").Output()
		if err != nil {
			t.Fatalf("go list -tags %q: %v", tags, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			fields := strings.Fields(line)
			p, deps := relative(fields[0]), fields[1:]
			if testSupport(fields[0]) {
				continue
			}
			for _, d := range deps {
				if testSupport(d) {
					t.Errorf("%s reaches %s (tags %q): test support is for tests", p, relative(d), tags)
				}
			}
			for _, n := range never {
				if n.from != nil && !matchesAny(n.from, p) {
					continue
				}
				for _, d := range deps {
					if matchesAny(n.to, relative(d)) {
						t.Errorf("%s reaches %s (tags %q): %s", p, relative(d), tags, n.why)
					}
				}
			}
		}
	}
}

// TestMatches pins the pattern language of the table.
func TestMatches(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"engine", "engine", true},
		{"engine", "engine/bot", false},
		{"proto/…", "proto/wire", true},
		{"proto/…", "protocol", false},
		{"fyne.io/fyne/v2", "fyne.io/fyne/v2/widget", false},
		{"fyne.io/fyne/v2", "fyne.io/fyne/v2", true},
		{"fyne.io/fyne/v2/…", "fyne.io/fyne/v2/widget", true},
		{"fyne.io/fyne/v2/…", "fyne.io/fyne/v2x", false},
		{"net/…", "net", true},
		{"net/…", "net/http", true},
		{"net/…", "netip", false},
	} {
		if got := matches(c.pattern, c.path); got != c.want {
			t.Errorf("matches(%q, %q) = %v", c.pattern, c.path, got)
		}
	}
}

// TestTestSupport pins which packages count as test support.
func TestTestSupport(t *testing.T) {
	for p, want := range map[string]bool{
		module + "/kiosk/host/hosttest": true,
		module + "/internal/uitest":     true,
		module + "/kiosk/host":          false,
		module + "/engine/bot":          false,
		"internal/synctest":             false, // the standard library's
		"net/http/httptest":             false,
	} {
		if got := testSupport(p); got != want {
			t.Errorf("testSupport(%q) = %v", p, got)
		}
	}
}

// floorLine is a line of docs/architecture.md's "Floors": "- **N**, …".
var floorLine = regexp.MustCompile(`^- \*\*([0-9]+)\*\*`)

// floor is where a package stands: its floor and the line naming it.
type floor struct{ level, line int }

// readFloors parses the "Floors" list of docs/architecture.md.
func readFloors(t *testing.T) map[string]floor {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	floors := map[string]floor{}
	for i, line := range strings.Split(string(b), "\n") {
		m := floorLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		level, _ := strconv.Atoi(m[1])
		for _, p := range backquoted.FindAllStringSubmatch(line, -1) {
			if f, dup := floors[p[1]]; dup {
				t.Errorf("docs/architecture.md:%d puts %s on a floor again (line %d has it)", i+1, p[1], f.line)
			}
			floors[p[1]] = floor{level, i + 1}
		}
	}
	return floors
}

// TestImportsGoDown fails a package without a floor, a floor naming no
// package, and an import or a row's allowance of one of the module's
// packages that does not go to a lower floor: the table's rows say what
// a package may import, the floors that none of it points up.
func TestImportsGoDown(t *testing.T) {
	rules, floors, pkgs := readRules(t), readFloors(t), packages(t)
	var names []string
	for p := range rules {
		names = append(names, p)
	}
	sort.Strings(names)
	// above is the lowest floor p's imports allow, and its highest import.
	above := func(p string) (int, string) {
		level, top := 0, ""
		for _, imp := range pkgs[p].imports {
			if f, ok := floors[relative(imp)]; ok && strings.HasPrefix(imp, module+"/") && f.level+1 > level {
				level, top = f.level+1, relative(imp)
			}
		}
		return level, top
	}
	for _, p := range names {
		f, ok := floors[p]
		if !ok {
			level, top := above(p)
			why := "it imports none of the module's packages"
			if top != "" {
				why = fmt.Sprintf("one above %s, the highest package it imports", top)
			}
			t.Errorf("%s has no floor: add `%s` to the line of floor %d in docs/architecture.md's \"Floors\" (%s)", p, p, level, why)
			continue
		}
		r := rules[p]
		told := map[string]bool{}
		for _, a := range r.allowed {
			if strings.HasSuffix(a, "/…") || !isStd(a) {
				continue // patterns are checked on the imports they match, below
			}
			if g, ok := floors[a]; ok && g.level >= f.level {
				told[a] = true
				t.Errorf("docs/architecture.md:%d allows %s (floor %d) to import %s (floor %d, line %d): an import goes down; put %s below floor %d or %s above floor %d",
					r.line, p, f.level, a, g.level, g.line, a, f.level, p, g.level)
			}
		}
		for _, imp := range pkgs[p].imports {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			rel := relative(imp)
			if g, ok := floors[rel]; ok && g.level >= f.level && !told[rel] {
				t.Errorf("%s (floor %d, docs/architecture.md:%d) imports %s (floor %d, line %d): an import goes down; put %s below floor %d or %s above floor %d",
					p, f.level, f.line, rel, g.level, g.line, rel, f.level, p, g.level)
			}
		}
	}
	for p, f := range floors {
		if _, ok := rules[p]; !ok {
			t.Errorf("docs/architecture.md:%d puts %s on floor %d, but it has no row in the package table", f.line, p, f.level)
		}
	}
}
