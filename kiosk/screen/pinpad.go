package screen

import (
	"context"
	"errors"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/kiosk/staff"
)

// Gate checks the staff PIN (kiosk/staff.Gate, or a fake in tests).
type Gate interface {
	Check(ctx context.Context, pin string) error
	HasPIN(ctx context.Context) bool
}

// TouchSize is the least size of anything a finger taps at 1920×1080
// (DESIGN.md: people reach across the table).
const TouchSize = 64

// PINPad is a numeric keypad for the staff PIN: the table has no keyboard.
type PINPad struct {
	w        Words
	gate     Gate
	then     func()
	digits   []byte
	dots     *canvas.Text
	message  *canvas.Text
	dlg      dialog.Dialog
	keys     map[string]*widget.Button
	hidden   bool
	callBtn  *widget.Button // the guests' call for the staff, if offered
	rulesBtn *widget.Button // the same call, to have the rules explained
}

// AskPIN shows the keypad over win and runs then once the right PIN was
// typed. Without a PIN set it says how to set one instead.
func AskPIN(ctx context.Context, w Words, win fyne.Window, gate Gate, then func()) *PINPad {
	return AskPINOrCall(ctx, w, win, gate, then, nil)
}

// AskPINOrCall is AskPIN with, beside Cancel, two buttons for the guests
// that need no PIN: a plain call, and « Expliquer les règles », a call
// whose reason is the rules (what the ludothèque's figures count as
// taught; any other call may be a spilt drink). Either runs call with
// rules set for the second (the staff console shows the table's call
// until someone answers it) and says the staff is coming; one call is
// made. A nil call offers neither.
func AskPINOrCall(ctx context.Context, w Words, win fyne.Window, gate Gate, then func(), call func(rules bool)) *PINPad {
	p := &PINPad{w: w, gate: gate, then: then, keys: map[string]*widget.Button{}}
	if !gate.HasPIN(ctx) {
		p.dlg = messageDialog(w, win, w.T("kiosk.staff.title"), w.T("kiosk.staff.no_pin"))
		p.dlg.Show()
		return p
	}
	p.dots = canvas.NewText(" ", theme.Color(theme.ColorNameForeground))
	p.dots.TextSize = 48
	p.dots.Alignment = fyne.TextAlignCenter
	p.message = canvas.NewText(w.T("kiosk.staff.enter_pin"), theme.Color(theme.ColorNameForeground))
	p.message.TextSize = 28
	p.message.Alignment = fyne.TextAlignCenter
	grid := container.NewGridWithColumns(3)
	for _, k := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"} {
		k := k
		b := widget.NewButton(k, func() { p.press(ctx, k) })
		if k == "OK" {
			b.Importance = widget.HighImportance
		}
		p.keys[k] = b
		grid.Add(container.NewGridWrap(fyne.NewSize(120, 88), b))
	}
	body := container.NewVBox(p.message, p.dots, container.NewCenter(grid))
	cancel := widget.NewButton(w.T("kiosk.cancel"), func() { p.hidden = true; p.dlg.Hide() })
	buttons := container.NewGridWrap(fyne.NewSize(240, TouchSize), cancel)
	if call != nil {
		called := func(rules bool, said string) func() {
			return func() {
				call(rules)
				p.callBtn.Disable()
				p.rulesBtn.Disable()
				p.message.Text = w.T(said)
				p.message.Refresh()
			}
		}
		p.callBtn = widget.NewButton(w.T("kiosk.staff.call"), called(false, "kiosk.staff.called"))
		p.rulesBtn = widget.NewButton(w.T("staffcall.rules"), called(true, "staffcall.called_rules"))
		buttons = container.NewGridWrap(fyne.NewSize(330, TouchSize), p.callBtn, p.rulesBtn, cancel)
	}
	p.dlg = dialog.NewCustomWithoutButtons(w.T("kiosk.staff.title"),
		container.NewBorder(nil, container.NewCenter(buttons), nil, nil, body), win)
	p.dlg.Show()
	return p
}

// Press taps a key of the pad ("0"–"9", "⌫", "OK"), as a finger would.
func (p *PINPad) Press(key string) {
	if b, ok := p.keys[key]; ok {
		b.OnTapped()
	}
}

