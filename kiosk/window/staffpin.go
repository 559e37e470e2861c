package window

import "github.com/tablee/tablee/console"

// pinStore lets a staff gate check PINs against the database's hash and
// keep its wrong-PIN budget there: the console's adapter, the one the
// table's shared gate (table.Staff) uses.
type pinStore = console.PINStore
