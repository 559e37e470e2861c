package engine

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Option is a setting a game offers before it starts. Its label people
// read is the text OptionKey names in i18n, not part of the engine.
type Option struct {
	Key     string   `json:"key"`     // e.g. "less-luck"
	Default string   `json:"default"` // used when the option is not given
	Choices []string `json:"choices"` // the allowed values
	// Text, when above 0, makes the option a free text of at most Text
	// bytes (valid UTF-8, no control characters), Choices unused: the
	// title a score sheet is kept for. Such a value is data, never code.
	Text int `json:"text,omitempty"`
}

// Info describes a game for menus, the registry and the set-up screen.
// Its name and its options' labels are texts people read, so they live in
// the one catalogue of texts (i18n, keys NameKey and OptionKey), in every
// language the tables speak, never in a game's package.
type Info struct {
	ID       string `json:"id"` // stable: canyon, canyonduel, canoe, canaille
	MinSeats int    `json:"min_seats"`
	MaxSeats int    `json:"max_seats"`
	// Minutes is how long a game usually lasts, as the lobby's tiles say.
	Minutes int      `json:"minutes"`
	Options []Option `json:"options,omitempty"`
	// AllPublic says that no seat's view holds anything the table's does
	// not (no hand, no hidden card): such a seat may be played on the
	// shared touch screen, without a phone. Conformance checks it.
	AllPublic bool `json:"all_public,omitempty"`
	// Rules are the IDs of the rules the game's refusals name (its Rule…
	// constants), in the order its rules page explains them: the phones
	// link each refusal to its paragraph there.
	Rules []string `json:"rules,omitempty"`
}

// NameKey is the i18n key of the game's name: "game.<id>.name".
func (info Info) NameKey() string { return "game." + info.ID + ".name" }

// OptionKey is the i18n key of the label of the game's option key:
// "game.<id>.option.<key>".
func (info Info) OptionKey(key string) string { return "game." + info.ID + ".option." + key }

// Setup is everything a new game is made from besides its rules.
type Setup struct {
	Seats   int               `json:"seats"`
	Options map[string]string `json:"options,omitempty"`
	Seed    uint64            `json:"seed"`
}

// Rules describes one game: what it is, how it starts and how its moves read.
type Rules interface {
	Info() Info
	// New starts a game from a setup Info.CheckSetup accepted (seat count
	// in range, options known and complete): start games with NewGame,
	// which checks. All randomness of the game comes from the seed.
	New(setup Checked) (State, error)
	// DecodeMove parses a move of this game from its JSON form.
	DecodeMove(data []byte) (Move, error)
	// DecodeView reads a view of this game back from its JSON form (the
	// view field of ViewJSON), as a phone must to show it or let a bot play
	// it. It is strict: unknown fields, trailing data and views no game
	// could show are refused. The view returned marshals to the same JSON
	// and lists the same legal moves; engine.DecodeView checks the version
	// and the game first.
	DecodeView(data []byte) (View, error)
	// Determinize returns a complete State consistent with everything v
	// shows, drawing what v hides (other hands, deck order) from r. Bots
	// search such states, so they never see the real hidden information.
	Determinize(v View, r *RNG) (State, error)
}

// State is one position of one game. Apply changes it in place; use Clone to
// keep a copy.
type State interface {
	// Turn is the seat whose decision it is now; NoSeat once the game is over.
	// It is not always the active player (e.g. a seat named by another).
	Turn() Seat
	// Legal lists the moves Turn() may make now.
	Legal() []Move
	// Apply makes seat's move. It returns what happened, or an error (a
	// *RuleError when a rule forbids the move) and leaves the state unchanged.
	Apply(seat Seat, m Move) ([]Event, error)
	// View is what viewer (a seat, or Onlooker) may know now.
	View(viewer Seat) View
	// Result is the outcome, and whether the game is over.
	Result() (Result, bool)
	// Plies counts the moves applied since the start.
	Plies() int
	// Hash identifies the complete state, hidden parts included; equal
	// states have equal hashes. The move log stores it to check replays.
	Hash() string
	Clone() State
}

