package web

import (
	"io/fs"
	"net/http/httptest"
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// pageScripts is the page's own scripts (its ES modules; not the vendored
// tweetnacl), by file name.
func pageScripts(tb testing.TB) map[string]string {
	tb.Helper()
	names, err := fs.Glob(assetFS, "assets/*.js")
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]string{}
	for _, p := range names {
		if path.Base(p) == "nacl-fast.min.js" {
			continue
		}
		data, err := assetFS.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		out[path.Base(p)] = string(data)
	}
	if _, ok := out["app.js"]; !ok || len(out) < 2 {
		tb.Fatalf("the page's scripts are %v: no app.js and its modules", sortedKeys(out))
	}
	return out
}

// allScripts is every page script's source, in name order, as one text.
func allScripts(tb testing.TB) string {
	tb.Helper()
	s := pageScripts(tb)
	var b strings.Builder
	for _, name := range sortedKeys(s) {
		b.WriteString(s[name])
		b.WriteString("\n")
	}
	return b.String()
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

var (
	importRE     = regexp.MustCompile(`(?m)^import \{[^}]*\} from '\./([a-z]+\.js)';$`)
	moduleLetRE  = regexp.MustCompile(`(?m)^(?:let|var) +([A-Za-z_$][\w$]*)`)
	preloadRE    = regexp.MustCompile(`<link rel="modulepreload" href="([a-z]+\.js)">`)
	moduleTagRE  = regexp.MustCompile(`<script type="module" src="app\.js"></script>`)
	otherScripts = regexp.MustCompile(`<script [^>]*src="([^"]+)"`)
)

// TestThePageIsModules: the page is native ES modules loaded as they are:
// index.html runs app.js as a module and asks for every other module at
// once (modulepreload, no waterfall of imports on a slow phone); every
// import names a module the kiosk serves, every module is imported, each
// is served as JavaScript under the page's Content-Security-Policy, and
// none keeps state of its own (no module-level let or var: the page's
// state is state.js's one object).
func TestThePageIsModules(t *testing.T) {
	scripts := pageScripts(t)
	html, err := assetFS.ReadFile("assets/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if !moduleTagRE.Match(html) {
		t.Error(`index.html does not run app.js as <script type="module">`)
	}
	for _, m := range otherScripts.FindAllStringSubmatch(string(html), -1) {
		if m[1] != "app.js" && m[1] != "nacl-fast.min.js" {
			t.Errorf("index.html loads %s as a classic script", m[1])
		}
	}
	preloaded := map[string]bool{}
	for _, m := range preloadRE.FindAllStringSubmatch(string(html), -1) {
		preloaded[m[1]] = true
	}
	imported := map[string]bool{}
	for _, name := range sortedKeys(scripts) {
		src := scripts[name]
		for _, m := range importRE.FindAllStringSubmatch(src, -1) {
			if _, ok := scripts[m[1]]; !ok {
				t.Errorf("%s imports %s, which the page does not have", name, m[1])
			}
			imported[m[1]] = true
		}
		if n := strings.Count(src, "\nimport "); n != len(importRE.FindAllString(src, -1)) {
			t.Errorf("%s has an import not of the form import { … } from './name.js';", name)
		}
		for _, m := range moduleLetRE.FindAllStringSubmatch(src, -1) {
			t.Errorf("%s keeps state of its own: module-level %s (the page's state is S, in state.js)", name, m[1])
		}
	}
	h := testHandler(t)
	for _, name := range sortedKeys(scripts) {
		if name != "app.js" {
			if !imported[name] {
				t.Errorf("%s is imported by no module", name)
			}
			if !preloaded[name] {
				t.Errorf("index.html does not preload %s", name)
			}
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/"+name, nil))
		hd := rec.Header()
		if rec.Code != 200 || hd.Get("Content-Type") != "text/javascript; charset=utf-8" {
			t.Errorf("/%s: status %d, type %q; a module must be served as JavaScript", name, rec.Code, hd.Get("Content-Type"))
		}
		if csp := hd.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("/%s: the Content-Security-Policy %q does not let the page run its own modules", name, csp)
		}
	}
	for name := range preloaded {
		if _, ok := scripts[name]; !ok {
			t.Errorf("index.html preloads %s, which the page does not have", name)
		}
	}
}
