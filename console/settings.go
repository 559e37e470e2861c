package console

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/internal/gate"
)

// settingsData is the settings page.
type settingsData struct {
	// Note is a text key said above the settings (the hub's: it has only
	// its PIN); Table offers a table's own settings and games' options.
	Note         string
	Table        bool
	TableName    string
	HintsInRated bool
	Games        []gameDefaults
}

// gameDefaults is one game's options as a new game of it starts them.
type gameDefaults struct {
	ID      string
	Options []optionField
}

// optionField is one option's list of choices.
type optionField struct {
	Field, Label string
	Choices      []optionChoice
}

type optionChoice struct {
	Value, Label string
	Selected     bool
}

// optionField is the form field of game's option key.
func optionFieldName(game, key string) string { return "option." + game + "." + key }

// optionValueName is a choice of an option in words, as the kiosk's
// seating screen says it: a seat number as "Seat N", on/off/random in
// words, anything else as it is.
func optionValueName(v view, value string) string {
	if n, err := strconv.Atoi(value); err == nil {
		return v.T("kiosk.option.value.seat", "N", n)
	}
	if key := "kiosk.option.value." + value; v.cat.Has(key) {
		return v.T(key)
	}
	return value
}

// gameDefaults lists every game of the table's catalogue with its
// options (the engine's own, labelled from i18n), each at the staff's
// default if they chose one, else the game's.
func (h *Handler) gameDefaults(ctx context.Context, v view) ([]gameDefaults, error) {
	var out []gameDefaults
	for _, info := range h.cfg.Games.Infos() {
		saved, err := h.cfg.DB.DefaultOptions(ctx, info.ID)
		if err != nil {
			return nil, err
		}
		g := gameDefaults{ID: info.ID}
		for _, o := range info.Options {
			cur := o.Default
			if s, ok := saved[o.Key]; ok && slices.Contains(o.Choices, s) {
				cur = s
			}
			f := optionField{Field: optionFieldName(info.ID, o.Key), Label: v.T(info.OptionKey(o.Key))}
			for _, c := range o.Choices {
				f.Choices = append(f.Choices, optionChoice{Value: c, Label: optionValueName(v, c), Selected: c == cur})
			}
			g.Options = append(g.Options, f)
		}
		out = append(out, g)
	}
	return out, nil
}

// settingsView is v with the settings page of the console's product.
func (h *Handler) settingsView(ctx context.Context, v view) (view, error) {
	d, err := h.p.settings(ctx, v)
	if err != nil {
		return v, err
	}
	v.Data = d
	return v, nil
}

// tableSettings is a table's settings page: its name, whether hints
// leave a game rated, and the games' default options.
func (h *Handler) tableSettings(ctx context.Context, v view) (settingsData, error) {
	d := settingsData{Table: true}
	var err error
	if d.Games, err = h.gameDefaults(ctx, v); err != nil {
		return d, err
	}
	if d.TableName, err = h.cfg.DB.TableName(ctx); err != nil {
		return d, err
	}
	if d.TableName == "" {
		d.TableName = h.cfg.TableName
	}
	d.HintsInRated, err = h.cfg.DB.HintsInRated(ctx)
	return d, err
}

// settings is the settings page.
func (h *Handler) settings(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	v, err := h.settingsView(r.Context(), h.newView(w, r, "settings", in.csrf))
	if err != nil {
		h.fail(w, v, err)
		return
	}
	h.render(w, http.StatusOK, v, false)
}

// saveSettings keeps the table's name and its rule for hints.
func (h *Handler) saveSettings(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	ctx := r.Context()
	if err := h.cfg.DB.SetTableName(ctx, r.PostFormValue("table_name")); err != nil {
		v, verr := h.settingsView(ctx, h.newView(w, r, "settings", in.csrf))
		if verr != nil {
			h.fail(w, v, verr)
			return
		}
		v.Error = v.T("console.settings.bad_name")
		h.render(w, http.StatusBadRequest, v, false)
		return
	}
	if err := h.cfg.DB.SetHintsInRated(ctx, r.PostFormValue("hints_in_rated") == "on"); err != nil {
		h.fail(w, h.newView(w, r, "settings", in.csrf), err)
		return
	}
	http.Redirect(w, r, "/settings?done=saved", http.StatusSeeOther)
}

// saveOptions keeps the options every game starts with on this table,
// as the kiosk's staff screen does. Each value must be one the engine
// allows (Info.CheckSetup, the one check of a setup): a form is a
// stranger's data. One wrong value saves nothing.
func (h *Handler) saveOptions(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	ctx := r.Context()
	chosen := map[string]map[string]string{}
	for _, info := range h.cfg.Games.Infos() {
		if len(info.Options) == 0 {
			continue
		}
		opts := map[string]string{}
		for _, o := range info.Options {
			opts[o.Key] = r.PostFormValue(optionFieldName(info.ID, o.Key))
		}
		if _, err := info.CheckSetup(engine.Setup{Seats: info.MaxSeats, Options: opts}); err != nil {
			h.cfg.Logf("console: default options: %v", err)
			v, verr := h.settingsView(ctx, h.newView(w, r, "settings", in.csrf))
			if verr != nil {
				h.fail(w, v, verr)
				return
			}
			v.Error = v.T("console.settings.bad_option", "Game", v.Game(info.ID))
			h.render(w, http.StatusBadRequest, v, false)
			return
		}
		chosen[info.ID] = opts
	}
	for _, id := range h.cfg.Games.IDs() {
		if opts, ok := chosen[id]; ok {
			if err := h.cfg.DB.SetDefaultOptions(ctx, id, opts); err != nil {
				h.fail(w, h.newView(w, r, "settings", in.csrf), err)
				return
			}
		}
	}
	http.Redirect(w, r, "/settings?done=saved", http.StatusSeeOther)
}

// changePIN sets a new staff PIN once the old one is given, through the
// staff gate (a wrong old PIN spends the same budget as a wrong sign-in),
// and signs every browser out.
func (h *Handler) changePIN(w http.ResponseWriter, r *http.Request, in signin, _ string) {
	ctx := r.Context()
	refuse := func(status int, key string, kv ...any) {
		v, err := h.settingsView(ctx, h.newView(w, r, "settings", in.csrf))
		if err != nil {
			h.fail(w, v, err)
			return
		}
		v.Error = v.T(key, kv...)
		h.render(w, status, v, false)
	}
	err := h.checkPIN(r, r.PostFormValue("old"))
	var locked *gate.LockedError
	switch {
	case errors.As(err, &locked) && !locked.Began:
		refuse(http.StatusTooManyRequests, "console.login.locked", "Seconds", int(locked.Wait.Round(time.Second)/time.Second))
		return
	case err != nil:
		refuse(http.StatusForbidden, "console.settings.old_wrong")
		return
	}
	pin, again := r.PostFormValue("new"), r.PostFormValue("again")
	if pin != again {
		refuse(http.StatusBadRequest, "console.settings.pin_differ")
		return
	}
	if err := h.cfg.DB.SetStaffPIN(ctx, pin); err != nil {
		if errors.Is(err, db.ErrBadPIN) {
			refuse(http.StatusBadRequest, "console.settings.pin_bad")
			return
		}
		h.fail(w, h.newView(w, r, "settings", in.csrf), err)
		return
	}
	h.signins.closeAll()
	setCookie(w, "", time.Unix(0, 0), -1)
	http.Redirect(w, r, "/login?done=pin_changed", http.StatusSeeOther)
}
