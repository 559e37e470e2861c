package gui

import (
	"context"
	"net"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

// addressScreen takes a table's address and code typed by hand, for a
// phone that cannot browse and has no link: it reads the certificate's
// fingerprint from the address, and the join screen shows its words for
// the guest to compare with the table's before joining.
type addressScreen struct {
	a      *App
	cancel context.CancelFunc
	busy   bool
	msg    string

	addr, code *widget.Entry
	next       *widget.Button
	status     *widget.Label
}

func (a *App) showAddress() {
	s := &addressScreen{a: a, cancel: func() {}}
	a.show(s)
}

func (s *addressScreen) leave() { s.cancel() }

func (s *addressScreen) build() fyne.CanvasObject {
	a := s.a
	addr, code := "", ""
	if s.addr != nil {
		addr, code = s.addr.Text, s.code.Text
	}
	s.addr, s.code = widget.NewEntry(), widget.NewEntry()
	s.addr.SetPlaceHolder(exampleAddress)
	s.addr.SetText(addr)
	s.code.SetPlaceHolder(a.t("code_hint"))
	s.code.SetText(code)
	s.next = widget.NewButton(a.t("continue"), s.probe)
	s.next.Importance = widget.HighImportance
	if s.busy {
		s.next.Disable()
	}
	s.status = wrapped(s.msg)
	return container.NewVScroll(container.NewVBox(
		a.topBar(a.t("type_address")),
		wrapped(a.t("address_help")),
		widget.NewLabel(a.t("address", map[string]any{"Example": exampleAddress})), s.addr,
		widget.NewLabel(a.t("code")), s.code,
		s.next,
		widget.NewButton(a.t("back"), func() { a.showFind(nil) }),
		s.status,
	))
}

// probe reads the fingerprint at the address and goes on to joining.
func (s *addressScreen) probe() {
	a := s.a
	addr, ok := withPort(strings.TrimSpace(s.addr.Text))
	code := strings.TrimSpace(s.code.Text)
	if !ok {
		s.say(a.t("bad_address", map[string]any{"Example": exampleAddress}))
		return
	}
	if code == "" {
		s.say(a.t("err_wrong_code"))
		return
	}
	s.busy = true
	s.next.Disable()
	s.say(a.t("joining"))
	ctx, cancel := context.WithCancel(a.ctx)
	s.cancel = cancel
	go func() {
		fp, err := a.deps.Probe(ctx, addr)
		a.deps.Do(func() {
			if ctx.Err() != nil {
				return
			}
			s.busy = false
			s.next.Enable()
			if err != nil {
				s.say(a.t("err_unreachable"))
				return
			}
			host, _, _ := net.SplitHostPort(addr)
			a.showJoin(joinTarget{
				table: discovery.Kiosk{Name: a.t("table_at", map[string]any{"Host": host}), Proto: wire.Version, Fingerprint: fp, Addrs: []string{addr}},
				code:  code, typed: true,
			})
		})
	}()
}

// exampleAddress is the form of an address, with the port the kiosk uses.
var exampleAddress = net.JoinHostPort("192.168.1.20", strconv.Itoa(wire.DefaultPort))

// withPort is addr as the guest typed it, with the protocol's default port
// when none was typed; ok is false for what is no address.
func withPort(addr string) (string, bool) {
	if addr == "" || strings.ContainsAny(addr, " /#?") {
		return "", false
	}
	if _, port, err := net.SplitHostPort(addr); err == nil {
		if port == "" {
			return "", false
		}
		return addr, true
	}
	return net.JoinHostPort(strings.Trim(addr, "[]"), strconv.Itoa(wire.DefaultPort)), true
}

func (s *addressScreen) say(msg string) {
	s.msg = msg
	s.status.SetText(msg)
}
