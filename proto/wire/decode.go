package wire

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"golang.org/x/text/unicode/norm"
)

// MaxName is the longest nickname, in characters.
const MaxName = 24

// CodeDigits is the length of the table code a guest types.
const CodeDigits = 6

// LinkSecretLen is the length of the secret the link form of the code
// (CODE-SECRET, carried by the QR code) adds to the digits.
const LinkSecretLen = 26

// clientFields lists, for each message type a phone may send, the members
// it may carry besides v, type and ref. Anything else is refused: a new
// field of a client message is added here as well as to Message.
var clientFields = map[string][]string{
	TypeJoin:    {"code", "name", "key"},
	TypeResume:  {"token"},
	TypeMove:    {"move"},
	TypeSync:    nil,
	TypePing:    nil,
	TypeSeats:   nil,
	TypeExplain: {"move"},
	TypeHint:    nil,
	TypeInfo:    {"code"},
	// The version of the move asked back, or whose request is answered.
	TypeTakeBack:       {"version"},
	TypeTakeBackAnswer: {"version", "agree"},
	TypeShelfSearch:    {"text", "lang", "players", "minutes", "final"},
	TypeShelfTake:      {"copy", "box", "lang"},
	TypeSign:           {"session", "signkey", "sig"},
}

// Limits of the shelf's messages.
const (
	MaxShelfText  = 64  // characters of a shelf-search's text
	MaxShelfBox   = 32  // characters of a shelf-take's box (an EAN is 8 to 14 digits)
	MaxShelfFound = 12  // titles in a shelf-found
	MaxPlayers    = 99  // a shelf-search's players
	MaxMinutes    = 720 // a shelf-search's minutes
)

// commonFields every client message may carry.
var commonFields = []string{"v", "type", "ref"}

// ClientTypes are the message types a phone may send, sorted.
func ClientTypes() []string {
	var out []string
	for t := range clientFields {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}

// DecodeClient parses one frame a phone sent. It never panics: any input
// gives a message or an *Error whose code says what is wrong. It is
// strict: one JSON object in valid UTF-8, member names exactly as
// documented, no name twice, only the members of the message's type; a
// join's nickname comes back cleaned (CleanName).
func DecodeClient(frame []byte) (Message, *Error) {
	if len(frame) > MaxFrame {
		e := Errorf(TooLarge, "message of %d bytes; the limit is %d", len(frame), MaxFrame)
		e.Fatal = true
		return Message{}, e
	}
	var members map[string]jsontext.Value
	if err := json.Unmarshal(frame, &members); err != nil || members == nil {
		return Message{}, Errorf(BadJSON, "not one JSON object: %v", err)
	}
	var m Message
	if err := json.Unmarshal(frame, &m, json.RejectUnknownMembers(true)); err != nil {
		return Message{}, Errorf(BadJSON, "not one message of this protocol: %v", err)
	}
	if m.V != Version {
		return m, Errorf(BadVersion, "protocol version %d; this table speaks %d", m.V, Version)
	}
	allowed, ok := clientFields[m.Type]
	if !ok {
		return m, Errorf(UnknownType, "unknown message type %q", m.Type)
	}
	for name := range members {
		if !slices.Contains(commonFields, name) && !slices.Contains(allowed, name) {
			return m, Errorf(BadJSON, "a %s message has no member %q", m.Type, name)
		}
	}
	return check(m)
}

func check(m Message) (Message, *Error) {
	switch m.Type {
	case TypeJoin:
		if !IsCode(m.Code) {
			return m, Errorf(WrongCode, "the table code is %d digits", CodeDigits)
		}
		name, err := CleanName(m.Name)
		if err != nil {
			return m, err
		}
		m.Name = name
		if m.Key != "" && !ValidKey(m.Key) {
			return m, Errorf(BadKey, "a player key is %d to %d base64url characters", MinKey, MaxKey)
		}
	case TypeInfo:
		// Only the link form, which cannot be guessed: info spends no
		// guessing budget, so it must not tell whether a typed code is
		// right.
		if _, _, link := strings.Cut(m.Code, "-"); !link || !IsCode(m.Code) {
			return m, Errorf(WrongCode, "info needs the QR code's link form of the table code")
		}
	case TypeResume:
		if m.Token == "" {
			return m, Errorf(BadToken, "resume needs the seat token")
		}
	case TypeTakeBack, TypeTakeBackAnswer:
		if m.Version <= 0 {
			return m, Errorf(BadJSON, "a %s message names the version of the move (1 or more)", m.Type)
		}
		if m.Type == TypeTakeBackAnswer && m.Agree == nil {
			return m, Errorf(BadJSON, "a takeback-answer says agree: true or false")
		}
	case TypeShelfSearch:
		return checkShelfSearch(m)
	case TypeShelfTake:
		if m.Lang != "" && m.Lang != "fr" && m.Lang != "de" && m.Lang != "en" {
			return m, Errorf(BadJSON, "a shelf-take's lang is fr, de or en")
		}
		if (m.CopyID != 0) == (m.Box != "") {
			return m, Errorf(BadJSON, "a shelf-take names one copy: copy (its id) or box (its EAN or shelf code)")
		}
		if m.CopyID < 0 {
			return m, Errorf(BadJSON, "a copy id is 1 or more")
		}
		if m.Box != "" {
			box, ok := CleanBox(m.Box)
			if !ok {
				return m, Errorf(BadJSON, "a box is its EAN's digits or its shelf code: 1 to %d letters, digits, dashes or dots", MaxShelfBox)
			}
			m.Box = box
		}
	case TypeSign:
		if m.Session == "" || !ValidSignKey(m.SignKey) || m.Sig == "" {
			return m, Errorf(BadJSON, "a sign names the session, the phone's signing key (32 bytes, base64url) and the signature")
		}
	case TypeMove, TypeExplain:
		if len(m.Move) == 0 || string(m.Move) == "null" {
			return m, Errorf(BadMove, "move message without a move")
		}
	}
	return m, nil
}

// CleanName returns a nickname as the table keeps it: spaces trimmed at
// both ends, in Unicode normal form C, 1 to MaxName characters, all of
// them printable (letters, marks, digits, punctuation, symbols, the plain
// space, and the zero-width joiner of emoji sequences). Control and
// formatting characters, bidirectional overrides among them, are refused
// with BadName.
func CleanName(name string) (string, *Error) {
	if !utf8.ValidString(name) {
		return "", Errorf(BadName, "a nickname must be valid UTF-8")
	}
	name = norm.NFC.String(strings.TrimSpace(name))
	if n := utf8.RuneCountInString(name); n == 0 || n > MaxName {
		return "", Errorf(BadName, "a nickname has 1 to %d characters", MaxName)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) && r != zwj {
			return "", Errorf(BadName, "a nickname cannot hold the character %U", r)
		}
	}
	return name, nil
}

