package web_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/internal/playcsv"
	"github.com/tablee/tablee/scoresheet"
)

// pageSource is the page's own scripts (its ES modules), as one text.
func pageSource(t *testing.T) string {
	t.Helper()
	names, err := filepath.Glob("assets/*.js")
	if err != nil || len(names) < 2 {
		t.Fatalf("the page's scripts: %v %v", names, err)
	}
	var b strings.Builder
	for _, p := range names {
		if filepath.Base(p) == "nacl-fast.min.js" {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
		b.WriteString("\n")
	}
	return b.String()
}

// pageFunction is the source of the page's function name, whole.
func pageFunction(t *testing.T, name string) string {
	t.Helper()
	src := pageSource(t)
	start := strings.Index(src, "\nfunction "+name+"(")
	if start < 0 {
		t.Fatalf("the page has no function %s", name)
	}
	end := strings.Index(src[start:], "\n}\n")
	return src[start : start+end+3]
}

// TestPageSumsAsTheSheet: the page reads what a guest types as
// scoresheet.ParseSum does — the same values, the same refusals with the
// same arguments — since the page checks a value before sending it.
func TestPageSumsAsTheSheet(t *testing.T) {
	ctx := browser(t)
	cases := []string{"12", "3+6+2", "-2", "10 - 3", " 4 ", "3 4", "3++4", "3+", "+", "", "   ", "2*3", "3+x", "−5", "7\u00a0+\u00a01",
		"99999", "100000", "99998+1", "99999+1", "-99999-1", "0", "007", "1e3", "١٢", "3.5", "=1+2", "50000+50000-1"}
	const limit = 99999
	type got struct {
		Value *int           `json:"value"`
		Rule  string         `json:"rule"`
		Args  map[string]any `json:"args"`
	}
	data, _ := json.Marshal(cases)
	js := "(() => {" + pageFunction(t, "parseSum") + "; return JSON.stringify(" + string(data) + ".map((c) => parseSum(c, 99999))); })()"
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatal(err)
	}
	var page []got
	if err := json.Unmarshal([]byte(out), &page); err != nil || len(page) != len(cases) {
		t.Fatalf("the page's answers %s: %v", out, err)
	}
	for i, c := range cases {
		v, err := scoresheet.ParseSum(c, limit)
		var r *scoresheet.Refusal
		switch {
		case errors.As(err, &r):
			args, _ := json.Marshal(r.Args)
			if r.Args == nil {
				args = []byte("{}")
			}
			pageArgs, _ := json.Marshal(page[i].Args)
			if page[i].Rule != r.Rule || string(pageArgs) != string(args) {
				t.Errorf("%q: the sheet refuses it (%s %s), the page says %+v", c, r.Rule, args, page[i])
			}
		case err != nil:
			t.Fatal(err)
		case page[i].Value == nil || *page[i].Value != v:
			t.Errorf("%q: the sheet reads %d, the page %+v", c, v, page[i])
		}
	}
}

// TestPageSavesCellsAsTheTableDoes: the page's CSV cells are playcsv's —
// a formula neutralised, a number kept, quotes as encoding/csv puts them.
func TestPageSavesCellsAsTheTableDoes(t *testing.T) {
	ctx := browser(t)
	cells := []string{"Anja", "=HYPERLINK(1)", "+33 6", "-3", "+2", "1.5e3", "@me", "  =x", "\tx", "a,b", `say "hi"`, "two\nlines",
		" lead", "-", "--", "\u0085x", "\ufeffx", "\u2003x", "\u3000x", "Zoë", `\.`, "", "1e", "-.5", "\u00a0x", "2026-12-02"}
	data, _ := json.Marshal(cells)
	js := "(() => {" + pageFunction(t, "safeCell") + pageFunction(t, "csvCell") + "; return JSON.stringify(" + string(data) + ".map(csvCell)); })()"
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatal(err)
	}
	var page []string
	if err := json.Unmarshal([]byte(out), &page); err != nil || len(page) != len(cells) {
		t.Fatalf("the page's cells %s: %v", out, err)
	}
	data = []byte(pageSource(t))
	start := bytes.Index(data, []byte("\nconst PLAY_COLUMNS = ["))
	end := bytes.Index(data[start:], []byte("];\n"))
	if start < 0 || end < 0 {
		t.Fatal("the page has no PLAY_COLUMNS")
	}
	cols := strings.Fields(strings.NewReplacer("'", " ", ",", " ", "\n", " ").Replace(string(data[start+len("\nconst PLAY_COLUMNS = [") : start+end])))
	if strings.Join(cols, ",") != strings.Join(playcsv.Columns, ",") {
		t.Errorf("the page's columns %v, playcsv's %v", cols, playcsv.Columns)
	}
	for i, c := range cells {
		var b bytes.Buffer
		w := playcsv.NewWriter(&b)
		w.Write([]string{c})
		w.Flush()
		if want := strings.TrimSuffix(b.String(), "\n"); page[i] != want {
			t.Errorf("%q: the page writes %q, playcsv %q", c, page[i], want)
		}
	}
}
