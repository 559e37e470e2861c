package web

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/engine/catalog"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/server"
	"github.com/tablee/tablee/looks"
)

func testHandler(t *testing.T) *Handler {
	t.Helper()
	h, err := NewHandler(Config{Key: testKey(t), Table: server.New(server.Config{}), Games: catalog.Registry()})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestVendoredTweetNaClIsThePinnedRelease(t *testing.T) {
	data, err := assetFS.ReadFile("assets/nacl-fast.min.js")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != NaClSHA256 {
		t.Fatalf("assets/nacl-fast.min.js has SHA-256 %s; tweetnacl 1.0.3's nacl-fast.min.js is %s", got, NaClSHA256)
	}
}

// TestPageBudget: everything the page loads, gzipped as served, fits in
// 70 KB. It was 60 KB while the page was one script (58.5 KB then); its
// modules, each gzipped on its own, weigh 41.9 KB where the one file
// weighed 33.2 KB, since each starts its compression afresh — 8.7 KB
// more on the LAN, a few milliseconds on a phone's Wi-Fi.
func TestPageBudget(t *testing.T) {
	h := testHandler(t)
	total := 0
	files := []string{"/", "/app.css", "/nacl-fast.min.js", "/texts/fr.json", "/cards/canaille.json", "/maps/canyon.json"}
	for _, name := range sortedKeys(pageScripts(t)) {
		files = append(files, "/"+name)
	}
	for _, p := range files {
		a, ok := h.assets[p]
		if !ok {
			t.Fatalf("no asset %s", p)
		}
		t.Logf("%-22s %6d bytes, %6d gzipped", p, len(a.plain), len(a.gz))
		total += len(a.gz)
	}
	t.Logf("total %d bytes gzipped", total)
	if total > 70*1024 {
		t.Errorf("the page weighs %d bytes gzipped; the budget is 70 KB", total)
	}
}

// TestPageAvoidsSecureContextAPIs: a plain-HTTP LAN origin has neither
// crypto.subtle nor service workers, and the page loads nothing from
// elsewhere. The SVG namespace is a name, not an address: it is the one
// URL allowed.
func TestPageAvoidsSecureContextAPIs(t *testing.T) {
	files := map[string]string{}
	for name, src := range pageScripts(t) {
		files["assets/"+name] = src
	}
	for _, name := range []string{"assets/index.html", "assets/app.css"} {
		data, err := assetFS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(data)
	}
	for _, name := range sortedKeys(files) {
		s := strings.ReplaceAll(files[name], "'http://www.w3.org/2000/svg'", "")
		for _, bad := range []string{"crypto.subtle", "serviceWorker", "http://", "https://", "eval(", "innerHTML"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s uses %q", name, bad)
			}
		}
	}
}

// TestEveryTextThePageUsesExists reads the keys the page's scripts ask for
// and checks each language has them.
func TestEveryTextThePageUsesExists(t *testing.T) {
	data := allScripts(t)
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	keys := regexp.MustCompile(`t\('((?:web|common)\.[a-z_.-]+)'`).FindAllStringSubmatch(data, -1)
	if len(keys) < 50 {
		t.Fatalf("found only %d text keys in the page's scripts", len(keys))
	}
	kinds := []string{"point", "bite", "other", "shift", "bin", "release", "fog", "fish", "trash", "canaille"}
	phases := []string{"swap", "return", "sentence", "target", "release", "bin", "give", "refill", "over"}
	var all []string
	for _, k := range keys {
		all = append(all, k[1])
	}
	// tName's keys have a second text for the page's own seat ("Votre
	// phrase", not "Phrase de Vous").
	for _, k := range regexp.MustCompile(`tName\('((?:web|common)\.[a-z_.-]+)'`).FindAllStringSubmatch(data, -1) {
		all = append(all, k[1], k[1]+"_you")
	}
	for _, k := range kinds {
		all = append(all, "web.kind."+k)
	}
	for _, p := range phases {
		all = append(all, "web.canaille.phase."+p)
	}
	// describe's hints for the boards played at the table: say's words.
	for _, k := range []string{"canoe.place", "canoe.remove", "canoe.move", "canyonduel.step", "canyonduel.jump"} {
		all = append(all, "hint.say."+k+".away")
	}
	for _, k := range all {
		if strings.HasSuffix(k, ".") {
			continue // a prefix completed at run time, listed above
		}
		for _, l := range i18n.Langs() {
			if _, ok := cat.Export(l, k)[k]; !ok {
				t.Errorf("%s: no text %s", l, k)
			}
		}
	}
}

