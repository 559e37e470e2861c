package gui

import (
	"context"
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/joinurl"
	"github.com/tablee/tablee/proto/tlscert"
	"github.com/tablee/tablee/proto/wire"
)

// joinTarget is a table the guest is about to join.
type joinTarget struct {
	table discovery.Kiosk // Addrs[0] and Fingerprint are used
	code  string          // from a join link; empty: the guest types it
	// typed: the address was typed and the fingerprint read from it, not
	// published: the guest compares the words before joining.
	typed bool
}

// joinScreen asks for what is still missing (code, nickname) and joins.
type joinScreen struct {
	a      *App
	target joinTarget
	cancel context.CancelFunc
	busy   bool
	msg    string

	code   *widget.Entry
	name   *widget.Entry
	submit *widget.Button
	guest  *widget.Check
	status *widget.Label
}

func (a *App) showJoin(t joinTarget) {
	j := &joinScreen{a: a, target: t, cancel: func() {}}
	a.join = j
	a.show(j)
}

func (j *joinScreen) leave() { j.cancel() }

func (j *joinScreen) build() fyne.CanvasObject {
	a, t := j.a, j.target
	// Typed text survives a language switch.
	code, name := t.code, ""
	if j.code != nil {
		code, name = j.code.Text, j.name.Text
	}
	j.code, j.name = widget.NewEntry(), widget.NewEntry()
	j.code.SetPlaceHolder(a.t("code_hint"))
	j.code.SetText(code)
	// The remembered nickname is offered, not filled in: what the guest
	// types replaces it instead of being appended to it.
	j.name.SetPlaceHolder(j.remembered())
	j.name.SetText(name)
	j.name.OnSubmitted = func(string) { j.start() }
	j.submit = widget.NewButton(a.t("join"), j.start)
	j.submit.Importance = widget.HighImportance
	back := widget.NewButton(a.t("back"), func() { a.showFind(nil) })
	j.status = wrapped(j.msg)

	// The table's name and its game on one line each, whatever their
	// length (a long name ends in "…"), the game's line kept when there is
	// none: the fields below never move with the table.
	table := widget.NewLabel(a.t("join_table", map[string]any{"Table": t.table.Name}))
	table.TextStyle.Bold = true
	table.Truncation = fyne.TextTruncateEllipsis
	game := widget.NewLabel("")
	if t.table.Game != "" {
		game.SetText(a.gameName(t.table.Game))
	}
	game.Truncation = fyne.TextTruncateEllipsis
	items := []fyne.CanvasObject{a.topBar(a.t("join")), table, game}
	words := wrapped(a.t("check_words", map[string]any{"Words": tlscert.ShowPhrase(tlscert.Phrase(t.table.Fingerprint), string(a.lang))}))
	if t.typed {
		words.Importance = widget.WarningImportance
	}
	items = append(items, words)
	if t.code == "" || t.typed {
		// A code the guest typed stays in its field, as typed.
		items = append(items, widget.NewLabel(a.t("code")), j.code)
	} else {
		items = append(items, widget.NewLabel(a.t("code_from_link")))
	}
	guest := widget.NewCheck(a.t("guest"), func(on bool) { a.prefs.SetBool(prefGuest, on) })
	guest.SetChecked(a.prefs.Bool(prefGuest))
	j.guest = guest
	items = append(items, widget.NewLabel(a.t("nickname")), j.name, guest, j.submit, back, j.status)
	j.setBusy(j.busy)
	return container.NewVScroll(container.NewVBox(items...))
}

// remembered is the nickname this phone used last, offered as the name
// field's placeholder; the catalogue's example when there is none.
func (j *joinScreen) remembered() string {
	if n := j.a.prefs.String(prefName); n != "" {
		return n
	}
	return j.a.t("nickname_hint")
}

func (j *joinScreen) setBusy(busy bool) {
	j.busy = busy
	if busy {
		j.submit.Disable()
	} else {
		j.submit.Enable()
	}
}

func (j *joinScreen) say(msg string) {
	j.msg = msg
	j.status.SetText(msg)
}

