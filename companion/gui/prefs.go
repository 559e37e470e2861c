package gui

import (
	"encoding/json"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/i18n"
)

// Preference keys.
const (
	prefName  = "nickname"
	prefLang  = "language"
	prefSeat  = "seat"
	prefKey   = "player_key" // the phone's player key: the table knows it again
	prefGuest = "guest"      // the guest chose not to be rated
	prefPlays = "plays"      // the score sheets' plays this phone sat in (sheet.go)
)

// savedSeat is what the app keeps of the seat it holds, so that a phone
// closed, asleep or cut from the Wi-Fi comes back to it by itself.
type savedSeat struct {
	Addr        string `json:"addr"`
	Fingerprint string `json:"fingerprint"`
	Token       string `json:"token"`
	Table       string `json:"table"`
	Game        string `json:"game"`
}

func (a *App) savedSeat() (savedSeat, bool) {
	var s savedSeat
	raw := a.prefs.String(prefSeat)
	if raw == "" || json.Unmarshal([]byte(raw), &s) != nil || s.Token == "" || s.Addr == "" {
		return savedSeat{}, false
	}
	return s, true
}

// keepSeat remembers s; the token changes on every welcome, so it is
// written again each time.
func (a *App) keepSeat(s savedSeat) {
	data, err := json.Marshal(s)
	if err == nil {
		a.prefs.SetString(prefSeat, string(data))
	}
}

func (a *App) forgetSeat() { a.prefs.RemoveValue(prefSeat) }

// playerKey is the phone's player key, drawn on first use, or "" for a
// guest: with it the table rates this phone's games and puts its player on
// the leaderboards, whatever nickname comes with it.
func (a *App) playerKey() string {
	if a.prefs.Bool(prefGuest) {
		return ""
	}
	key := a.prefs.String(prefKey)
	if key == "" {
		var err error
		if key, err = client.NewPlayerKey(); err != nil {
			return "" // no randomness: join as a guest rather than not at all
		}
		a.prefs.SetString(prefKey, key)
	}
	return key
}

// savedLang is the language the guest chose, else the system's.
func (a *App) savedLang() i18n.Lang {
	if l := a.prefs.String(prefLang); l != "" {
		return i18n.Parse(l)
	}
	return i18n.Parse(a.deps.Lang)
}
