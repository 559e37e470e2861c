package db

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/intinig/go-openskill/rating"
	"github.com/intinig/go-openskill/types"

	"github.com/tablee/tablee/scoresheet"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// SheetGame is the engine id of the score sheet (engine/sheet), the game a
// play of a title from the shelf is. Its plays are rated per title
// (TitleBoard), never in one rating of the game: a rating mixing 7 Wonders
// and Pandemic would mean nothing.
const SheetGame = "sheet"

// The end reasons of a cooperative play (engine/sheet's ReasonWon and
// ReasonLost): the group won or lost together, nobody is rated.
const (
	sheetWon  = "sheet-won"
	sheetLost = "sheet-lost"
)

// The ludothèque's boards (docs/leaderboards.md): one board per title
// played on the score sheet, and each player's plays across every title
// (the table's own games included). Both are computed by pure functions
// (titleBoards, playerTitles) from a list of plays, which a table reads
// from its own sessions and every node of a venue from the venue's
// events, so that a play entered at one table is on every table's boards.

// titlePlay is one finished play, from a table's sessions or the venue's.
type titlePlay struct {
	id     string
	game   string // the engine game: SheetGame for a shelf title
	title  string // the title as played (sheet plays)
	sheet  string // the scoresheet id (sheet plays)
	reason string
	at     time.Time
	seats  []titleSeat // every seat, by seat number
}

// titleSeat is one seat of a play.
type titleSeat struct {
	player string // a person's id (the table's, or the venue's); "" for a guest or a bot
	rank   int
	winner bool
}

// coop reports whether the play was a cooperative one: won or lost by the
// group together.
func (p titlePlay) coop() bool { return p.reason == sheetWon || p.reason == sheetLost }

// TitleStanding is one player's line on a title's board.
type TitleStanding struct {
	PlayerID string
	Nickname string
	Plays    int
	Wins     int
	// Losses counts a cooperative title's plays the group lost.
	Losses int
	// Rating is the player's OpenSkill rating in the title, from the
	// ranks of its complete competitive plays (persons only, two sides
	// or more, a team rated as a team); nil on a cooperative title and
	// on a board of a period.
	Rating *Rating
}

// TitleBoard is the board of one title played on the score sheet.
type TitleBoard struct {
	// Title is the title's name: the catalogue's (in English, or as
	// published) when the plays' title is one of a catalogue title's
	// names, else the name it was last played under.
	Title string
	// TitleID and Names are the catalogue's title, 0 and empty for a
	// game played by a name the catalogue does not know.
	TitleID int64
	Names   shelf.Names
	// Coop: the title's plays were cooperative: the board counts wins
	// and losses, never a rating.
	Coop bool
	// Plays counts the title's finished plays, guests' included; on a
	// cooperative title Won and Lost count the groups' outcomes.
	Plays, Won, Lost int
	// Standings are the persons' lines: rated players first by
	// ordinal, then by wins, then by plays.
	Standings []TitleStanding
}

// Name is the board's title for a reader of lang: the catalogue's name in
// that language, else the name as played.
func (b TitleBoard) Name(lang string) string {
	if n := b.Names.Name(lang); n != "" {
		return n
	}
	return b.Title
}

// titleIndex finds the catalogue title a play is of: a shelf title's
// play by any of the title's four names (folded), a table game's by the
// title that names it as its engine game. The catalogue's ids are the
// table's own: each node of a venue resolves the venue's plays against
// its own catalogue, by name, so the ids never travel.
type titleIndex struct {
	byName   map[string][]shelf.Title
	byEngine map[string]shelf.Title
	titles   []shelf.Title
}

func newTitleIndex(titles []shelf.Title) titleIndex {
	x := titleIndex{byName: map[string][]shelf.Title{}, byEngine: map[string]shelf.Title{}, titles: titles}
	for _, t := range titles {
		seen := map[string]bool{}
		for _, n := range t.Names.All() {
			if k := shelf.FoldKey(n); k != "" && !seen[k] {
				seen[k] = true
				x.byName[k] = append(x.byName[k], t)
			}
		}
		if t.Engine != "" {
			x.byEngine[t.Engine] = t
		}
	}
	return x
}

// key is the board a play is on, and its catalogue title if it has one:
// a name two catalogue titles share stays a name.
func (x titleIndex) key(p titlePlay) (string, *shelf.Title) {
	if p.game != SheetGame {
		if t, ok := x.byEngine[p.game]; ok {
			return fmt.Sprintf("t%d", t.ID), &t
		}
		return "g:" + p.game, nil
	}
	k := shelf.FoldKey(p.title)
	if ts := x.byName[k]; len(ts) == 1 {
		return fmt.Sprintf("t%d", ts[0].ID), &ts[0]
	}
	return "n:" + k, nil
}

