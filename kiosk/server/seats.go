package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/kiosk/host"
	"github.com/tablee/tablee/proto/wire"
	"github.com/tablee/tablee/session"
)

// SeatState is what the kiosk shows of a seat.
type SeatState string

const (
	SeatFree      SeatState = "free"      // waiting for a phone to join
	SeatConnected SeatState = "connected" // a phone holds it and is online
	SeatAway      SeatState = "away"      // a phone holds it but is offline
	SeatBot       SeatState = "bot"       // a bot plays it
	// SeatTable is played by a guest on the kiosk's touch screen: no
	// phone may take it.
	SeatTable SeatState = "table"
)

// SeatInfo is one seat as the kiosk's screen and the staff see it.
type SeatInfo struct {
	Seat      engine.Seat
	State     SeatState
	Name      string
	AwaySince time.Time // when State is SeatAway
	// Web says a connected seat plays on the web page of the QR code
	// (its Transport has a Web method saying so), not the app.
	Web bool
}

// seat is the server's record of one seat; Server.mu guards it.
type seat struct {
	bot       bool
	touch     bool // a guest plays it on the kiosk's touch screen
	name      string
	tokenHash string // hex SHA-256 of the token; the token itself is never kept
	// prevHash is the token the phone resumed with, still accepted while
	// the seat has no connection and the phone has not spoken since its
	// welcome: a welcome lost with a dying connection must not lock the
	// phone out of its seat.
	prevHash string
	// pending marks a seat taken by a join whose phone has not yet shown
	// it holds the token: it has neither spoken after its welcome nor
	// resumed with it. A kiosk that dies between saving the join and
	// sending the welcome leaves such a seat; the phone that joined gets
	// it back by joining again with the same player key (keyHash, the
	// SHA-256 of join's key, "" for a guest), and after a restart a seat
	// still pending when its grace ends is freed (see Server.SetSession).
	pending   bool
	keyHash   string
	conn      *conn
	awaySince time.Time
	// After a too-fast cut-off the seat cannot be resumed until coolUntil;
	// cooldown doubles with each cut-off (see Server.tooFast).
	coolUntil time.Time
	cooldown  time.Duration
}

func (s *seat) free() bool { return s.phone() && s.tokenHash == "" }

// phone reports whether a phone plays the seat (or will, once one joins).
func (s *seat) phone() bool { return !s.bot && !s.touch }

// newToken returns a seat token of 256 random bits and its hash.
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("seat token: %w", err)
	}
	token = hex.EncodeToString(b)
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func sameHash(a, b string) bool {
	return len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// newCode returns a table code of wire.CodeDigits digits, different from
// old, and the secret of its link form.
func newCode(old string) (code, link string, err error) {
	limit := big.NewInt(1)
	for range wire.CodeDigits {
		limit.Mul(limit, big.NewInt(10))
	}
	for code == "" || code == old {
		n, err := rand.Int(rand.Reader, limit)
		if err != nil {
			return "", "", fmt.Errorf("table code: %w", err)
		}
		code = fmt.Sprintf("%0*d", wire.CodeDigits, n.Int64())
	}
	b := make([]byte, 20) // 160 bits, of which the 26 characters keep 130
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("table code: %w", err)
	}
	link = strings.ToLower(base32.StdEncoding.EncodeToString(b))[:wire.LinkSecretLen]
	return code, link, nil
}

// seatFile is what survives a kiosk crash besides the move log: the table
// code and which seats phones hold, so that the phones' tokens still work.
// It is kept with the session in the database.
type seatFile struct {
	Session string     `json:"session"`
	Code    string     `json:"code"`
	Link    string     `json:"link,omitempty"`
	Seats   []seatSave `json:"seats"`
	// Asked is the take-back request open when the seating was saved:
	// the log holds none, and a seat that asked (on a phone or on the
	// table) would otherwise wait for an answer that never comes.
	Asked *askSave `json:"takeback_asked,omitempty"`
}

// askSave is an open take-back request: who asked, and the log's length
// then (a move since, or an agreed take-back, makes it stale).
type askSave struct {
	Seat engine.Seat `json:"seat"`
	At   int         `json:"at"`
}

type seatSave struct {
	Name      string `json:"name,omitempty"`
	TokenHash string `json:"token_sha256,omitempty"`
	PrevHash  string `json:"prev_sha256,omitempty"`
	Touch     bool   `json:"touch,omitempty"` // played on the touch screen
	// Pending: joined, but the phone has not yet shown it got its token
	// (seat.pending); KeyHash is the SHA-256 of its join's player key.
	Pending bool   `json:"pending,omitempty"`
	KeyHash string `json:"key_sha256,omitempty"`
}

// saveSeats keeps f with its session in the table's database (the host's
// store, see host.Session.SaveSeating): a crash leaves the old or the new
// seating, and ending the session clears it.
func saveSeats(sess *host.Session, f seatFile) error {
	data, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("save seats: %w", err)
	}
	if err := sess.SaveSeating(context.Background(), data); err != nil {
		return fmt.Errorf("save seats: %w", err)
	}
	return nil
}

// loadSeats reads back the seating last saved for sess, if any.
func loadSeats(sess *host.Session) (seatFile, bool) {
	data, err := sess.Seating(context.Background())
	if err != nil || data == nil {
		return seatFile{}, false
	}
	var f seatFile
	if json.Unmarshal(data, &f) != nil || f.Session != sess.ID() {
		return seatFile{}, false
	}
	return f, true
}

// seatsFor builds the seat records of a session from its stored seats and,
// after a restart, from the seat file. A new session (nothing saved yet)
// says which seats a guest plays on the touch screen through its record:
// those are the guest seats started with a name (TouchSeat), since a
// phone's seat starts unnamed and gets its nickname when a phone joins —
// so even a kiosk that crashes before saving any seating keeps them.
func seatsFor(rec session.Record, saved seatFile, ok bool) []*seat {
	out := make([]*seat, len(rec.Seats))
	for i, s := range rec.Seats {
		out[i] = &seat{bot: s.Kind == session.Bot}
		switch {
		case out[i].bot:
		case !ok:
			if s.Kind == session.Guest && s.Name != "" {
				out[i].touch, out[i].name = true, s.Name
			}
		case i < len(saved.Seats):
			out[i].name = saved.Seats[i].Name
			out[i].touch = saved.Seats[i].Touch
			out[i].tokenHash = saved.Seats[i].TokenHash
			out[i].prevHash = saved.Seats[i].PrevHash
			out[i].pending = saved.Seats[i].Pending && out[i].tokenHash != ""
			out[i].keyHash = saved.Seats[i].KeyHash
		}
	}
	return out
}

// TouchSeat is the seat of a new session for a guest who plays on the
// kiosk's touch screen under name (never empty): a guest seat with its
// name set from the start, which is how the server tells it from a
// phone's seat (see seatsFor).
func TouchSeat(name string) session.Seat { return session.Seat{Kind: session.Guest, Name: name} }
