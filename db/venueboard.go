package db

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/session"
)

// The venue's leaderboards (docs/venue.md, "Ratings the same everywhere"):
// computed at every node from the venue's sessions alone, by one pure
// replay, so that nodes holding the same sessions show the same boards
// whatever order the sessions reached them in. A session that arrives
// late (its table was offline) takes its place in the order and the
// replay rates everything after it again.

// venueReplay is what the replay of the venue's sessions gives.
type venueReplay struct {
	// names is each venue player's shown name, unique on every board.
	names map[string]string
	// ratings is each venue player's rating, by game then player.
	ratings map[string]map[string]Rating
	// seats is every person's and guest's seat, in the venue's order.
	seats []venueSeat
	// plays are the venue's sessions for the ludothèque's boards
	// (titleboard.go), their persons the venue's players.
	plays []titlePlay
	// tokens are each venue player's identity tokens, sorted: what the
	// hub's staff name them by in their events (PlayerEvent.Tokens).
	tokens map[string][]string
}

// venueSeat is one seat of a venue session, with the venue player sitting
// there ("" for a guest).
type venueSeat struct {
	session string // the session's id
	index   int    // the seat's number in its session
	game    string
	at      time.Time
	player  string // the venue player's id; "" for a guest
	name    string // a guest's name
	score   int
	winner  bool
	beaten  int // the seats (bots included) it finished ahead of
	// played is the name a person played under there, kiosk and table
	// the table's id and name: the players list's other names and
	// tables (VenuePlayer).
	played, kiosk, table string
}

// venueIdentities joins the table's players into the venue's: two seats
// are the same venue player when they share a phone key's token, or are
// the same player id of the same kiosk (a player without a key, or whose
// keys changed). The venue player's id is derived from the smallest of
// its tokens, so it depends on the set of sessions only, not on the order
// they arrived in.
type venueIdentities struct {
	parent map[string]string
}

func (u *venueIdentities) find(x string) string {
	if _, ok := u.parent[x]; !ok {
		u.parent[x] = x
	}
	for u.parent[x] != x {
		u.parent[x] = u.parent[u.parent[x]]
		x = u.parent[x]
	}
	return x
}

func (u *venueIdentities) union(a, b string) {
	ra, rb := u.find(a), u.find(b)
	switch {
	case ra == rb:
	case ra < rb:
		u.parent[rb] = ra
	default:
		u.parent[ra] = rb
	}
}

// seatTokens are the identity tokens of a person's seat.
func seatTokens(kiosk string, s EventSeat) []string {
	out := []string{"p:" + playerToken(kiosk, s.PlayerID)}
	for _, k := range s.Keys {
		out = append(out, "k:"+k)
	}
	return out
}

// venuePlayerID is the id of the venue player whose smallest token is
// root: short, stable, and revealing neither key nor table.
func venuePlayerID(root string) string {
	sum := sha256.Sum256([]byte(root))
	return "v" + hex.EncodeToString(sum[:8])
}

// replayVenue rates the venue's sessions, given in the venue's order
// ((OrderAt, id), as VenueSessions lists them), with the model of the
// table's own ratings (rate).
//
// players are the staff's changes, in the venue's order: a merge joins
// two players at every table; a table's rename names the player from its
// time on, until a later session or rename names them otherwise; a
// rename at the hub names the venue player until a later rename (the
// tables keep their own names for their players, so their later
// sessions would otherwise undo it). (A forget needs no replay: the
// forgotten seats were made guests as they loaded.)
func replayVenue(sessions []VenueSession, players []PlayerEvent) venueReplay {
	ids := joinVenueIdentities(sessions, players)
	r := venueReplay{names: map[string]string{}, ratings: map[string]map[string]Rating{}}
	n := venueNaming{nameAt: map[string]time.Time{}, pinned: map[string]bool{}, seen: map[string]bool{}}
	for _, p := range players {
		if p.Action != PlayerRenamed || p.Nickname == "" {
			continue
		}
		toks, _ := p.tokens()
		id := venuePlayerID(ids.find(toks[0]))
		if !n.nameAt[id].After(p.At) {
			r.names[id], n.nameAt[id], n.pinned[id] = p.Nickname, p.At, p.venueLevel()
		}
	}
	for _, s := range sessions {
		r.rateSession(&s.Event, r.replaySeats(&s.Event, &ids, &n))
	}
	r.tokens = map[string][]string{}
	for t := range ids.parent {
		id := venuePlayerID(ids.find(t))
		r.tokens[id] = append(r.tokens[id], t)
	}
	for _, toks := range r.tokens {
		slices.Sort(toks)
	}
	r.uniqueNames(n.firstSeen)
	return r
}

