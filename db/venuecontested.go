package db

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sync"
	"time"
)

// What the staff are shown of the venue's signed shelf results
// (docs/venue.md, "Signed shelf results"): the tokens seen signing with
// two keys (contested: credited nothing, the evidence that a table lied)
// and, per session, the seats of known players the venue counts as
// guests'. Both are read from the same claims the replay credits by
// (signedClaims, credited), so what the pages say is what the boards do.

// Why a sheet's known player's seat is not credited to its player.
const (
	// SeatUnsigned: the player's phone did not sign the seat's result (or
	// its signature did not verify at load).
	SeatUnsigned = "unsigned"
	// SeatContested: the seat is signed, but its token signed with two
	// keys in the venue.
	SeatContested = "contested"
)

// ContestedToken is a phone's venue token seen signing shelf results with
// more than one key: none of its shelf results is credited.
type ContestedToken struct {
	// Token is the phone's venue token, Short its first characters for
	// the staff to tell tokens apart.
	Token, Short string
	// Names are the nicknames its seats were played under, latest first.
	Names []string
	// Keys are the signing keys it was seen with, each with the tables
	// that relayed it.
	Keys []ContestedKey
	// Plays is how many shelf plays it signed; Last the latest one's time.
	Plays int
	Last  time.Time
}

// ContestedKey is one signing key a contested token was seen with.
type ContestedKey struct {
	// Short is the key's fingerprint (the first hex digits of its
	// SHA-256), not the key.
	Short  string
	Tables []ContestedTable
}

// ContestedTable is a table whose plays carried a contested token's
// signature by one key, and how many.
type ContestedTable struct {
	Kiosk, Table string
	Plays        int
}

// Contested returns the contested tokens of sessions (the venue's, in
// its order), the latest signed first.
func Contested(sessions []VenueSession) []ContestedToken {
	claims := signedClaims(sessions)
	byToken := map[string]*ContestedToken{}
	var out []*ContestedToken
	for _, s := range sessions {
		for _, st := range s.Event.Seats {
			if st.Sign == nil || !awaitsSignature(s.Event.Game, st) || len(claims[st.Sign.Token]) < 2 {
				continue
			}
			c := byToken[st.Sign.Token]
			if c == nil {
				c = &ContestedToken{Token: st.Sign.Token, Short: shortHex(st.Sign.Token)}
				byToken[st.Sign.Token] = c
				out = append(out, c)
			}
			c.Plays++
			if at := s.Event.OrderAt(); at.After(c.Last) {
				c.Last = at
			}
			if st.Nickname != "" {
				c.Names = slices.DeleteFunc(c.Names, func(n string) bool { return n == st.Nickname })
				c.Names = slices.Insert(c.Names, 0, st.Nickname)
			}
			c.addKey(keyPrint(st.Sign.Key), s.Event.Kiosk, s.Event.Table)
		}
	}
	list := make([]ContestedToken, len(out))
	for i, c := range out {
		list[i] = *c
	}
	slices.SortStableFunc(list, func(a, b ContestedToken) int { return b.Last.Compare(a.Last) })
	return list
}

// addKey counts one play signed by key at a kiosk's table.
func (c *ContestedToken) addKey(short, kiosk, table string) {
	i := slices.IndexFunc(c.Keys, func(k ContestedKey) bool { return k.Short == short })
	if i < 0 {
		c.Keys = append(c.Keys, ContestedKey{Short: short})
		i = len(c.Keys) - 1
	}
	k := &c.Keys[i]
	j := slices.IndexFunc(k.Tables, func(t ContestedTable) bool { return t.Kiosk == kiosk })
	if j < 0 {
		k.Tables = append(k.Tables, ContestedTable{Kiosk: kiosk})
		j = len(k.Tables) - 1
	}
	k.Tables[j].Table = table // the latest name it played under
	k.Tables[j].Plays++
	slices.SortStableFunc(k.Tables, func(a, b ContestedTable) int { return cmp.Compare(a.Table, b.Table) })
}

// keyPrint is a signing key's fingerprint for the staff: 12 hex digits
// of its SHA-256, enough to tell two keys apart, nothing to sign with.
func keyPrint(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:6])
}

// shortHex is the first 12 characters of a token.
func shortHex(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// Uncredited is, for each session of sessions (by its id) with any, the
// seats of known players of a sheet the venue counts as guests', each
// with why (SeatUnsigned or SeatContested).
func Uncredited(sessions []VenueSession) map[string]map[int]string {
	claims := signedClaims(sessions)
	out := map[string]map[int]string{}
	for _, s := range sessions {
		for i, st := range s.Event.Seats {
			if !awaitsSignature(s.Event.Game, st) || credited(s.Event.Game, st, claims) {
				continue
			}
			why := SeatUnsigned
			if st.Sign != nil {
				why = SeatContested
			}
			if out[s.Event.ID] == nil {
				out[s.Event.ID] = map[int]string{}
			}
			out[s.Event.ID][i] = why
		}
	}
	return out
}

// VenueContested is the venue copy's contested tokens, the latest first.
func (d *DB) VenueContested(ctx context.Context) ([]ContestedToken, error) {
	sessions, err := d.VenueSessions(ctx, time.Time{}, SheetGame)
	if err != nil {
		return nil, fmt.Errorf("contested tokens: %w", err)
	}
	return Contested(sessions), nil
}

// VenueUncredited is Uncredited of the venue copy's sessions: only a
// shelf game's seats are credited by signature, so only those are read.
func (d *DB) VenueUncredited(ctx context.Context) (map[string]map[int]string, error) {
	sessions, err := d.VenueSessions(ctx, time.Time{}, SheetGame)
	if err != nil {
		return nil, fmt.Errorf("uncredited seats: %w", err)
	}
	return Uncredited(sessions), nil
}

// contestedCache holds the last count of contested tokens and the state
// of the database it was counted in (venueCacheKey): the count is on
// every signed-in console page, and counting reads every shelf play's
// body (some 45 ms for 5,000 plays here, BenchmarkVenueContestedCount).
type contestedCache struct {
	mu  sync.Mutex
	key venueCacheKey
	n   int
	ok  bool
}

// VenueContestedCount is how many tokens of the venue copy are contested,
// counted by SQLite over the stored signatures (every signature stored
// is of a sheet's known player: keepSignedResults drops the others at
// load), again only after a write.
func (d *DB) VenueContestedCount(ctx context.Context) (int, error) {
	key := venueCacheKey{writes: d.writes.Load()}
	if err := d.w.QueryRowContext(ctx, "PRAGMA data_version").Scan(&key.dataVersion); err != nil {
		return 0, fmt.Errorf("contested tokens: %w", err)
	}
	d.contested.mu.Lock()
	if d.contested.ok && d.contested.key == key {
		n := d.contested.n
		d.contested.mu.Unlock()
		return n, nil
	}
	d.contested.mu.Unlock()
	var n int
	err := d.r.QueryRowContext(ctx,
		`SELECT count(*) FROM (
		   SELECT json_extract(s.value, '$.sign.token') AS token
		   FROM venue_sessions v, json_each(v.body, '$.seats') s
		   WHERE v.game = ? AND json_extract(s.value, '$.sign.token') IS NOT NULL
		   GROUP BY token HAVING count(DISTINCT json_extract(s.value, '$.sign.key')) > 1)`, SheetGame).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("contested tokens: %w", err)
	}
	d.contested.mu.Lock()
	d.contested.key, d.contested.n, d.contested.ok = key, n, true
	d.contested.mu.Unlock()
	return n, nil
}
