package wire

import (
	"encoding/json"
	"fmt"

	"github.com/tablee/tablee/engine"
)

// Version is the protocol version; it is published in the mDNS TXT record
// and every message carries it. Version 2 (issue 11) brought 6-digit
// codes, token rotation, the seat status in views and strict frames.
const Version = 2

// DefaultPort is the TLS port a table listens on unless told otherwise:
// fixed, so that a phone finds a restarted kiosk where it was, and the
// one a guest typing an address by hand may leave out.
const DefaultPort = 7457

// MaxFrame is the largest frame the server reads; a larger one closes the
// connection with code TooLarge.
const MaxFrame = 64 << 10

// Message types, client to server.
const (
	TypeJoin   = "join"   // code + nickname: take a free seat
	TypeResume = "resume" // token: come back to one's seat
	TypeMove   = "move"   // a move of the game, for one's own seat
	TypeSync   = "sync"   // ask for the full view again
	TypePing   = "ping"
	// TypeSeats asks for the seats' nicknames and states (client to
	// server) and answers it (server to client); only a seated phone gets
	// an answer.
	TypeSeats = "seats"
	// TypeExplain asks whether a move of one's own seat is legal now and
	// why not, without playing it (client to server), and answers it with
	// Legal, Rule and Args (server to client).
	TypeExplain = "explain"
	// TypeHint asks, on one's turn, what the game's default bot would play
	// from one's own view (client to server); the answer carries Move and
	// the seat's hints so far in Hints (server to client).
	TypeHint = "hint"
	// TypeInfo asks, before joining, which table and game a QR code's
	// link code belongs to (client to server) and answers it (server to
	// client): the table's name, its game, and whether the code is the
	// current game's, so a phone at the wrong table or with an old QR
	// learns it before the guest types a name.
	TypeInfo = "info"
	// TypeTakeBack asks to take back one's own last move, the one that
	// made Version (Canoë and Canyon duel; docs/rules/takeback.md). The
	// other player answers; the views say how it stands (TakeBack).
	TypeTakeBack = "takeback"
	// TypeTakeBackAnswer answers, with Agree, the other seat's request
	// to take back the move that made Version.
	TypeTakeBackAnswer = "takeback-answer"
	// TypeShelfSearch asks the ludothèque's shelf for the titles whose
	// names hold Text's words (accents and case aside), optionally for
	// Players players and Minutes minutes, named in Lang; answered with
	// shelf-found. A seated phone may ask, and a phone that proved the
	// current QR code with info (docs/protocol.md, The shelf).
	TypeShelfSearch = "shelf-search"
	// TypeShelfTake says the phone's group took a box from the shelf for
	// this table: a copy the list showed (CopyID), or the box's EAN or
	// shelf code (Box); answered with shelf-taken. Seated phones only.
	TypeShelfTake = "shelf-take"
)

// Message types, server to client.
const (
	TypeWelcome = "welcome" // seat and token after join or resume
	TypeView    = "view"    // the seat's view, versioned and hashed
	TypeError   = "error"
	TypeRemoved = "removed" // the seat was taken from this phone (Error says why)
	TypeRecord  = "record"  // after the game was recorded: the seat's player's rating change and place
	TypePong    = "pong"
	// TypeShelfFound answers shelf-search: the short list, Found.
	TypeShelfFound = "shelf-found"
	// TypeShelfTaken answers shelf-take: Found holds the one title with
	// the copy now at this table.
	TypeShelfTaken = "shelf-taken"
)

