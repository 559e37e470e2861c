package console

import "github.com/tablee/tablee/proto/wire"

// Shown is a seat's name as stored, as the page shows it: an unnamed
// table guest's place (wire.TableGuest's key, or the default name kept in
// any language before it) as "Guest N" in the page's language; any other
// name as it is.
func (v view) Shown(n string) string {
	if place, ok := wire.TableGuestPlace(n); ok {
		return v.T("common.table_guest", "N", place)
	}
	return n
}
