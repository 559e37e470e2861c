package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablee/tablee/kiosk/table"
)

// decisionProblems says, when the page asks the seat a decision (the
// status line is "À vous"), what of it a guest would have to scroll to:
// the decision's question (.decision .ask) and its first control (the
// first button or card in .decision that plays: not disabled, not
// aria-disabled) must lie whole inside the
// window, top to bottom, and be what a finger there touches. Sideways,
// the Canyon map scrolls by design. "" when nothing is wrong or no
// decision is asked.
const decisionProblems = `(() => {
  if (document.getElementById('status').className !== 'go') return '';
  const say = (el) => (el.textContent || '').trim().slice(0, 30);
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return 'not drawn';
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5) return 'at ' + Math.round(r.top) + '–' + Math.round(r.bottom) + ' px of ' + innerHeight;
    const x = Math.min(Math.max(r.left + Math.min(r.width / 2, 20), 0), innerWidth - 1);
    const at = document.elementFromPoint(x, r.top + Math.min(r.height / 2, 12));
    if (!at || !(el.contains(at) || at.contains(el))) return 'covered by ' + (at ? at.tagName + '#' + at.id + '.' + at.className : 'nothing');
    return '';
  };
  const d = document.querySelector('.decision');
  if (!d) return 'no decision drawn';
  const out = [];
  const ask = d.querySelector('.ask');
  if (!ask) out.push('no question');
  else { const p = seen(ask); if (p) out.push('the question "' + say(ask) + '" ' + p); }
  const first = [...d.querySelectorAll('button, .card')].find((b) => !b.disabled && b.getAttribute('aria-disabled') !== 'true' && b.getClientRects().length);
  if (!first) out.push('no control');
  else { const p = seen(first); if (p) out.push('its first control "' + say(first) + '" ' + p); }
  return out.join('; ');
})()`

// insight gathers the decisions a page asked and what of each was out of
// sight, by the page's state.
type insight struct {
	name  string            // the window's size, naming the pictures
	asked map[string]int    // decision state -> times seen
	bad   map[string]string // decision state -> its first problem
}

// look checks the page as it is now.
func (in *insight) look(t *testing.T, ctx context.Context, s string) {
	t.Helper()
	if in.asked == nil {
		in.asked, in.bad = map[string]int{}, map[string]string{}
	}
	if strings.HasSuffix(s, "-wait") || strings.HasSuffix(s, "-away") || !strings.Contains(s, "-") {
		return
	}
	p, err := chromedp.Run(ctx, chromedp.Evaluate[string](decisionProblems))
	if err != nil {
		return // the page moved on while it was read
	}
	if now, _ := state(ctx); now != s {
		return // a decision made by then: its check is the next state's
	}
	in.asked[s]++
	// TABLEE_INSIGHT_SHOTS=dir keeps the first picture of each decision
	// (and of the first one out of sight) in dir, to look at.
	if dir := os.Getenv("TABLEE_INSIGHT_SHOTS"); dir != "" && (in.asked[s] == 1 || p != "") {
		if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
			if err := os.WriteFile(filepath.Join(dir, in.name+"-"+s+".png"), png, 0o644); err != nil {
				t.Log(err)
			}
		}
	}
	if _, ok := in.bad[s]; p != "" && !ok {
		// What the column's parts took, to read the problem by.
		parts, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`['top', 'status', 'notice', 'shelfopen', 'help', 'app', 'hand'].map((id) =>
		  id + ' ' + Math.round(document.getElementById(id).getBoundingClientRect().height)).join(', ')`))
		in.bad[s] = p + " (" + parts + ")"
	}
}

// TestTheDecisionIsInSight plays whole games on the page in a phone's
// window of 360 × 740 CSS pixels and at 200 % zoom (180 × 370), and at
// every decision the seat is asked checks that its question and first
// control are on screen without the guest scrolling (decisionProblems):
// Canaille (every question of a sentence, the refill, the sentence from
// the hand) and Canyon (starts, tempos, cards, the landing map).
func TestTheDecisionIsInSight(t *testing.T) {
	games := []struct {
		game  string
		seats []table.Seat
		done  func(k *kiosk, s string) bool
	}{
		{"canaille", []table.Seat{{}, {Bot: "default"}, {Bot: "default"}}, func(_ *kiosk, s string) bool { return s == "result" }},
		// Two rounds: every kind of decision of Canyon, the second round
		// with the canoes already on the river.
		{"canyon", []table.Seat{{}, {Bot: "default"}, {Bot: "default"}}, func(k *kiosk, s string) bool { return s == "result" || roundOf(k) >= 3 }},
	}
	for _, size := range []struct{ w, h int64 }{{phoneW, phoneH}, {phoneW / 2, phoneH / 2}} {
		for _, g := range games {
			t.Run(fmt.Sprintf("%s/%dx%d", g.game, size.w, size.h), func(t *testing.T) {
				ctx := chrome.TabAt(t, size.w, size.h)
				ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
				defer cancel()
				k := openKiosk(t, g.game, g.seats)
				joinInBrowser(t, ctx, k, "Anja")
				in := insight{name: fmt.Sprintf("%dx%d", size.w, size.h)}
				playUntil(t, ctx, "the end", func(s string) bool { in.look(t, ctx, s); return g.done(k, s) })
				var asked, bad []string
				for s, n := range in.asked {
					asked = append(asked, fmt.Sprintf("%s ×%d", s, n))
				}
				for s, p := range in.bad {
					bad = append(bad, s+": "+p)
				}
				sort.Strings(asked)
				sort.Strings(bad)
				if len(asked) == 0 {
					t.Fatal("the page asked no decision")
				}
				if len(bad) > 0 {
					t.Errorf("at %d × %d, decisions out of sight:\n%s", size.w, size.h, strings.Join(bad, "\n"))
				}
				t.Logf("decisions asked: %s", strings.Join(asked, ", "))
			})
		}
	}
}
