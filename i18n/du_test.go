package i18n

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// guestDomains are the domains whose German texts speak to guests: the
// table's screens, the hints, the lessons, the phones. They say "du" to a
// guest and "ihr" to a group, as the web page and the lessons always
// did; the staff's consoles and screens say "Sie", which this test leaves
// alone.
var guestDomains = []string{"board", "common", "companion", "guide", "hint", "kiosk", "lesson", "rules",
	"sheetphone", "sheettable", "shelf", "shelfhere", "staffcall", "web", "you"}

// staffKeys are the keys, in the guests' domains, of the staff's screens
// on the table (a key starting so), which say "Sie".
var staffKeys = []string{"kiosk.figures.", "kiosk.game_staff.", "kiosk.sessions.", "kiosk.settings.",
	"kiosk.staff.", "kiosk.venue."}

// staffKey reports whether key is one of the staff's screens' texts; the
// staff's call answered at the table is the guests'.
func staffKey(key string) bool {
	if key == "kiosk.staff.called" {
		return false
	}
	for _, p := range staffKeys {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// politeMid is a polite pronoun inside a sentence ("Setzen Sie", "einen
// Ihrer Stifte"), where "sie" and "ihr" would be written in lower case;
// politeStart is a sentence opened by the polite "Sie" and a verb of the
// forms the texts use ("Sie können …"), which the third person's "Sie"
// (a card: "Sie gewinnt diesen Stich") never takes.
var (
	politeMid   = regexp.MustCompile(`[\p{L},]\s+(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b`)
	politeStart = regexp.MustCompile(`(^|[.!?:★]\s*)Sie\s+(können|beginnen|spielen|haben|sind|müssen|dürfen|wollen|möchten|sehen|finden)\b`)
)

// TestGermanGuestsAreSaidDu: the hints said "Setzen Sie einen Stift"
// while the page and the lessons say "du". No German text of the guests'
// domains uses the polite form.
func TestGermanGuestsAreSaidDu(t *testing.T) {
	checked := 0
	for _, domain := range guestDomains {
		data, err := fs.ReadFile(files, "messages/"+domain+".de.json")
		if err != nil {
			t.Fatalf("%s: %v", domain, err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("%s: %v", domain, err)
		}
		for key, r := range raw {
			if staffKey(key) {
				continue
			}
			var texts []string
			var one string
			var forms map[string]string
			if json.Unmarshal(r, &one) == nil {
				texts = []string{one}
			} else if json.Unmarshal(r, &forms) == nil {
				for _, f := range forms {
					texts = append(texts, f)
				}
			}
			for _, s := range texts {
				checked++
				if m := politeMid.FindString(s); m != "" {
					t.Errorf("%s: %q says %q: guests are said du", key, s, strings.TrimSpace(m))
				}
				if m := politeStart.FindString(s); m != "" {
					t.Errorf("%s: %q says %q: guests are said du", key, s, strings.TrimSpace(m))
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("only %d German texts checked", checked)
	}
}
