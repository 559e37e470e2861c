// Package tablee_test holds the architecture's own test: the import rules
// of docs/architecture.md, enforced in the style of Go's
// src/go/build/deps_test.go.
package tablee_test

import (
	"bufio"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
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
// the module's own packages) is one pattern names: the package itself, a
// package below a "/…" pattern, or a package of a module path.
func matches(pattern, p string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "/…"); ok {
		return p == prefix || strings.HasPrefix(p, prefix+"/")
	}
	if strings.Contains(strings.Split(pattern, "/")[0], ".") {
		return p == pattern || strings.HasPrefix(p, pattern+"/")
	}
	return p == pattern
}

func matchesAny(patterns []string, p string) bool {
	return slices.ContainsFunc(patterns, func(pat string) bool { return matches(pat, p) })
}

// packages returns every package of the module with its non-test imports,
// as this platform builds it (none for a package of tests only).
func packages(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); dir != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(dir, 0)
		if _, ok := err.(*build.NoGoError); ok {
			return nil
		}
		if err != nil {
			return err
		}
		if dir == "." {
			return nil // this test
		}
		imports := pkg.Imports
		if len(pkg.GoFiles)+len(pkg.CgoFiles) == 0 {
			imports = nil // tests only: free, but named in the table
		}
		out[filepath.ToSlash(dir)] = imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func isStd(p string) bool { return !strings.Contains(strings.Split(p, "/")[0], ".") }

// TestImportsFollowTheArchitecture fails for a package without a row in
// docs/architecture.md, a row without a package, and an import its row
// does not allow.
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
		for _, imp := range pkgs[p] {
			switch {
			case imp == "C" || imp == module:
			case strings.HasPrefix(imp, module+"/"):
				if rel := strings.TrimPrefix(imp, module+"/"); !matchesAny(r.allowed, rel) {
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
	for p, r := range rules {
		if _, ok := pkgs[p]; !ok {
			t.Errorf("docs/architecture.md:%d names %s, which is no package", r.line, p)
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
		{"fyne.io/fyne/v2", "fyne.io/fyne/v2/widget", true},
		{"fyne.io/fyne/v2", "fyne.io/fyne/v2x", false},
		{"net/…", "net", true},
		{"net/…", "net/http", true},
		{"net/…", "netip", false},
	} {
		if got := matches(c.pattern, c.path); got != c.want {
			t.Errorf("matches(%q, %q) = %v", c.pattern, c.path, got)
		}
	}
}