// Call taps the guests' call for the staff, as a finger would; false if
// the pad offers none.
func (p *PINPad) Call() bool { return tapEnabled(p.callBtn) }

// CallRules taps « Expliquer les règles », as a finger would; false if
// the pad offers none.
func (p *PINPad) CallRules() bool { return tapEnabled(p.rulesBtn) }

// CallButtons are the plain call's and the rules' buttons (nil when not
// offered), for tests of their size.
func (p *PINPad) CallButtons() (call, rules *widget.Button) { return p.callBtn, p.rulesBtn }

func tapEnabled(b *widget.Button) bool {
	if b == nil || b.Disabled() {
		return false
	}
	b.OnTapped()
	return true
}

// Message is what the pad says now (for tests and screenshots).
func (p *PINPad) Message() string {
	if p.message == nil {
		return ""
	}
	return p.message.Text
}

// Visible reports whether the pad is still on screen.
func (p *PINPad) Visible() bool { return !p.hidden }

func (p *PINPad) press(ctx context.Context, k string) {
	switch k {
	case "⌫":
		if len(p.digits) > 0 {
			p.digits = p.digits[:len(p.digits)-1]
		}
	case "OK":
		p.submit(ctx)
		return
	default:
		if len(p.digits) < 12 {
			p.digits = append(p.digits, k[0])
		}
	}
	p.dots.Text = strings.Repeat("● ", len(p.digits)) + " "
	p.dots.Refresh()
}

func (p *PINPad) submit(ctx context.Context) {
	err := p.gate.Check(ctx, string(p.digits))
	p.digits = p.digits[:0]
	p.dots.Text = " "
	p.dots.Refresh()
	var locked *staff.LockedError
	switch {
	case err == nil:
		p.hidden = true
		p.dlg.Hide()
		p.then()
		return
	case errors.As(err, &locked) && !locked.Began:
		p.say(p.w.T("kiosk.staff.locked", "Seconds", int(locked.Wait.Round(time.Second)/time.Second)))
	case errors.Is(err, staff.ErrWrong):
		p.say(p.w.T("kiosk.staff.wrong_pin"))
	case errors.Is(err, staff.ErrNoPIN):
		p.say(p.w.T("kiosk.staff.no_pin"))
	default:
		fyne.LogError("staff PIN", err)
		p.say(p.w.T("kiosk.error.generic"))
	}
}

func (p *PINPad) say(s string) {
	p.message.Text = s
	p.message.Color = theme.Color(theme.ColorNameError)
	p.message.Refresh()
}

// ShowMessage shows a short message over win in large type, with a
// button to close it.
func ShowMessage(w Words, win fyne.Window, title, message string) {
	messageDialog(w, win, title, message).Show()
}

// messageWidth is the width of a message dialog's text.
const messageWidth = 760

// messageDialog is a dialog with message, its box as high as the wrapped
// text needs (a fixed box let the close button cover the end of a long
// text), and the close button under it.
func messageDialog(w Words, win fyne.Window, title, message string) dialog.Dialog {
	l := wrapped(message)
	box := container.NewGridWrap(fyne.NewSize(messageWidth, wrappedHeight(message, messageWidth)), l)
	var d dialog.Dialog
	closeBtn := widget.NewButton(w.T("kiosk.close"), func() { d.Hide() })
	closeBtn.Importance = widget.HighImportance
	d = dialog.NewCustomWithoutButtons(title, container.NewBorder(nil,
		container.NewCenter(container.NewGridWrap(fyne.NewSize(240, TouchSize), closeBtn)), nil, nil, box), win)
	return d
}

// wrappedHeight is how high a word-wrapped label of width shows s: each
// paragraph measured in the theme's text size, with a margin for the
// room word wrapping leaves at line ends.
func wrappedHeight(s string, width float32) float32 {
	size, pad := theme.TextSize(), theme.InnerPadding()
	inner := width - 2*pad
	lineH := fyne.MeasureText("Mg", size, fyne.TextStyle{}).Height + theme.LineSpacing()
	lines := 0
	for _, para := range strings.Split(s, "\n") {
		wide := fyne.MeasureText(para, size, fyne.TextStyle{}).Width * 1.15
		lines += max(1, int(wide/inner)+1)
	}
	return float32(lines)*lineH + 2*pad
}
