package dbtest

import (
	"crypto/ed25519"
	"crypto/sha256"
	"slices"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// SignAsPhones signs, as each known player's phone would, every person's
// seat of a shelf game's event written by hand (docs/venue.md, "Signed
// shelf results"): the venue credits such a seat only signed. The phone
// of a key token signs with a key drawn from that token, so the same
// token signs with the same key in every event.
func SignAsPhones(ev *db.SessionEvent) {
	for i, st := range ev.Seats {
		if ev.Game != db.SheetGame || st.Kind != session.Person || st.PlayerID == "" || len(st.Keys) == 0 {
			continue
		}
		token := slices.Min(st.Keys)
		seed := sha256.Sum256([]byte("dbtest signing key of " + token))
		key := ed25519.NewKeyFromSeed(seed[:])
		ev.Seats[i].Sign = &db.SeatSign{Token: token, Key: wire.EncodeSignKey(key.Public().(ed25519.PublicKey)),
			Sig: wire.SignResult(key, ev.Statement(i))}
	}
}
