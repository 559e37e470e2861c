package playcsv

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// BG Stats (bgstatsapp.com) takes a play pushed to it as a link whose
// data is a URL-encoded JSON object, documented publicly at
// https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
// ("bgstats://<data>"): the app opens, matches the game and the players
// to its own, and saves the play. Only the documented fields are written.

// BGStatsScheme starts a link that hands a play to the BG Stats app.
const BGStatsScheme = "bgstats://"

// bgsPlay is BG Stats' pushed play.
type bgsPlay struct {
	SourceName   string      `json:"sourceName"`
	SourcePlayID string      `json:"sourcePlayId"`
	PlayDate     string      `json:"playDate"`
	DurationMin  int         `json:"durationMin"`
	Location     string      `json:"location"`
	Game         bgsGame     `json:"game"`
	Players      []bgsPlayer `json:"players"`
}

type bgsGame struct {
	Name         string `json:"name"`
	HighestWins  bool   `json:"highestWins"`
	NoPoints     bool   `json:"noPoints"`
	SourceGameID string `json:"sourceGameId"`
}

type bgsPlayer struct {
	Name           string `json:"name"`
	Score          int    `json:"score"`
	Rank           int    `json:"rank"`
	Winner         bool   `json:"winner"`
	SourcePlayerID string `json:"sourcePlayerId"`
}

// BGStatsGame is how the game is won, for BG Stats: whether the highest
// score wins, whether there are points at all, and the game's id where
// the play comes from (a score sheet's).
type BGStatsGame struct {
	HighestWins bool
	NoPoints    bool
	ID          string
}

// BGStatsJSON is p as BG Stats takes a pushed play: source names
// Tablée, playID tells this play from any other one pushed from it (BG
// Stats updates a play pushed again), ranks are each player's place. The
// start player is left out: a phone does not know who began.
func BGStatsJSON(p Play, g BGStatsGame, playID string, ranks []int) ([]byte, error) {
	start := p.Date
	if p.Timed {
		start = p.Date.Add(-time.Duration(p.Minutes) * time.Minute)
	}
	out := bgsPlay{SourceName: "Tablée", SourcePlayID: playID, PlayDate: start.Local().Format("2006-01-02 15:04:05"),
		DurationMin: p.Minutes, Location: p.Location,
		Game:    bgsGame{Name: p.Game, HighestWins: g.HighestWins, NoPoints: g.NoPoints, SourceGameID: g.ID},
		Players: []bgsPlayer{}}
	for i, pl := range p.Players {
		bp := bgsPlayer{Name: pl.Name, Score: pl.Score, Winner: pl.Win, SourcePlayerID: playID + "/" + strconv.Itoa(pl.Seat+1)}
		if i < len(ranks) {
			bp.Rank = ranks[i]
		}
		out.Players = append(out.Players, bp)
	}
	return json.Marshal(out)
}

// BGStatsLink is the link that hands p to the BG Stats app.
func BGStatsLink(p Play, g BGStatsGame, playID string, ranks []int) (string, error) {
	data, err := BGStatsJSON(p, g, playID, ranks)
	if err != nil {
		return "", err
	}
	// Spaces as %20, as JavaScript's encodeURIComponent writes them: a
	// '+' would be read back as itself by a decoder of paths.
	return BGStatsScheme + strings.ReplaceAll(url.QueryEscape(string(data)), "+", "%20"), nil
}