// joinVenueIdentities joins the players the staff merged, and the tokens
// (table player, keys) of each person's seat.
func joinVenueIdentities(sessions []VenueSession, players []PlayerEvent) venueIdentities {
	ids := venueIdentities{parent: map[string]string{}}
	for _, p := range players {
		if p.Action != PlayerMerged {
			continue
		}
		from, into := p.tokens()
		for _, t := range append(from[1:], into...) {
			ids.union(from[0], t)
		}
	}
	for _, s := range sessions {
		for _, st := range s.Event.Seats {
			if st.Kind != session.Person || st.PlayerID == "" {
				continue
			}
			toks := seatTokens(s.Event.Kiosk, st)
			for _, t := range toks[1:] {
				ids.union(toks[0], t)
			}
		}
	}
	return ids
}

// venueNaming is what replayVenue keeps of the venue players' names as
// it goes.
type venueNaming struct {
	firstSeen []string             // venue players in order of first session
	nameAt    map[string]time.Time // when each player's name was given
	pinned    map[string]bool      // their name is the hub staff's
	seen      map[string]bool
}

// replaySeats adds session ev's seats and play to r, names its players
// (n), and returns its persons to rate.
func (r *venueReplay) replaySeats(ev *SessionEvent, ids *venueIdentities, n *venueNaming) []rated {
	var persons []rated
	play := titlePlay{id: ev.ID, game: ev.Game, title: ev.Options["title"], sheet: ev.Options["sheet"],
		reason: ev.Reason, at: ev.OrderAt(), seats: make([]titleSeat, len(ev.Seats))}
	for i, st := range ev.Seats {
		play.seats[i] = titleSeat{rank: st.Rank, winner: st.Winner}
		seat := venueSeat{session: ev.ID, index: i, game: ev.Game, at: ev.OrderAt(), score: st.Score, winner: st.Winner}
		for _, o := range ev.Seats {
			if o.Rank > st.Rank {
				seat.beaten++
			}
		}
		switch {
		case st.Kind == session.Person && st.PlayerID != "":
			seat.player = venuePlayerID(ids.find(seatTokens(ev.Kiosk, st)[0]))
			seat.played, seat.kiosk, seat.table = st.Nickname, ev.Kiosk, ev.Table
			if !n.seen[seat.player] {
				n.seen[seat.player] = true
				n.firstSeen = append(n.firstSeen, seat.player)
			}
			// The latest name the player played under is the
			// venue's name for them, unless renamed since.
			if !n.pinned[seat.player] && !n.nameAt[seat.player].After(ev.OrderAt()) {
				r.names[seat.player], n.nameAt[seat.player] = st.Nickname, ev.OrderAt()
			}
			persons = append(persons, rated{seat: i, player: seat.player, rank: st.Rank})
			play.seats[i].player = seat.player
		case st.Kind == session.Guest:
			seat.name = st.Name
		default:
			continue // bots have no line
		}
		r.seats = append(r.seats, seat)
	}
	r.plays = append(r.plays, play)
	return persons
}