// start joins with the code and nickname given.
func (j *joinScreen) start() {
	a := j.a
	if j.busy {
		return
	}
	code, name := strings.TrimSpace(j.code.Text), strings.TrimSpace(j.name.Text)
	if name == "" {
		name = strings.TrimSpace(j.a.prefs.String(prefName))
	}
	if name == "" {
		j.say(a.t("err_bad_name"))
		return
	}
	a.prefs.SetString(prefName, name)
	j.setBusy(true)
	j.say(a.t("joining"))
	ctx, cancel := context.WithCancel(a.ctx)
	j.cancel = cancel
	t, key := j.target, a.playerKey()
	go func() {
		c, w, err := a.connect(ctx, t.table, func(c *client.Client) (client.Welcome, error) {
			return c.JoinPlayer(ctx, code, name, key)
		})
		a.deps.Do(func() {
			if ctx.Err() != nil {
				if c != nil {
					c.Close()
				}
				return
			}
			j.setBusy(false)
			if err != nil {
				j.say(a.explain(err))
				return
			}
			a.showSeat(c, w, savedSeat{Addr: t.table.Addrs[0], Fingerprint: t.table.Fingerprint, Table: w.Table, Game: w.Game})
		})
	}()
}

// connect dials the table's first address and takes the seat with hello
// (join or resume).
func (a *App) connect(ctx context.Context, t discovery.Kiosk, hello func(*client.Client) (client.Welcome, error)) (*client.Client, client.Welcome, error) {
	if len(t.Addrs) == 0 {
		return nil, client.Welcome{}, errors.New("the table published no address")
	}
	c, err := a.deps.Dial(ctx, t.Addrs[0], t.Fingerprint)
	if err != nil {
		return nil, client.Welcome{}, err
	}
	w, err := hello(c)
	if err != nil {
		c.Close()
		return nil, client.Welcome{}, err
	}
	return c, w, nil
}

// explain words an error for the person holding the phone: never a Go
// error, always what happened and what to do.
func (a *App) explain(err error) string {
	var we *wire.Error
	switch {
	case errors.As(err, &we):
		return a.explainWire(we)
	case errors.Is(err, tlscert.ErrMismatch):
		return a.t("err_impostor")
	case errors.Is(err, client.ErrDisconnected):
		return a.t("err_disconnected")
	}
	return a.t("err_unreachable")
}

// wireTexts words each refusal of the table that needs no detail.
var wireTexts = map[string]string{
	wire.WrongCode:   "err_wrong_code",
	wire.TableFull:   "err_table_full",
	wire.RateLimited: "err_rate_limited",
	wire.BadName:     "err_bad_name",
	wire.BadToken:    "err_bad_token",
	wire.NoGame:      "err_no_game",
	wire.Waiting:     "err_waiting",
	wire.NotYourTurn: "err_not_your_turn",
}

func (a *App) explainWire(we *wire.Error) string {
	switch {
	case we.Code == wire.Abandoned:
		return a.texts.T(a.lang, "common.abandoned")
	case we.Code == wire.IllegalMove:
		return a.ruleText(we.Rule)
	case wireTexts[we.Code] != "":
		return a.t(wireTexts[we.Code])
	}
	return a.t("err_table")
}

// ruleText is a rule in words, from the rules' own texts ("rule.<id>").
func (a *App) ruleText(id string) string {
	if id != "" && a.texts.Has("rule."+id) {
		return a.t("refused", map[string]any{"Rule": a.texts.T(a.lang, "rule."+id)})
	}
	return a.t("refused_unknown")
}

// showLink joins from a pasted or opened join link.
func (a *App) showLink(link string) {
	info, err := joinurl.Parse(link)
	if err != nil {
		a.showFind(func() string { return a.t("bad_link") })
		return
	}
	a.showJoin(joinTarget{
		table: discovery.Kiosk{Name: a.t("table_at", map[string]any{"Host": info.Host}), Proto: wire.Version, Fingerprint: info.Fingerprint, Addrs: []string{info.TLSAddr()}},
		code:  info.Code,
	})
}
