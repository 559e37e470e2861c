package console

import (
	"net/http"

	"github.com/tablee/tablee/proto/tlscert"
)

// venueCRL serves the venue authority's list of the consoles'
// certificates it revoked (a removed table's; docs/install.md, "A console
// the browser trusts"), as the hub keeps it beside the authority
// (HUB.db.console/venue-ca.crl, DER, signed by the authority): public, as
// the authority's certificate is, for the tools that check one. Only the
// hub's console serves it (the hub holds the authority); 404 until a
// table was removed.
func (h *Handler) venueCRL(w http.ResponseWriter, r *http.Request) {
	der := tlscert.RevocationList(tlscert.ConsoleDir(h.cfg.DB.Path()))
	if der == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/pkix-crl")
	w.Header().Set("Content-Disposition", `attachment; filename="tablee-venue-ca.crl"`)
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(der)
}
