package catalog

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/sheet"
	"github.com/tablee/tablee/i18n"
)

// eachSource parses the Go files of dir but its tests and hands each to
// use.
func eachSource(t *testing.T, fset *token.FileSet, dir string, use func(*ast.File)) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		use(f)
	}
}

// ruleIDs reads the engine's and every game's sources (../.. is the engine)
// and returns the values of the string constants named Rule… (the rules a
// move can break) and Reason… (why a game ends), by kind, each with the
// place it is declared. It also fails t on any engine.Broken whose rule is
// a string literal: a rule must be a constant, so that this test sees it.
func ruleIDs(t *testing.T) (rules, reasons map[string]string) {
	t.Helper()
	rules, reasons = map[string]string{}, map[string]string{}
	dirs, err := filepath.Glob(filepath.Join("..", "*"))
	if err != nil {
		t.Fatal(err)
	}
	dirs = append(dirs, "..")
	fset := token.NewFileSet()
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		eachSource(t, fset, dir, func(f *ast.File) { collect(t, fset, f, rules, reasons) })
	}
	return rules, reasons
}

func collect(t *testing.T, fset *token.FileSet, f *ast.File, rules, reasons map[string]string) {
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if i >= len(n.Values) {
					continue
				}
				lit, ok := n.Values[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				v, _ := strconv.Unquote(lit.Value)
				where := fset.Position(id.Pos()).String()
				switch {
				case strings.HasPrefix(id.Name, "Rule") && id.IsExported():
					rules[v] = where
				case strings.HasPrefix(id.Name, "Reason") && id.IsExported():
					reasons[v] = where
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Broken" || sel.Sel.Name == "BrokenWith") && len(n.Args) > 0 {
				if lit, ok := n.Args[0].(*ast.BasicLit); ok {
					t.Errorf("%s: engine.Broken(%s, …): name the rule with a Rule… constant", fset.Position(lit.Pos()), lit.Value)
				}
			}
		}
		return true
	})
}

// TestEveryRuleHasTexts: every rule a move can break, and every reason a
// game ends, has a text in every language, so the boards and the phones
// can say why a move was refused and why the game ended ("rule.<id>",
// "rule.end.<reason>" in i18n/messages/rules.*.json).
func TestEveryRuleHasTexts(t *testing.T) {
	rules, reasons := ruleIDs(t)
	if len(rules) < 30 || len(reasons) < 8 {
		t.Fatalf("found only %d rules and %d reasons: is the source walk broken?", len(rules), len(reasons))
	}
	c, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for id, where := range rules {
		want["rule."+id] = where
	}
	for id, where := range reasons {
		want["rule.end."+id] = where
	}
	for _, l := range i18n.Langs() {
		texts := c.Export(l, "rule.")
		for key, where := range want {
			if strings.TrimSpace(texts[key]) == "" {
				t.Errorf("%s: no %s text %q", where, l, key)
			}
		}
		var unused []string
		for key := range texts {
			if _, ok := want[key]; !ok && !whyOrWord(key, rules) {
				unused = append(unused, key)
			}
		}
		sort.Strings(unused)
		if len(unused) > 0 {
			t.Errorf("%s texts of no rule or reason: %v", l, unused)
		}
	}
}

// whyOrWord reports whether key is the longer explanation of a rule
// (rule.why.<rule>, or rule.why.<game>.<rule> for a shipped game) or a
// word the explanations name (rule.word.<word>).
func whyOrWord(key string, rules map[string]string) bool {
	if strings.HasPrefix(key, "rule.word.") {
		return true
	}
	id, ok := strings.CutPrefix(key, "rule.why.")
	if !ok {
		return false
	}
	if game, rule, ok := strings.Cut(id, "."); ok {
		_, known := rules[rule]
		return known && slices.ContainsFunc(Registry().Infos(), func(i engine.Info) bool { return i.ID == game })
	}
	_, known := rules[id]
	return known
}

// TestEveryGameListsItsRules: a game's Info.Rules names each of its Rule…
// constants once, so its rules page has a paragraph for every refusal.
func TestEveryGameListsItsRules(t *testing.T) {
	games := Plays()
	for _, info := range games.Infos() {
		rules, _ := map[string]string{}, map[string]string{}
		fset := token.NewFileSet()
		eachSource(t, fset, filepath.Join("..", info.ID), func(f *ast.File) { collect(t, fset, f, rules, map[string]string{}) })
		listed := map[string]bool{}
		for _, id := range info.Rules {
			if _, ok := rules[id]; !ok || listed[id] {
				t.Errorf("%s lists rule %q twice or not of its own", info.ID, id)
			}
			listed[id] = true
		}
		for id, where := range rules {
			if !listed[id] {
				t.Errorf("%s: %s: rule %q is not in Info.Rules", info.ID, where, id)
			}
		}
	}
}

// TestEveryGameHasTexts: every game has a name and a label for each of
// its options in every language ("game.<id>.name",
// "game.<id>.option.<key>" in i18n/messages/game.*.json), and no such
// text belongs to no game, so a new game's missing texts are named here.
func TestEveryGameHasTexts(t *testing.T) {
	c, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, info := range Plays().Infos() {
		want[info.NameKey()] = info.ID + ": its name"
		for _, o := range info.Options {
			want[info.OptionKey(o.Key)] = info.ID + ": the label of option " + o.Key
		}
	}
	for _, o := range sheet.TableOptions() {
		want[sheet.New().Info().OptionKey(o.Key)] = sheet.ID + ": the label of the table's option " + o.Key
	}
	for _, l := range i18n.Langs() {
		texts := c.Export(l, "game.")
		for key, what := range want {
			if strings.TrimSpace(texts[key]) == "" {
				t.Errorf("%s has no %s text %q", what, l, key)
			}
		}
		for key := range texts {
			if _, ok := want[key]; !ok {
				t.Errorf("%s text %q is of no game or option", l, key)
			}
		}
	}
}