// Move is one decision of one seat. Each game has its own move type; it must
// marshal to JSON and back through Rules.DecodeMove unchanged.
type Move interface {
	// String is a short human-readable form for logs and the staff CLI.
	String() string
}

// View is what one viewer may know of a State. Each game has its own view
// type, which marshals to JSON and holds no secret of another seat.
type View interface {
	Viewer() Seat
	Turn() Seat
	// Legal is the viewer's legal moves when it is their turn, else nil.
	Legal() []Move
	// Result is the outcome once the game is over, and whether it is. Every
	// viewer sees the whole result, and it is part of the view's JSON form
	// (its "result" field), so a phone that resumes after the end gets it.
	Result() (Result, bool)
}

// resolveOptions returns setup's options completed with info's defaults, or an
// error naming the first unknown option or value.
func (info Info) resolveOptions(given map[string]string) (map[string]string, error) {
	out := make(map[string]string, len(info.Options))
	for _, o := range info.Options {
		out[o.Key] = o.Default
	}
	for k, v := range given {
		opt, ok := info.option(k)
		if !ok {
			return nil, fmt.Errorf("%s has no option %q", info.ID, k)
		}
		if !opt.allows(v) {
			return nil, fmt.Errorf("%s: option %q cannot be %q (choices: %v)", info.ID, k, v, opt.Choices)
		}
		out[k] = v
	}
	return out, nil
}

// ParseOptions reads options written "key=value,key2=value2" as on a
// command line; a bare key means key=on.
func ParseOptions(list string) map[string]string {
	opts := map[string]string{}
	for _, kv := range strings.Split(list, ",") {
		if kv = strings.TrimSpace(kv); kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = "on"
		}
		opts[k] = v
	}
	return opts
}

// Checked is a Setup that Info.CheckSetup accepted: its seat count is in
// the game's range and its options are known and complete. Only CheckSetup
// makes one, so a game's New never sees a setup nobody checked.
type Checked struct{ setup Setup }

// Setup returns the checked setup, options completed with the defaults.
func (c Checked) Setup() Setup {
	s := c.setup
	s.Options = make(map[string]string, len(c.setup.Options))
	for k, v := range c.setup.Options {
		s.Options[k] = v
	}
	return s
}

// Seats is the number of players.
func (c Checked) Seats() int { return c.setup.Seats }

// Seed is the seed all the game's randomness comes from.
func (c Checked) Seed() uint64 { return c.setup.Seed }

// Option is the value of option key, the default if it was not given.
func (c Checked) Option(key string) string { return c.setup.Options[key] }

// CheckSetup checks setup's seat count and options against info, the one
// place a setup is checked, and completes its options with the defaults.
func (info Info) CheckSetup(setup Setup) (Checked, error) {
	if err := info.checkSeats(setup.Seats); err != nil {
		return Checked{}, err
	}
	opts, err := info.resolveOptions(setup.Options)
	if err != nil {
		return Checked{}, err
	}
	setup.Options = opts
	return Checked{setup: setup}, nil
}

// checkSeats returns an error unless n players may play the game.
func (info Info) checkSeats(n int) error {
	if n < info.MinSeats || n > info.MaxSeats {
		if info.MinSeats == info.MaxSeats {
			return fmt.Errorf("%s is for exactly %d players, not %d", info.ID, info.MinSeats, n)
		}
		return fmt.Errorf("%s is for %d to %d players, not %d", info.ID, info.MinSeats, info.MaxSeats, n)
	}
	return nil
}

func (info Info) option(key string) (Option, bool) {
	for _, o := range info.Options {
		if o.Key == key {
			return o, true
		}
	}
	return Option{}, false
}

func (o Option) allows(v string) bool {
	if o.Text > 0 {
		if len(v) > o.Text || !utf8.ValidString(v) {
			return false
		}
		for _, r := range v {
			if unicode.IsControl(r) {
				return false
			}
		}
		return true
	}
	for _, c := range o.Choices {
		if c == v {
			return true
		}
	}
	return false
}

// Moves turns a game's own move slice into engine moves, nil when empty,
// as a View's Legal returns them.
func Moves[M Move](ms []M) []Move {
	if len(ms) == 0 {
		return nil
	}
	out := make([]Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}