// lookup is the board key staff mean by text: a catalogue title's id or
// exact name (shelf.Exact), else a name as played. An ambiguous name is
// refused.
func (x titleIndex) lookup(text string) (string, error) {
	t, err := shelf.Exact(x.titles, text)
	switch {
	case err == nil:
		return fmt.Sprintf("t%d", t.ID), nil
	case errors.Is(err, shelf.ErrNoTitle):
		return "n:" + shelf.FoldKey(text), nil
	}
	return "", err
}

// sides is the side each seat of p plays for: its team on a team sheet,
// else the seat itself. Sheets are looked up in lib; a sheet it does not
// hold (a staff's own sheet another node knows) is played seat by seat.
func sides(lib *scoresheet.Library, p titlePlay) []int {
	out := make([]int, len(p.seats))
	for i := range out {
		out[i] = i
	}
	if sh, ok := lib.Get(p.sheet); ok && p.game == SheetGame {
		if teams := sh.SeatTeams(len(p.seats)); teams != nil {
			return teams
		}
	}
	return out
}

// titleBoards computes every shelf title's board from plays (in the order
// they ended), only those that ended at or after since counting (a zero
// since: all time, with ratings). name gives a player's shown name.
func titleBoards(plays []titlePlay, x titleIndex, lib *scoresheet.Library, since time.Time, name func(string) string) []TitleBoard {
	boards := map[string]*titleBuilding{}
	var order []string
	for _, p := range plays {
		if p.game != SheetGame || p.at.Before(since) {
			continue
		}
		key, cat := x.key(p)
		b := boards[key]
		if b == nil {
			b = &titleBuilding{lines: map[string]*TitleStanding{}, ratings: map[string]Rating{}}
			if cat != nil {
				b.board.TitleID, b.board.Names, b.board.Title = cat.ID, cat.Names, cat.Names.Name("en")
			}
			boards[key] = b
			order = append(order, key)
		}
		if cat == nil {
			b.board.Title = strings.TrimSpace(p.title) // the name it was last played under
		}
		b.add(p)
		if since.IsZero() {
			rateTitlePlay(b.ratings, p, sides(lib, p), "title:"+key)
		}
	}
	out := make([]TitleBoard, 0, len(order))
	for _, key := range order {
		out = append(out, boards[key].finish(name))
	}
	// The most played first: the ludothèque's favourites.
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Plays != out[j].Plays {
			return out[i].Plays > out[j].Plays
		}
		return out[i].Title < out[j].Title
	})
	return out
}

// titleBuilding is one title's board while titleBoards reads the plays.
type titleBuilding struct {
	board   TitleBoard
	lines   map[string]*TitleStanding
	ratings map[string]Rating
}

// add counts play p: the title's plays (a co-operative one's won or
// lost) and each person's.
func (b *titleBuilding) add(p titlePlay) {
	coop := p.coop()
	b.board.Coop = b.board.Coop || coop
	b.board.Plays++
	if coop && p.reason == sheetWon {
		b.board.Won++
	} else if coop {
		b.board.Lost++
	}
	for player, won := range seatedOnce(p) {
		l := b.lines[player]
		if l == nil {
			l = &TitleStanding{PlayerID: player}
			b.lines[player] = l
		}
		l.Plays++
		switch {
		case won:
			l.Wins++
		case coop:
			l.Losses++
		}
	}
}

// finish is the board with its standings named and sorted, each with its
// rating unless the title is played together.
func (b *titleBuilding) finish(name func(string) string) TitleBoard {
	for player, l := range b.lines {
		l.Nickname = name(player)
		if r, ok := b.ratings[player]; ok && !b.board.Coop {
			l.Rating = &r
		}
		b.board.Standings = append(b.board.Standings, *l)
	}
	sortTitleStandings(b.board.Standings)
	return b.board
}

// seatedOnce is each person of a play and whether they won: a player
// seated twice (two accounts the staff merged since) played once, and
// won if either seat did.
func seatedOnce(p titlePlay) map[string]bool {
	out := map[string]bool{}
	for _, s := range p.seats {
		if s.player != "" {
			out[s.player] = out[s.player] || s.winner
		}
	}
	return out
}

