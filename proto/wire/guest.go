package wire

import (
	"strconv"
	"strings"
)

// TableGuest is the name a kiosk keeps for a guest who plays on its touch
// screen and gave no name: their place, seat+1, as "#2" — a key, not
// words, so each reader renders it in their own language where it is
// read ("Invité 2" on a French phone, "Gast 2" on a German table, "Guest
// 2" in an English console; the text common.table_guest), never in the
// language the table happened to speak when the game began. The server
// needs a touch seat's name to be non-empty (kiosk/server.TouchSeat).
func TableGuest(seat int) string { return "#" + strconv.Itoa(seat+1) }

// TableGuestPlace reports whether name is an unnamed table guest's and
// their place number (from 1): TableGuest's key, or the words the kiosk
// stored before it kept the key — "Invité 2", "Gast 2" or "Guest 2", the
// default name in the language of the moment — which are read as the
// key, so games stored then render in the reader's language too.
func TableGuestPlace(name string) (place int, ok bool) {
	rest, found := strings.CutPrefix(name, "#")
	if !found {
		for _, p := range legacyGuestNames {
			if rest, found = strings.CutPrefix(name, p); found {
				break
			}
		}
	}
	if !found || rest == "" || len(rest) > 3 || rest[0] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}

// legacyGuestNames are the default names' forms before the key, as the
// texts kiosk.seat.table_guest wrote them in French, German and English.
var legacyGuestNames = []string{"Invité ", "Gast ", "Guest "}