// ScrubName is a name received from elsewhere (the venue: another
// table's sessions and hellos) made to keep CleanName's rule, since it
// cannot be refused as a phone's nickname is: invalid bytes, control and
// formatting characters (bidirectional overrides among them) are taken
// out, spaces trimmed, normal form C, and it is cut to MaxName
// characters. What is left may be "".
func ScrubName(name string) string {
	name = strings.ToValidUTF8(name, "")
	name = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) && r != zwj {
			return -1
		}
		return r
	}, name)
	name = norm.NFC.String(strings.TrimSpace(name))
	if utf8.RuneCountInString(name) > MaxName {
		name = strings.TrimSpace(string([]rune(name)[:MaxName]))
	}
	return name
}

// zwj joins emoji into one picture (👩‍🍳); it changes no text direction.
const zwj = '\u200d'

// IsCode reports whether s has the form of a table code: CodeDigits
// digits, or the link form CODE-SECRET with LinkSecretLen characters of
// lowercase base32 (a–z, 2–7) after the dash.
func IsCode(s string) bool {
	digits, secret, link := strings.Cut(s, "-")
	if len(digits) != CodeDigits || !allIn(digits, "0123456789") {
		return false
	}
	return !link || len(secret) == LinkSecretLen && allIn(secret, "abcdefghijklmnopqrstuvwxyz234567")
}

func allIn(s, set string) bool {
	for _, c := range s {
		if !strings.ContainsRune(set, c) {
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

// checkShelfSearch checks a shelf-search's question and cleans its text.
func checkShelfSearch(m Message) (Message, *Error) {
	if !utf8.ValidString(m.Text) {
		return m, Errorf(BadJSON, "a search's text must be valid UTF-8")
	}
	text := norm.NFC.String(strings.TrimSpace(m.Text))
	if utf8.RuneCountInString(text) > MaxShelfText {
		return m, Errorf(BadJSON, "a search's text has at most %d characters", MaxShelfText)
	}
	for _, r := range text {
		if !unicode.IsPrint(r) {
			return m, Errorf(BadJSON, "a search's text cannot hold the character %U", r)
		}
	}
	m.Text = text
	switch m.Lang {
	case "", "fr", "de", "en":
	default:
		return m, Errorf(BadJSON, "a search's lang is fr, de or en")
	}
	if m.Players < 0 || m.Players > MaxPlayers {
		return m, Errorf(BadJSON, "a search's players are 0 (any) to %d", MaxPlayers)
	}
	if m.Minutes < 0 || m.Minutes > MaxMinutes {
		return m, Errorf(BadJSON, "a search's minutes are 0 (any) to %d", MaxMinutes)
	}
	return m, nil
}

// CleanBox returns a scanned or typed box as the shelf looks it up:
// spaces trimmed, letters upper-cased (shelf codes are "D5" however
// typed); false unless it is 1 to MaxShelfBox ASCII letters, digits,
// dashes or dots.
func CleanBox(box string) (string, bool) {
	box = strings.ToUpper(strings.TrimSpace(box))
	if box == "" || len(box) > MaxShelfBox {
		return "", false
	}
	for _, c := range box {
		ok := c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.'
		if !ok {
			return "", false
		}
	}
	return box, true
}

// SameBox reports whether a copy's shelf code is the box a phone sent
// (CleanBox's form): shelf codes compare as CleanBox leaves them.
func SameBox(shelfCode, box string) bool {
	c, ok := CleanBox(shelfCode)
	return ok && c == box
}