func TestHandlerServesThePageWithItsHeaders(t *testing.T) {
	h := testHandler(t)
	for _, tc := range []struct {
		path, typ string
		status    int
	}{
		{"/", "text/html; charset=utf-8", 200},
		{"/app.js", "text/javascript; charset=utf-8", 200},
		{"/app.css", "text/css; charset=utf-8", 200},
		{"/texts/de.json", "application/json", 200},
		{"/cards/canaille.json", "application/json", 200},
		{"/texts/it.json", "", 404},
		{"/../key", "", 404},
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", tc.path, nil)
		req.Header.Set("Accept-Encoding", "gzip, deflate")
		h.ServeHTTP(rec, req)
		if rec.Code != tc.status {
			t.Errorf("%s: status %d, want %d", tc.path, rec.Code, tc.status)
			continue
		}
		hd := rec.Header()
		if !strings.Contains(hd.Get("Content-Security-Policy"), "default-src 'self'") ||
			hd.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: security headers %v", tc.path, hd)
		}
		if tc.status != 200 {
			continue
		}
		if hd.Get("Content-Type") != tc.typ || hd.Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: type %q encoding %q", tc.path, hd.Get("Content-Type"), hd.Get("Content-Encoding"))
		}
		again := httptest.NewRecorder()
		req = httptest.NewRequest("GET", tc.path, nil)
		req.Header.Set("If-None-Match", hd.Get("ETag"))
		h.ServeHTTP(again, req)
		if again.Code != http.StatusNotModified {
			t.Errorf("%s: revalidation got %d, want 304", tc.path, again.Code)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", rec.Code)
	}
}

func TestTextsCarryGameNamesAndRules(t *testing.T) {
	data, err := textsJSON(mustCatalog(t), catalog.Registry(), i18n.DE)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"web.game.canaille":`) || !strings.Contains(string(data), `"web.your_turn":"Du bist dran"`) {
		t.Errorf("German texts: %.300s", data)
	}
}

func mustCatalog(t *testing.T) *i18n.Catalog {
	c, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCanyonMapIsTheEnginesMap: the map the page draws is the engine's,
// cell for cell, currents included.
func TestCanyonMapIsTheEnginesMap(t *testing.T) {
	data, err := canyonMap()
	if err != nil {
		t.Fatal(err)
	}
	var m boardMap
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	b := canyon.Map()
	if m.Rows != b.Rows || m.Cols != b.Cols || len(m.Cells) != b.Rows*b.Cols || len(m.Drift) != len(m.Cells) {
		t.Fatalf("map %dx%d with %d cells and %d drifts; the engine's is %dx%d", m.Rows, m.Cols, len(m.Cells), len(m.Drift), b.Rows, b.Cols)
	}
	steps := map[byte][2]int{}
	for step, key := range keypad {
		steps[key] = step
	}
	currents := 0
	for i := range m.Cells {
		if got, want := m.Cells[i], terrainLetters[b.Terrain(i)]; got != want {
			t.Errorf("cell %d is %q, the engine's is %s", i, got, b.Terrain(i))
		}
		to := -1
		if d := m.Drift[i]; d != '.' {
			step, ok := steps[d]
			if !ok {
				t.Fatalf("cell %d drifts %q", i, d)
			}
			to = (i/b.Cols+step[0])*b.Cols + i%b.Cols + step[1]
			currents++
		}
		if to != b.Drift(i) {
			t.Errorf("cell %d drifts to %d on the page's map, to %d in the engine", i, to, b.Drift(i))
		}
	}
	if currents == 0 {
		t.Error("no current on the map")
	}
}

// The page takes the games' colours from /looks.json only: its stylesheet
// holds none of the looks' colours and no rule per suit or card kind.
func TestStylesheetHoldsNoGameColours(t *testing.T) {
	css, err := assetFS.ReadFile("assets/app.css")
	if err != nil {
		t.Fatal(err)
	}
	low := strings.ToLower(string(css))
	for _, id := range catalog.Registry().IDs() {
		g, _ := looks.For(id)
		var all []looks.Look
		all = append(all, g.Seats...)
		all = append(all, g.Suits...)
		for _, l := range g.Kinds {
			all = append(all, l)
		}
		for _, l := range all {
			if strings.Contains(low, l.Fill.Hex()) {
				t.Errorf("app.css holds %s, a colour of %s's looks: it comes from /looks.json", l.Fill.Hex(), id)
			}
		}
		for kind := range g.Kinds {
			if regexp.MustCompile(`\.ca\.` + kind + `\b`).MatchString(low) {
				t.Errorf("app.css has a rule for the card kind %s", kind)
			}
		}
	}
	for _, suit := range []string{"blue", "green", "red", "yellow", "violet"} {
		if strings.Contains(low, ".cy."+suit) {
			t.Errorf("app.css has a rule for the suit %s", suit)
		}
	}
}
