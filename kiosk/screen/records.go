package screen

import (
	"context"
	"time"

	"github.com/tablee/tablee/engine"
)

// Period is the stretch of time a leaderboard covers.
type Period string

// The periods staff and the attract screen show.
const (
	Week    Period = "week"
	Month   Period = "month"
	AllTime Period = "all"
)

// Standing is one line of a leaderboard.
type Standing struct {
	Place int
	Name  string // a guest's seated name; empty for the guests on the table
	Guest bool   // guests (no player key): not rated
	Games int
	Wins  int
	// Points rank a week's or month's board: the seats (bots included)
	// finished ahead of in the period's games.
	Points      int
	Rating      float64 // the conservative estimate (ordinal); Rated says if any
	Rated       bool
	Provisional bool
}

// VenueState is what a table knows of its venue.
type VenueState struct {
	Paired bool // the table belongs to a venue
	Linked bool // its link to the venue's hub is up
	// Unshared counts this table's games not yet back from the venue.
	Unshared int
	// Behind names the other tables the hub has not heard from lately:
	// their latest games may be missing.
	Behind []string
	// Removed: the hub no longer lets this table in (it was removed from
	// the venue): the boards stay as they were.
	Removed bool
}

// Provisional reports whether the table knows its venue boards miss
// games: its link is down (the other tables' games may be missing), some
// of its own games have not reached the venue yet, or other tables are
// behind.
func (v VenueState) Provisional() bool {
	return v.Paired && (!v.Linked || v.Unshared > 0 || len(v.Behind) > 0)
}

// Who is who sat at a seat as the records know it; the screens name it
// in the table's language (Words.SeatName).
type Who struct {
	Name   string       // a player's or guest's name; empty: "Seat N"
	Guest  bool         // a guest (no player key): unnamed, "Guest N"
	Bot    engine.Level // a bot's level; empty for people
	BotFor string       // whose seat a bot took over, if it did
}

// SessionSummary is one session in the staff's history.
type SessionSummary struct {
	ID       string
	Game     string
	Status   string // finished, abandoned, active, paused, broken
	Started  time.Time
	Duration time.Duration // zero while it runs
	Players  []Who         // by seat
	Winners  []engine.Seat
}

// ReplayData is what a finished session is rebuilt from: a game is its
// seed plus its move list.
type ReplayData struct {
	Rules     engine.Rules
	Setup     engine.Setup
	Moves     []engine.Record
	FinalHash string // the state hash the move log recorded after the last move
	Seats     []Who
	Started   time.Time
}

// SeatNames are the seats' names in w's language, bots named as bots.
func (d ReplayData) SeatNames(w Words) []string {
	out := make([]string, len(d.Seats))
	for i, who := range d.Seats {
		out[i] = w.SeatName(engine.Seat(i), who)
	}
	return out
}

// GameFigures are one game's figures for the ludothèque.
type GameFigures struct {
	Game        string
	Week, Month int // finished plays
	Total       int
	AvgDuration time.Duration
}

// Figures tell the staff which games earn their shelf space.
type Figures struct {
	Games []GameFigures
	// Hours counts finished plays by the local hour they started in.
	Hours [24]int
	// Shelf is the ludothèque's figures in short (stafffigures.go).
	Shelf ShelfFigures
}

// SeatOutcome is one seat of a finished game on the results screen.
type SeatOutcome struct {
	Seat          engine.Seat
	Name          string
	Bot           engine.Level // a bot's level: the screen names it "Robot (level)"
	BotFor        string       // whose seat the bot took over, if it did
	Rank, Score   int
	Rated         bool    // a known player whose rating changed
	Before, After float64 // rating (ordinal) before and after
	Hints         int     // hints the seat asked for and got
}

// Records is everything the kiosk's screens read from or write to the
// database, as screens see it: no SQL here. kiosk/window implements it over
// db; tests use a fake.
type Records interface {
	Leaderboard(ctx context.Context, game string, p Period, limit int) ([]Standing, error)
	// VenueLeaderboard is Leaderboard over the venue's games, every
	// table's (docs/venue.md); Venue says whether the table belongs to a
	// venue and whether its venue boards are provisional.
	VenueLeaderboard(ctx context.Context, game string, p Period, limit int) ([]Standing, error)
	Venue(ctx context.Context) (VenueState, error)
	Sessions(ctx context.Context, limit int) ([]SessionSummary, error)
	Replay(ctx context.Context, session string) (ReplayData, error)
	Outcome(ctx context.Context, session string) ([]SeatOutcome, error)
	Figures(ctx context.Context, now time.Time) (Figures, error)
	// Export writes the results as CSV for French and German spreadsheets
	// (UTF-8 with BOM, ";") and returns the file's path.
	Export(ctx context.Context) (string, error)
	TableName(ctx context.Context) (string, error)
	DefaultOptions(ctx context.Context, game string) (map[string]string, error)
	SetDefaultOptions(ctx context.Context, game string, opts map[string]string) error
}