func sortTitleStandings(st []TitleStanding) {
	sort.Slice(st, func(i, j int) bool {
		a, b := st[i], st[j]
		if (a.Rating != nil) != (b.Rating != nil) {
			return a.Rating != nil
		}
		if a.Rating != nil && a.Rating.Ordinal() != b.Rating.Ordinal() {
			return a.Rating.Ordinal() > b.Rating.Ordinal()
		}
		if a.Wins != b.Wins {
			return a.Wins > b.Wins
		}
		if a.Plays != b.Plays {
			return a.Plays > b.Plays
		}
		if a.Nickname != b.Nickname {
			return a.Nickname < b.Nickname
		}
		return a.PlayerID < b.PlayerID
	})
}

// rateTitlePlay updates ratings (a title's, by player) with one play, by
// the model every game is rated with: a complete competitive play only
// (a cooperative play rates nobody, and one stopped early has no final
// ranks), persons only, each side (a team, or one seat) rated as one
// team of its persons at its rank, two sides with persons or more. A
// player seated twice makes the play unratable, as in every game.
func rateTitlePlay(ratings map[string]Rating, p titlePlay, side []int, game string) {
	if p.coop() || p.reason == sheetStopped {
		return
	}
	seen := map[string]bool{}
	var order []int            // sides with persons, in seat order
	members := map[int][]int{} // side → its persons' seats
	for i, s := range p.seats {
		if s.player == "" {
			continue
		}
		if seen[s.player] {
			return
		}
		seen[s.player] = true
		if members[side[i]] == nil {
			order = append(order, side[i])
		}
		members[side[i]] = append(members[side[i]], i)
	}
	if len(order) < 2 {
		return
	}
	teams := make([]types.Team, len(order))
	ranks := make([]int, len(order))
	for t, sd := range order {
		for _, seat := range members[sd] {
			r, ok := ratings[p.seats[seat].player]
			if !ok {
				r = newRating(p.seats[seat].player, game)
			}
			teams[t] = append(teams[t], types.Rating{Mu: r.Mu, Sigma: r.Sigma, Z: ModelZ})
		}
		ranks[t] = p.seats[members[sd][0]].rank // a team's seats share its rank
	}
	after := rating.Rate(teams, options(ranks))
	for t, sd := range order {
		for k, seat := range members[sd] {
			player := p.seats[seat].player
			r, ok := ratings[player]
			if !ok {
				r = newRating(player, game)
			}
			r.Mu, r.Sigma = after[t][k].Mu, after[t][k].Sigma
			r.Games++
			r.Provisional = r.Games < ProvisionalGames
			ratings[player] = r
		}
	}
}

// PlayerTitles is one player's plays across the ludothèque: every title,
// the table's own games and the shelf's alike.
type PlayerTitles struct {
	PlayerID string
	Nickname string
	Plays    int // finished plays
	Titles   int // distinct titles played
	Wins     int // plays won, a cooperative play the group won included
	// HIndex is the largest h such that the player played h titles at
	// least h times each (BG Stats' H-index).
	HIndex int
}

// HIndex is the largest h such that h of counts are at least h: the
// H-index of a player whose plays of each title are counts.
func HIndex(counts []int) int {
	c := append([]int(nil), counts...)
	sort.Sort(sort.Reverse(sort.IntSlice(c)))
	h := 0
	for i, n := range c {
		if n < i+1 {
			break
		}
		h = i + 1
	}
	return h
}

// playerTitles computes each player's line across titles from plays
// ended at or after since: by H-index, then plays, then titles, then wins.
func playerTitles(plays []titlePlay, x titleIndex, since time.Time, name func(string) string) []PlayerTitles {
	lines := map[string]*PlayerTitles{}
	counts := map[string]map[string]int{} // player → title → plays
	for _, p := range plays {
		if p.at.Before(since) {
			continue
		}
		key, _ := x.key(p)
		for player, won := range seatedOnce(p) {
			l := lines[player]
			if l == nil {
				l = &PlayerTitles{PlayerID: player}
				lines[player], counts[player] = l, map[string]int{}
			}
			l.Plays++
			if won {
				l.Wins++
			}
			counts[player][key]++
		}
	}
	out := make([]PlayerTitles, 0, len(lines))
	for player, l := range lines {
		l.Nickname = name(player)
		l.Titles = len(counts[player])
		per := make([]int, 0, len(counts[player]))
		for _, n := range counts[player] {
			per = append(per, n)
		}
		l.HIndex = HIndex(per)
		out = append(out, *l)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.HIndex != b.HIndex:
			return a.HIndex > b.HIndex
		case a.Plays != b.Plays:
			return a.Plays > b.Plays
		case a.Titles != b.Titles:
			return a.Titles > b.Titles
		case a.Wins != b.Wins:
			return a.Wins > b.Wins
		case a.Nickname != b.Nickname:
			return a.Nickname < b.Nickname
		}
		return a.PlayerID < b.PlayerID
	})
	return out
}