// Message is every message in one struct: the type says which fields are set.
type Message struct {
	V    int    `json:"v"`
	Type string `json:"type"`
	// Ref is an id the client chose; replies and errors echo it.
	Ref string `json:"ref,omitempty"`

	Code string `json:"code,omitempty"` // join: the table code (CodeDigits digits, or the link form)
	Name string `json:"name,omitempty"` // join: the nickname
	// Key is join's player key: at least 128 random bits the phone drew
	// once and keeps, so the table knows it again (the table keeps only
	// its hash). Without it the phone plays as a guest: not rated.
	Key   string `json:"key,omitempty"`
	Token string `json:"token,omitempty"` // resume; welcome

	Move json.RawMessage `json:"move,omitempty"` // move: the game's move JSON

	Seat  *engine.Seat `json:"seat,omitempty"`  // welcome
	Game  string       `json:"game,omitempty"`  // welcome, view
	Table string       `json:"table,omitempty"` // welcome, info: the table's name
	// Current is, in an info answer, whether the link code asked about is
	// the current game's; false for a previous game's QR code.
	Current *bool           `json:"current,omitempty"`
	Version int64           `json:"version,omitempty"` // view: counts up with every change
	Hash    string          `json:"hash,omitempty"`    // view: SHA-256 of View
	View    json.RawMessage `json:"view,omitempty"`    // view: the seat's engine.ViewJSON
	Events  []engine.Event  `json:"events,omitempty"`  // view: what happened since Version-1
	Over    bool            `json:"over,omitempty"`    // view: the game has ended
	// Waiting is, in a view, how many phone seats are still free: moves
	// are refused (Waiting error) until it is 0.
	Waiting int `json:"waiting,omitempty"`
	// Away lists, in a view, the seats whose phone is not connected.
	Away []engine.Seat `json:"away,omitempty"`
	// Names are, in a view, the seats' nicknames as the kiosk shows them
	// (a phone's, or a guest's on the touch screen), by seat; "" for a
	// seat still free or played by a bot. Nothing else of a seat. A guest
	// on the touch screen who gave no name is their place, TableGuest's
	// "#2", which the phone names in its own language (TableGuestPlace).
	Names []string `json:"names,omitempty"`
	// TakeBack is, in a view, where a take-back stands for this seat
	// (absent when there is nothing to say).
	TakeBack *TakeBack `json:"takeback,omitempty"`
	// Agree is a takeback-answer's answer: true agrees, false refuses.
	Agree *bool `json:"agree,omitempty"`
	// Seats is, in a seats answer, each seat's nickname (seated phones
	// only ask) and state; Free how many seats are free.
	Seats []SeatState `json:"seats,omitempty"`
	Free  *int        `json:"free,omitempty"`
	// Record is what the finished game meant for a seat played with a
	// player key: rating change and place (record message).
	Record *Record `json:"record,omitempty"`

	// Legal, in an explain answer, says whether the move may be made now;
	// Rule names the rule that forbids it (the game's rule ID, as a
	// refusal names it) and Args the numbers and names that matter, the
	// parameters of the text rule.why.<Rule> ("Suit", "Value", "Cell"…).
	Legal *bool          `json:"legal,omitempty"`
	Rule  string         `json:"rule,omitempty"`
	Args  map[string]any `json:"args,omitempty"`
	// Hints, in a hint answer, is how many hints the seat got this game,
	// this one included.
	Hints int `json:"hints,omitempty"`

	// Text, Lang, Players and Minutes are a shelf-search's question:
	// words of a name (at most MaxShelfText characters), the reader's
	// language (fr, de, en) and the group's count and time (0: any).
	Text    string `json:"text,omitempty"`
	Lang    string `json:"lang,omitempty"`
	Players int    `json:"players,omitempty"`
	Minutes int    `json:"minutes,omitempty"`
	// Final marks a shelf-search as the guest's finished search (they
	// picked a result, left the search, pressed Enter or stopped typing
	// for a while): the table records it for the staff's « searched but
	// not owned », as it records its own screen's searches. The searches
	// sent as the guest types are never recorded: "T", "Te", … would
	// each count.
	Final bool `json:"final,omitempty"`
	// CopyID and Box name, in a shelf-take, the copy taken: its id from
	// a list, or what was scanned or typed (an EAN's digits or a shelf
	// code). Exactly one is set.
	CopyID int64  `json:"copy,omitempty"`
	Box    string `json:"box,omitempty"`
	// Found is a shelf-found's list (best first, at most MaxShelfFound)
	// or a shelf-taken's one title.
	Found []ShelfTitle `json:"found,omitempty"`

	// Session and Kiosk name, in a sign-ask and the sign answering it,
	// the play a phone signs (the session's id, the table's venue id);
	// SignKey and Sig are the phone's public signing key and its
	// signature of the ResultStatement (signed.go).
	Session string `json:"session,omitempty"`
	Kiosk   string `json:"kiosk,omitempty"`
	SignKey string `json:"signkey,omitempty"`
	Sig     string `json:"sig,omitempty"`

	Error *Error `json:"error,omitempty"` // error
}

// ShelfTitle is one title of the shelf as a phone shows it: its name in
// the reader's language and the facts on its box, and its copies.
type ShelfTitle struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	Year       int    `json:"year,omitempty"`
	MinPlayers int    `json:"minPlayers,omitempty"`
	MaxPlayers int    `json:"maxPlayers,omitempty"`
	Best       []int  `json:"best,omitempty"` // the counts it plays best at
	MinMinutes int    `json:"minMinutes,omitempty"`
	MaxMinutes int    `json:"maxMinutes,omitempty"`
	MinAge     int    `json:"minAge,omitempty"`
	// Kind is competitive, cooperative, teams, or "" when unknown.
	Kind   string      `json:"kind,omitempty"`
	Copies []ShelfCopy `json:"copies,omitempty"` // none: not owned (a wish)
}

// ShelfCopy is one box of a title and where it is.
type ShelfCopy struct {
	ID    int64  `json:"id"`
	Shelf string `json:"shelf,omitempty"` // the shelf code, such as "D5"
	// Status is shelf, table, lent or missing (shelf.Status).
	Status string `json:"status"`
	// Table and Since say, for a copy at a table, which (its name) and
	// since when, as the venue's clocks read it ("19:40"); Here says it
	// is at the asking phone's table.
	Table string `json:"table,omitempty"`
	Since string `json:"since,omitempty"`
	Here  bool   `json:"here,omitempty"`
}