// rateSession rates session ev's persons in its game's ratings.
func (r *venueReplay) rateSession(ev *SessionEvent, persons []rated) {
	persons = ratable(persons)
	if len(persons) < 2 || ev.Game == SheetGame {
		return // a score sheet is rated per title, never as one game
	}
	game := r.ratings[ev.Game]
	if game == nil {
		game = map[string]Rating{}
		r.ratings[ev.Game] = game
	}
	before := make([]Rating, len(persons))
	for i, p := range persons {
		var ok bool
		if before[i], ok = game[p.player]; !ok {
			before[i] = newRating(p.player, ev.Game)
		}
	}
	for i, after := range rate(before, persons) {
		game[persons[i].player] = after
	}
}

// uniqueNames makes names unique on every board: the first player (by
// first session, firstSeen) of a folded name keeps it, later ones get a
// number, as on a table's boards.
func (r *venueReplay) uniqueNames(firstSeen []string) {
	taken := map[string]int{}
	for _, p := range firstSeen {
		k := nameKey(r.names[p])
		taken[k]++
		if n := taken[k]; n > 1 {
			r.names[p] = fmt.Sprintf("%s (%d)", r.names[p], n)
		}
	}
}

// VenueLeaderboard is Leaderboard over the venue's sessions (every
// table's, as loaded from the venue stream), with the same boards, order
// and ratings as a table's, but a player is the venue's: one phone is one
// player at every table. Every node computes it from its copy of the
// venue's sessions, so nodes holding the same sessions show the same
// board. Its PlayerIDs are venue player ids, not a table's.
func (d *DB) VenueLeaderboard(ctx context.Context, game string, since time.Time, limit int) ([]Standing, error) {
	r, err := d.venueReplay(ctx)
	if err != nil {
		return nil, fmt.Errorf("venue leaderboard %q: %w", game, err)
	}
	return venueBoard(r.venueReplay, game, since, limit), nil
}

// venueCache holds the last replay of the venue's events and what it was
// made from. A board asked for again while nothing was written reads it
// instead of loading and replaying every event: the staff screen, the
// attract screen and the console ask for several boards at a time, and a
// venue's history grows to tens of thousands of sessions.
type venueCache struct {
	mu     sync.Mutex
	key    venueCacheKey
	replay *cachedReplay
}

// venueCacheKey names the state of the database a replay was made from:
// the number of write transactions this handle committed (every load of
// venue events, forget, merge and rename is one), and SQLite's
// data_version on the writer's connection, which changes when another
// process commits (a `tablee` command beside a running kiosk).
type venueCacheKey struct {
	writes, dataVersion int64
}

// cachedReplay is a replay with the counts the digest names. It is never
// changed once made: boards only read it.
type cachedReplay struct {
	venueReplay
	sessions, players int
}

// venueReplay returns the replay of every venue event the database holds,
// from the cache when nothing was written since it was made. The key is
// read before the events, so a replay of events newer than its key is
// only made again, never kept past a write.
func (d *DB) venueReplay(ctx context.Context) (*cachedReplay, error) {
	key := venueCacheKey{writes: d.writes.Load()}
	if err := d.w.QueryRowContext(ctx, "PRAGMA data_version").Scan(&key.dataVersion); err != nil {
		return nil, fmt.Errorf("venue replay: %w", err)
	}
	d.venue.mu.Lock()
	if d.venue.replay != nil && d.venue.key == key {
		r := d.venue.replay
		d.venue.mu.Unlock()
		return r, nil
	}
	d.venue.mu.Unlock()
	// Every game's sessions: a player's venue name is the latest they
	// played under, in any game, and is the same on every board.
	sessions, err := d.VenueSessions(ctx, time.Time{}, "")
	if err != nil {
		return nil, err
	}
	players, err := d.venuePlayerEvents(ctx)
	if err != nil {
		return nil, err
	}
	r := &cachedReplay{venueReplay: replayVenue(creditSigned(sessions), players), sessions: len(sessions), players: len(players)}
	d.venue.mu.Lock()
	d.venue.key, d.venue.replay = key, r
	d.venue.mu.Unlock()
	return r, nil
}