// tablePlays reads this table's finished plays of every game that ended
// at or after since, in the order they ended, and its players' shown
// names.
func (d *DB) tablePlays(ctx context.Context, since time.Time) ([]titlePlay, map[string]string, error) {
	rows, err := d.r.QueryContext(ctx,
		`SELECT s.id, s.game, s.options, s.reason, s.ended_at, st.kind, coalesce(st.player_id, ''),
		        coalesce(p.nickname, ''), r.rank, r.winner
		 FROM sessions s
		 JOIN seats st ON st.session_id = s.id
		 JOIN results r ON r.session_id = s.id AND r.seat = st.seat
		 LEFT JOIN players p ON p.id = st.player_id
		 WHERE s.status = 'finished' AND s.ended_at >= ?
		 ORDER BY s.ended_at, s.id, st.seat`, fmtTime(since))
	if err != nil {
		return nil, nil, fmt.Errorf("the plays: %w", err)
	}
	defer rows.Close()
	var plays []titlePlay
	names := map[string]string{}
	for rows.Next() {
		var id, game, opts, reason, ended, kind, player, nick string
		var s titleSeat
		if err := rows.Scan(&id, &game, &opts, &reason, &ended, &kind, &player, &nick, &s.rank, &s.winner); err != nil {
			return nil, nil, fmt.Errorf("the plays: %w", err)
		}
		if len(plays) == 0 || plays[len(plays)-1].id != id {
			at, err := parseTime(ended)
			if err != nil {
				return nil, nil, err
			}
			p := titlePlay{id: id, game: game, reason: reason, at: at}
			if game == SheetGame {
				var o map[string]string
				if err := json.Unmarshal([]byte(opts), &o); err != nil {
					return nil, nil, fmt.Errorf("the plays: options of %s: %w", id, err)
				}
				p.title, p.sheet = o["title"], o["sheet"]
			}
			plays = append(plays, p)
		}
		if session.SeatKind(kind) == session.Person {
			s.player, names[player] = player, nick
		}
		last := &plays[len(plays)-1]
		last.seats = append(last.seats, s)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("the plays: %w", err)
	}
	return plays, names, nil
}

// namesCache holds the last index of the catalogue's names and the state
// of the database it was made from (as the venue's boards' cache, keyed
// by this handle's writes and SQLite's data_version): folding 9,000
// titles' names took most of the attract screen's wait for its boards,
// and the catalogue changes far less often than the screen shows.
type namesCache struct {
	mu    sync.Mutex
	key   venueCacheKey
	index *titleIndex
}

// catalogue is the index of this table's catalogue: its titles' ids,
// names and engines only (the boards need no copy nor fact; reading
// those too doubled the attract screen's wait on 9,000 titles), from the
// cache when nothing was written since it was made.
func (d *DB) catalogue(ctx context.Context) (titleIndex, error) {
	key := venueCacheKey{writes: d.writes.Load()}
	if err := d.w.QueryRowContext(ctx, "PRAGMA data_version").Scan(&key.dataVersion); err != nil {
		return titleIndex{}, fmt.Errorf("the catalogue's names: %w", err)
	}
	d.names.mu.Lock()
	if d.names.index != nil && d.names.key == key {
		x := *d.names.index
		d.names.mu.Unlock()
		return x, nil
	}
	d.names.mu.Unlock()
	rows, err := d.r.QueryContext(ctx,
		`SELECT id, name_fr, name_de, name_en, name_original, coalesce(engine, '') FROM shelf_titles ORDER BY id`)
	if err != nil {
		return titleIndex{}, fmt.Errorf("the catalogue's names: %w", err)
	}
	defer rows.Close()
	var titles []shelf.Title
	for rows.Next() {
		var t shelf.Title
		if err := rows.Scan(&t.ID, &t.Names.FR, &t.Names.DE, &t.Names.EN, &t.Names.Original, &t.Engine); err != nil {
			return titleIndex{}, fmt.Errorf("the catalogue's names: %w", err)
		}
		titles = append(titles, t)
	}
	if err := rows.Err(); err != nil {
		return titleIndex{}, fmt.Errorf("the catalogue's names: %w", err)
	}
	x := newTitleIndex(titles)
	d.names.mu.Lock()
	d.names.key, d.names.index = key, &x
	d.names.mu.Unlock()
	return x, nil
}

