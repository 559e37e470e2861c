// Package console is the staff console: a small web application the
// kiosk serves over HTTPS, with its own certificate, to the staff's own
// laptop or phone. It shows the table live (and the staff calls its
// guests make), the leaderboards, the sessions with their moves in words,
// the players (rename, merge, forget), the downloads (CSV exports, the
// plays with BoardGameGeek's fields, and a consistent copy of the
// database), the shelf's score sheets (a title's sheet edited beside its
// preview, checked by the scoresheet package, saved into the plays'
// library) and the settings.
//
// It is built like the web companion: plain HTML from html/template, one
// stylesheet and one script embedded in the binary, nothing fetched from
// elsewhere. Staff sign in with the staff PIN, the database's hash as on
// the kiosk's screen, through a gate.Sources: a wrong-PIN budget per
// source address, apart from the screen's PIN pad, so nobody on the
// network locks the staff out; a session is a random token in an
// HttpOnly, Secure, SameSite=Strict cookie, kept on the server with its
// expiry and its CSRF token, which every state-changing request must
// carry besides a same-origin Origin.
//
// The venue hub serves the same console for the whole venue (Config.Hub,
// tablee venue --console-addr): its pages read the hub's database (the
// venue's sessions, boards, players and CSV) and the paired tables
// through the Hub interface, so the console does not import the venue;
// the pages of one table (live seats, the shelf, table settings, moves
// and replays) are left out.
//
// Each product is a product value (product.go): its route table
// (routes.go lists both), its menu, its players (a playerBook: the
// table's own or the venue's), its tables page, its files and its
// settings. The pages both serve are one handler, one template and one
// data type each, which read what differs from the product and never
// ask which product they serve.
//
// The console calls the database's own functions, the ones tablee's
// staff commands and the kiosk's staff screen call, never copies of them.
// It knows the running table only through the Live interface, so it does
// not import the kiosk's screens.
package console
