package wire

import (
	"crypto/ed25519"
	"encoding/base64"
	"strconv"
)

// A shelf game's play (a score sheet) cannot be replayed through rules, so
// the venue does not take a table's word for it: each known player's phone
// signs its seat's result when the table shows the results, with an
// Ed25519 key that never leaves the phone, and the venue credits a player
// only with a result that player's key signed (docs/venue.md, "Signed
// shelf results"). The table asks with sign-ask, naming what the phone
// cannot see (the table's venue id and the session's id); the phone signs
// ResultStatement.Bytes of those and of the results its own final view
// shows, and answers with sign.

// Message types of the signed results.
const (
	// TypeSignAsk (table to phone) asks a phone that joined with a
	// player key to sign its seat's result of the shelf game just
	// finished: Kiosk and Session name the play.
	TypeSignAsk = "sign-ask"
	// TypeSign (phone to table) is the signature: Session, the phone's
	// public signing key SignKey and Sig, both unpadded base64url.
	TypeSign = "sign"
)

// BadSignature is the error code of a sign whose signature does not
// verify over the results the table recorded, or that comes for a play
// the table no longer asks signatures for.
const BadSignature = "bad-signature"

// SeatResult is one seat's result as the statement names it.
type SeatResult struct {
	Score  int
	Rank   int
	Winner bool
}

// ResultStatement is what a phone signs: the play (the table's venue id,
// the session's id, the game, the sheet and the title played, how it
// ended), every seat's result as the table showed it, and the signer's
// seat. Naming all of it means a signature cannot be moved to another
// play, another seat or another result, and a play is signed once: a
// session's id is never used again.
type ResultStatement struct {
	Kiosk   string
	Session string
	Game    string
	Sheet   string
	Title   string
	Reason  string
	Seats   []SeatResult
	Signer  int
}

// statementTag opens every statement: a signature made for anything
// else (another protocol, another version) is not one of these.
const statementTag = "tablee signed result 1"

// Bytes is the statement's one canonical form: the tag, then each field
// as its length in bytes, a colon, the bytes and a newline, in the order
// of the struct; the seats as their count then score, rank and 1 or 0
// for a win, each so written. The page builds the same bytes (sign.js).
func (s ResultStatement) Bytes() []byte {
	var b []byte
	field := func(v string) {
		b = strconv.AppendInt(b, int64(len(v)), 10)
		b = append(b, ':')
		b = append(b, v...)
		b = append(b, '\n')
	}
	num := func(n int) { field(strconv.Itoa(n)) }
	field(statementTag)
	field(s.Kiosk)
	field(s.Session)
	field(s.Game)
	field(s.Sheet)
	field(s.Title)
	field(s.Reason)
	num(len(s.Seats))
	for _, st := range s.Seats {
		num(st.Score)
		num(st.Rank)
		if st.Winner {
			num(1)
		} else {
			num(0)
		}
	}
	num(s.Signer)
	return b
}

// SignResult signs s with the phone's private key, as sign carries it
// (unpadded base64url).
func SignResult(key ed25519.PrivateKey, s ResultStatement) string {
	return base64.RawURLEncoding.EncodeToString(ed25519.Sign(key, s.Bytes()))
}

// EncodeSignKey is a public signing key as sign carries it.
func EncodeSignKey(pub ed25519.PublicKey) string {
	return base64.RawURLEncoding.EncodeToString(pub)
}

// VerifyResult reports whether sig, by the public key pub (both as sign
// carries them), signs s. Anything that is not a key and a signature of
// Ed25519's sizes is false; it never panics.
func VerifyResult(pub, sig string, s ResultStatement) bool {
	p, err := base64.RawURLEncoding.DecodeString(pub)
	if err != nil || len(p) != ed25519.PublicKeySize {
		return false
	}
	g, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || len(g) != ed25519.SignatureSize {
		return false
	}
	return ed25519.Verify(ed25519.PublicKey(p), s.Bytes(), g)
}

// ValidSignKey reports whether k is a public signing key as sign carries
// it: 32 bytes in unpadded base64url.
func ValidSignKey(k string) bool {
	p, err := base64.RawURLEncoding.DecodeString(k)
	return err == nil && len(p) == ed25519.PublicKeySize
}