// venueBoard builds one board from a replay, as Leaderboard does from a
// table's tables.
func venueBoard(r venueReplay, game string, since time.Time, limit int) []Standing {
	var t tally
	for _, s := range r.seats {
		if (game != "" && s.game != game) || s.at.Before(since) {
			continue
		}
		if since.IsZero() && s.player == "" {
			continue // all-time boards are of persons
		}
		first := Standing{PlayerID: s.player, Nickname: s.name, Guest: s.player == ""}
		if s.player != "" {
			first.Nickname = r.names[s.player]
		}
		points := 0
		if !since.IsZero() {
			points = s.beaten
		}
		t.add(first, s.winner, s.score, points)
	}
	var rating func(string) (Rating, bool)
	if since.IsZero() && game != "" {
		rating = func(player string) (Rating, bool) {
			rt, ok := r.ratings[game][player]
			return rt, ok
		}
	}
	out := t.standings(game, rating)
	return rankAndCut(out, game, since, limit)
}

// VenueBoardsDigest is a digest of the venue's all-time boards of every
// game in games and over every game: two nodes with the same digest show
// the same players, places, games, wins and ratings. Tests and the
// multi-process checks compare it across nodes (`tablee leaderboard
// --scope venue --digest`).
func (d *DB) VenueBoardsDigest(ctx context.Context, games []string) (string, error) {
	r, err := d.venueReplay(ctx)
	if err != nil {
		return "", fmt.Errorf("venue boards digest: %w", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%d sessions %d player events\n", r.sessions, r.players)
	for _, g := range append([]string{""}, games...) {
		fmt.Fprintf(h, "game %q\n", g)
		for _, s := range venueBoard(r.venueReplay, g, time.Time{}, 0) {
			// Ratings to 9 decimals: the replay is the same arithmetic in
			// the same order everywhere, so they agree to the last bit;
			// printing fewer digits only keeps the digest readable.
			fmt.Fprintf(h, "%d %s %s %d %d %d %.9f %.9f %d %t\n", s.Place, s.PlayerID,
				strings.ReplaceAll(s.Nickname, "\n", " "), s.Games, s.Wins, s.BestScore,
				s.Rating.Mu, s.Rating.Sigma, s.Rating.Games, s.Rating.Provisional)
		}
	}
	if err := d.digestTitles(ctx, h, r); err != nil {
		return "", fmt.Errorf("venue boards digest: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// digestTitles adds the boards of the shelf's titles to a digest, when the
// venue has plays of any (so a venue of the table's own games only keeps
// the digest it had).
func (d *DB) digestTitles(ctx context.Context, h io.Writer, r *cachedReplay) error {
	if !slices.ContainsFunc(r.plays, func(p titlePlay) bool { return p.game == SheetGame }) {
		return nil
	}
	x, err := d.catalogue(ctx)
	if err != nil {
		return err
	}
	for _, b := range titleBoards(r.plays, x, scoresheet.Ready(), time.Time{}, func(p string) string { return r.names[p] }) {
		fmt.Fprintf(h, "title %q %d %d %d %t\n", b.Title, b.Plays, b.Won, b.Lost, b.Coop)
		for _, s := range b.Standings {
			mu, sigma, games := 0.0, 0.0, 0
			if s.Rating != nil {
				mu, sigma, games = s.Rating.Mu, s.Rating.Sigma, s.Rating.Games
			}
			fmt.Fprintf(h, "%s %d %d %d %.9f %.9f %d\n", s.PlayerID, s.Plays, s.Wins, s.Losses, mu, sigma, games)
		}
	}
	return nil
}

// VenueUnshared counts this table's finished sessions not yet back from
// the venue: queued or published but absent from the venue's copy. While
// it is above zero the table knows the venue's boards miss some of its
// own games: they are provisional.
func (d *DB) VenueUnshared(ctx context.Context) (int, error) {
	var n int
	err := d.r.QueryRowContext(ctx,
		`SELECT count(*) FROM venue_outbox o WHERE o.kind = 'session'
		 AND NOT EXISTS (SELECT 1 FROM venue_sessions v WHERE v.id = o.ref)`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("venue: sessions not yet shared: %w", err)
	}
	return n, nil
}