// ludotheque is what every board of the ludothèque is computed from: the
// plays (this table's, or the venue's), the players' names, the catalogue.
type ludotheque struct {
	plays []titlePlay
	names map[string]string
	index titleIndex
	lib   *scoresheet.Library
}

func (l ludotheque) name(player string) string { return l.names[player] }

// ludotheque reads what the boards are computed from: the plays ended at
// or after since (all of them for a board with ratings).
func (d *DB) ludotheque(ctx context.Context, venue bool, since time.Time) (ludotheque, error) {
	var l ludotheque
	var err error
	if venue {
		r, err := d.venueReplay(ctx)
		if err != nil {
			return l, err
		}
		l.plays, l.names = r.plays, r.names
	} else if l.plays, l.names, err = d.tablePlays(ctx, since); err != nil {
		return l, err
	}
	if l.index, err = d.catalogue(ctx); err != nil {
		return l, err
	}
	l.lib = scoresheet.Ready()
	return l, nil
}

// TitleBoards is the board of every title played on the score sheet at
// this table since since (zero: all time, with ratings), the most played
// first.
func (d *DB) TitleBoards(ctx context.Context, since time.Time) ([]TitleBoard, error) {
	return d.titleBoards(ctx, false, since)
}

// VenueTitleBoards is TitleBoards over the venue's plays, every table's
// (docs/venue.md); a player is the venue's.
func (d *DB) VenueTitleBoards(ctx context.Context, since time.Time) ([]TitleBoard, error) {
	return d.titleBoards(ctx, true, since)
}

func (d *DB) titleBoards(ctx context.Context, venue bool, since time.Time) ([]TitleBoard, error) {
	l, err := d.ludotheque(ctx, venue, since)
	if err != nil {
		return nil, fmt.Errorf("the titles' boards: %w", err)
	}
	return titleBoards(l.plays, l.index, l.lib, since, l.name), nil
}

// TitleBoard is the all-time board of one title: a catalogue title named
// by its id or exactly one of its names (shelf.Exact), whichever of its
// names each play was played under, or else a game played by that name
// ("another game"). A name two catalogue titles share is refused
// (shelf.ErrAmbiguous).
func (d *DB) TitleBoard(ctx context.Context, title string) (TitleBoard, error) {
	return d.titleBoard(ctx, false, title)
}

// VenueTitleBoard is TitleBoard over the venue's plays.
func (d *DB) VenueTitleBoard(ctx context.Context, title string) (TitleBoard, error) {
	return d.titleBoard(ctx, true, title)
}

func (d *DB) titleBoard(ctx context.Context, venue bool, title string) (TitleBoard, error) {
	l, err := d.ludotheque(ctx, venue, time.Time{})
	if err != nil {
		return TitleBoard{}, fmt.Errorf("board of %q: %w", title, err)
	}
	key, err := l.index.lookup(title)
	if err != nil {
		return TitleBoard{}, fmt.Errorf("board of %q: %w", title, err)
	}
	var mine []titlePlay
	for _, p := range l.plays {
		if k, _ := l.index.key(p); k == key && p.game == SheetGame {
			mine = append(mine, p)
		}
	}
	if boards := titleBoards(mine, l.index, l.lib, time.Time{}, l.name); len(boards) == 1 {
		return boards[0], nil
	}
	// Never played: the catalogue's title, or the name asked for.
	b := TitleBoard{Title: strings.TrimSpace(title)}
	if t, err := shelf.Exact(l.index.titles, title); err == nil {
		b.TitleID, b.Names, b.Title = t.ID, t.Names, t.Names.Name("en")
	}
	return b, nil
}

// PlayerTitles lists the players' plays across every title played at this
// table since since (zero: all time), the highest H-index first.
func (d *DB) PlayerTitles(ctx context.Context, since time.Time) ([]PlayerTitles, error) {
	return d.playerTitles(ctx, false, since)
}

// VenuePlayerTitles is PlayerTitles over the venue's plays; a player is
// the venue's (one phone, one player at every table).
func (d *DB) VenuePlayerTitles(ctx context.Context, since time.Time) ([]PlayerTitles, error) {
	return d.playerTitles(ctx, true, since)
}

func (d *DB) playerTitles(ctx context.Context, venue bool, since time.Time) ([]PlayerTitles, error) {
	l, err := d.ludotheque(ctx, venue, since)
	if err != nil {
		return nil, fmt.Errorf("the players' titles: %w", err)
	}
	return playerTitles(l.plays, l.index, since, l.name), nil
}