// Record is what a finished game meant for the player at a seat: their
// rating in the game (OpenSkill's ordinal, mu - 3 sigma) before and after,
// and their place on the game's all-time board afterwards.
type Record struct {
	Rated       bool    `json:"rated"`                 // false: not rated (fewer than two known players)
	Before      float64 `json:"before,omitempty"`      // rating before the game
	After       float64 `json:"after,omitempty"`       // rating after it
	Games       int     `json:"games,omitempty"`       // rated games in this game, this one included
	Provisional bool    `json:"provisional,omitempty"` // fewer than 5 rated games
	Place       int     `json:"place,omitempty"`       // place on the game's all-time board
	Of          int     `json:"of,omitempty"`          // players on that board
}

// TakeBack is, in a view, where a take-back of the last move stands, as
// the seat may know it (docs/rules/takeback.md).
type TakeBack struct {
	// State is "may" (only in the view of the seat that made the last
	// move: it may ask to take it back), "asked" (Seat asked; the other
	// player answers) or "refused" (Seat's request was refused; it may
	// ask again until the next move).
	State string `json:"state"`
	// Seat is the seat that made the move concerned, and asks.
	Seat engine.Seat `json:"seat"`
	// Version is the version the move made: the one a takeback or a
	// takeback-answer names.
	Version int64 `json:"version"`
	// Move is the move concerned, as played (the games with take-backs
	// hide nothing).
	Move json.RawMessage `json:"move,omitempty"`
}

// Take-back states (TakeBack.State).
const (
	TakeBackMay     = "may"
	TakeBackAsked   = "asked"
	TakeBackRefused = "refused"
)

// SeatState is one seat in a seats answer: its nickname ("" while free
// or played by a bot) and its state (free, connected, away, bot, table).
type SeatState struct {
	Name  string `json:"name,omitempty"`
	State string `json:"state"`
}

// Error is what went wrong, for programs (Code) and for people (Message).
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Rule    string `json:"rule,omitempty"` // for IllegalMove: the rule broken
	// Fatal says the server closes the connection after this error.
	Fatal bool `json:"fatal,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Error codes.
const (
	BadJSON     = "bad-json"       // the frame is not a message
	BadVersion  = "bad-version"    // another protocol version
	UnknownType = "unknown-type"   // no such message type
	TooLarge    = "too-large"      // frame over MaxFrame (fatal)
	TooFast     = "too-fast"       // the phone kept sending over its rate (fatal); it may resume
	NotJoined   = "not-joined"     // join or resume first
	WrongCode   = "wrong-code"     // the table code is not this session's
	RateLimited = "rate-limited"   // too many wrong codes from this address
	BadName     = "bad-name"       // nickname empty, too long, or with control characters
	BadKey      = "bad-key"        // a player key that is not 22-128 base64url characters
	TableFull   = "table-full"     // no free seat
	BadToken    = "bad-token"      // unknown or revoked token (fatal); in removed: the staff took the seat
	Replaced    = "replaced"       // in removed: another connection resumed the seat with its token
	Joined      = "already-joined" // join or resume on a connection that holds a seat
	Abandoned   = "abandoned"      // in removed: the table abandoned the game; no result
	Closed      = "closed"         // in removed: the table went back to its lobby after the game
	NotYourTurn = "not-your-turn"  // the seat is not to decide now
	IllegalMove = "illegal-move"   // the rules forbid the move (Rule says which)
	BadMove     = "bad-move"       // the move cannot be read
	NoGame      = "no-game"        // no game is running
	Waiting     = "waiting"        // seats are still free: the game starts once all are taken
	Internal    = "internal"       // the table failed; try again
	NoShelf     = "no-shelf"       // this table has no catalogue
	NoCopy      = "no-copy"        // shelf-take: no copy has that id, EAN or shelf code
	CopyTaken   = "copy-taken"     // shelf-take: the copy is at another table (Message says which)
	ManyBoxes   = "many-boxes"     // shelf-take: that shelf code holds several titles; take one from the list
)

// Errorf builds an error message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Reply builds an error message in answer to ref.
func (e *Error) Reply(ref string) Message {
	return Message{V: Version, Type: TypeError, Ref: ref, Error: e}
}

// Path is where a table serves the protocol's WebSocket, on the kiosk's TLS
// port; phones dial wss://ADDR + Path.
const Path = "/v1/table"

// CloseCode is the WebSocket close status the table ends a connection with
// (RFC 6455, section 7.4); docs/protocol.md says when each is sent.
type CloseCode int

// Close statuses the table sends.
const (
	CloseNormal    CloseCode = 1000 // the phone left, or its seat was resumed elsewhere
	CloseGoingAway CloseCode = 1001 // the table is shutting down
	ClosePolicy    CloseCode = 1008 // after a fatal error or removal; the reason is the error code
	CloseTooLarge  CloseCode = 1009 // a frame over MaxFrame
	CloseInternal  CloseCode = 1011 // the table could not write to the phone
	CloseTryAgain  CloseCode = 1013 // too slow to read, or too many connections
)
