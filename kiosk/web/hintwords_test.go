package web_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/engine/canoe"
	"github.com/tablee/tablee/engine/canyonduel"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/kiosk/table"
)

// cellNotation is a cell as the engines write it ("j3", "c10"): what a
// message shown to people never holds, since no board shows it.
var cellNotation = regexp.MustCompile(`\b[a-z][0-9]{1,2}\b`)

// TestBrowserHintsAtTheTableNameNoCell: in Canoë and the duel, whose
// boards are played at the table, a guest asks the page for a hint on
// their turn and reads it in words, as the table and the app say it away
// from the board (say.HintAway's words), in every language: never a cell's
// name ("posez une cheville en j3" was the page's).
func TestBrowserHintsAtTheTableNameNoCell(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct {
		id    string
		kinds []string
	}{
		{canoe.ID, []string{"place", "remove", "move"}},
		{canyonduel.ID, []string{"step", "jump"}},
	} {
		t.Run(g.id, func(t *testing.T) {
			ctx := browser(t)
			ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
			defer cancel()
			k := openKiosk(t, g.id, []table.Seat{{}, {Bot: "default"}})
			joinInBrowser(t, ctx, k, "Anja")
			for _, l := range i18n.Langs() {
				lang(t, ctx, string(l))
				tap(t, ctx, "button.hintbtn")
				var got string
				waitState(t, ctx, "the hint in "+string(l), func(string) bool {
					got = eval(t, ctx, `(() => { const p = document.querySelector('.tip p'); return p ? p.textContent : ''; })()`)
					return got != "" && !strings.Contains(got, cat.T(l, "web.hint.asking"))
				})
				said := false
				for _, kind := range g.kinds {
					key := "hint.say." + g.id + "." + kind + ".away"
					for _, form := range cat.Export(l, key) {
						if words, _, _ := strings.Cut(form, "{{"); words != "" && strings.Contains(got, words) {
							said = true
						}
					}
				}
				if !said {
					t.Errorf("%s: the hint %q holds none of the table's words for a %s move (hint.say.%s.*.away)", l, got, g.id, g.id)
				}
				if c := cellNotation.FindString(got); c != "" || strings.Contains(got, "{{") {
					t.Errorf("%s: the hint %q names the cell %q, or a text's parameter", l, got, c)
				}
				eval(t, ctx, `(() => { const b = document.querySelector('.tip button'); if (b) b.click(); return ''; })()`)
				waitState(t, ctx, "the hint closed", func(string) bool { return eval(t, ctx, `document.querySelector('.tip') ? 'y' : ''`) == "" })
			}
		})
	}
}
