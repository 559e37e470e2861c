package db

import (
	"context"
	"fmt"
	"sort"
	"strings"
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

// TitleStanding is one player's line on a title's board.
type TitleStanding struct {
	PlayerID string
	Nickname string
	Plays    int
	Wins     int
	// Losses counts a cooperative title's plays the group lost.
	Losses int
	// Rating is the player's OpenSkill rating in the title, from the
	// ranks of its competitive plays (persons only, two or more, as every
	// game is rated); nil on a cooperative title.
	Rating *Rating
}

// TitleBoard is the board of one title played on the score sheet.
type TitleBoard struct {
	Title string
	// Coop: the title's plays were cooperative: the board counts wins
	// and losses, never a rating.
	Coop      bool
	Standings []TitleStanding
}

// TitleBoard computes the board of title (its plays' title, whatever the
// case and the spaces around it) from its finished plays in the order
// they ended: OpenSkill from the ranks with the model every game is rated
// by, or for a cooperative title the group's wins and losses. Rated
// players come first by ordinal, then by wins.
func (d *DB) TitleBoard(ctx context.Context, title string) (TitleBoard, error) {
	board := TitleBoard{Title: strings.TrimSpace(title)}
	rows, err := d.r.QueryContext(ctx,
		`SELECT s.id, s.reason, st.seat, st.player_id, p.nickname, r.rank, r.winner
		 FROM sessions s
		 JOIN seats st ON st.session_id = s.id AND st.kind = 'person'
		 JOIN players p ON p.id = st.player_id
		 JOIN results r ON r.session_id = s.id AND r.seat = st.seat
		 WHERE s.game = ? AND s.status = 'finished'
		   AND lower(trim(json_extract(s.options, '$.title'))) = lower(?)
		 ORDER BY s.ended_at, s.id, st.seat`, SheetGame, board.Title)
	if err != nil {
		return board, fmt.Errorf("board of %q: %w", title, err)
	}
	defer rows.Close()
	type play struct {
		id     string
		reason string
		seats  []rated
		wins   map[string]bool
	}
	var plays []*play
	names := map[string]string{}
	for rows.Next() {
		var id, reason, player, nick string
		var seat, rank int
		var winner bool
		if err := rows.Scan(&id, &reason, &seat, &player, &nick, &rank, &winner); err != nil {
			return board, fmt.Errorf("board of %q: %w", title, err)
		}
		if len(plays) == 0 || plays[len(plays)-1].id != id {
			plays = append(plays, &play{id: id, reason: reason, wins: map[string]bool{}})
		}
		p := plays[len(plays)-1]
		p.seats = append(p.seats, rated{seat: seat, player: player, rank: rank})
		p.wins[player] = p.wins[player] || winner
		names[player] = nick
	}
	if err := rows.Err(); err != nil {
		return board, fmt.Errorf("board of %q: %w", title, err)
	}
	lines := map[string]*TitleStanding{}
	line := func(player string) *TitleStanding {
		if lines[player] == nil {
			lines[player] = &TitleStanding{PlayerID: player, Nickname: names[player]}
		}
		return lines[player]
	}
	ratings := map[string]Rating{}
	for _, p := range plays {
		coop := p.reason == sheetWon || p.reason == sheetLost
		board.Coop = board.Coop || coop
		for _, s := range p.seats {
			l := line(s.player)
			l.Plays++
			switch {
			case p.wins[s.player]:
				l.Wins++
			case coop:
				l.Losses++
			}
		}
		seated := ratable(p.seats)
		if coop || len(seated) < 2 {
			continue
		}
		before := make([]Rating, len(seated))
		for i, s := range seated {
			r, ok := ratings[s.player]
			if !ok {
				r = newRating(s.player, SheetGame+":"+board.Title)
			}
			before[i] = r
		}
		for _, r := range rate(before, seated) {
			ratings[r.PlayerID] = r
		}
	}
	for player, l := range lines {
		if r, ok := ratings[player]; ok && !board.Coop {
			l.Rating = &r
		}
		board.Standings = append(board.Standings, *l)
	}
	sort.Slice(board.Standings, func(i, j int) bool {
		a, b := board.Standings[i], board.Standings[j]
		if (a.Rating != nil) != (b.Rating != nil) {
			return a.Rating != nil
		}
		if a.Rating != nil && a.Rating.Ordinal() != b.Rating.Ordinal() {
			return a.Rating.Ordinal() > b.Rating.Ordinal()
		}
		if a.Wins != b.Wins {
			return a.Wins > b.Wins
		}
		return a.Nickname < b.Nickname
	})
	return board, nil
}
