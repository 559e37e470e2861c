package gui

import (
	"encoding/json"

	"github.com/tablee/tablee/i18n"
)

// Preference keys.
const (
	prefName = "nickname"
	prefLang = "language"
	prefSeat = "seat"
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

// savedLang is the language the guest chose, else the system's.
func (a *App) savedLang() i18n.Lang {
	if l := a.prefs.String(prefLang); l != "" {
		return i18n.Parse(l)
	}
	return i18n.Parse(a.deps.Lang)
}
