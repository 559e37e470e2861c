package gui

import (
	"errors"
	"fmt"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/tablee/tablee/companion/client"
	"github.com/tablee/tablee/proto/discovery"
	"github.com/tablee/tablee/proto/wire"
)

// joinForm asks for the table's code and a nickname.
type joinForm struct {
	table  discovery.Table
	code   *widget.Entry
	name   *widget.Entry
	submit *widget.Button
	status *widget.Label
}

func (a *App) showJoin(t discovery.Table) {
	f := &joinForm{table: t, code: widget.NewEntry(), name: widget.NewEntry(), status: widget.NewLabel("")}
	f.code.SetPlaceHolder(a.t(txtCodeHint))
	f.name.SetPlaceHolder(a.t(txtNickname))
	f.submit = widget.NewButton(a.t(txtJoin), func() { a.submitJoin(f) })
	back := widget.NewButton(a.t(txtBack), a.showTables)
	form := widget.NewForm(widget.NewFormItem(a.t(txtCode), f.code), widget.NewFormItem(a.t(txtNickname), f.name))
	a.join = f
	a.win.SetContent(container.NewVBox(widget.NewLabel(fmt.Sprintf(a.t(txtJoinTable), t.Name)), form, f.submit, back, f.status))
}

func (a *App) submitJoin(f *joinForm) {
	code, name := f.code.Text, f.name.Text
	f.submit.Disable()
	f.status.SetText(a.t(txtJoining))
	go func() {
		c, w, err := a.connect(f.table, code, name)
		a.deps.Do(func() {
			f.submit.Enable()
			if err != nil {
				f.status.SetText(a.explain(err))
				return
			}
			a.showSeat(c, w)
		})
	}()
}

// connect dials the first address the table published and joins.
func (a *App) connect(t discovery.Table, code, name string) (*client.Client, client.Welcome, error) {
	if len(t.Addrs) == 0 {
		return nil, client.Welcome{}, fmt.Errorf("%s published no address", t.Name)
	}
	c, err := a.deps.Dial(a.ctx, t.Addrs[0], t.Fingerprint)
	if err != nil {
		return nil, client.Welcome{}, err
	}
	w, err := c.Join(a.ctx, code, name)
	if err != nil {
		c.Close()
		return nil, client.Welcome{}, err
	}
	return c, w, nil
}

// explain words an error for the person holding the phone.
func (a *App) explain(err error) string {
	var we *wire.Error
	if !errors.As(err, &we) {
		return err.Error()
	}
	switch we.Code {
	case wire.WrongCode:
		return a.t(txtWrongCode)
	case wire.TableFull:
		return a.t(txtTableFull)
	case wire.RateLimited:
		return a.t(txtRateLimited)
	case wire.BadName:
		return a.t(txtBadName)
	}
	return we.Message
}
