package wire

import (
	"unicode/utf8"

	"github.com/tablee/tablee/engine"
)

// MaxName is the longest nickname, in characters.
const MaxName = 24

var clientTypes = map[string]bool{TypeJoin: true, TypeResume: true, TypeMove: true, TypeSync: true, TypePing: true}

// DecodeClient parses one frame a phone sent. It never panics: any input
// gives a message or an *Error whose code says what is wrong.
func DecodeClient(frame []byte) (Message, *Error) {
	if len(frame) > MaxFrame {
		e := Errorf(TooLarge, "message of %d bytes; the limit is %d", len(frame), MaxFrame)
		e.Fatal = true
		return Message{}, e
	}
	var m Message
	if err := engine.DecodeStrict(frame, &m); err != nil {
		return Message{}, Errorf(BadJSON, "not one message of this protocol: %v", err)
	}
	if m.V != Version {
		return m, Errorf(BadVersion, "protocol version %d; this table speaks %d", m.V, Version)
	}
	if !clientTypes[m.Type] {
		return m, Errorf(UnknownType, "unknown message type %q", m.Type)
	}
	return m, check(m)
}

func check(m Message) *Error {
	switch m.Type {
	case TypeJoin:
		if !isCode(m.Code) {
			return Errorf(WrongCode, "the table code is 4 digits")
		}
		if n := utf8.RuneCountInString(m.Name); n == 0 || n > MaxName || !utf8.ValidString(m.Name) {
			return Errorf(BadName, "a nickname has 1 to %d characters", MaxName)
		}
		if m.Key != "" && !ValidKey(m.Key) {
			return Errorf(BadKey, "a player key is %d to %d base64url characters", MinKey, MaxKey)
		}
	case TypeResume:
		if m.Token == "" {
			return Errorf(BadToken, "resume needs the seat token")
		}
	case TypeMove:
		if len(m.Move) == 0 {
			return Errorf(BadMove, "move message without a move")
		}
	}
	return nil
}

func isCode(s string) bool {
	if len(s) != 4 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// A player key's length bounds, in characters: 22 base64url characters
// carry 132 bits.
const (
	MinKey = 22
	MaxKey = 128
)

// ValidKey reports whether key has the form of a player key: MinKey to
// MaxKey characters of the base64url alphabet (hex keys fit too).
func ValidKey(key string) bool {
	if len(key) < MinKey || len(key) > MaxKey {
		return false
	}
	for _, c := range key {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
		if !ok {
			return false
		}
	}
	return true
}
