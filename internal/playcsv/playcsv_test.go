package playcsv

import (
	"bytes"
	"testing"
	"time"
)

func TestSafeCell(t *testing.T) {
	for in, want := range map[string]string{
		"Anja": "Anja", "": "", "-3": "-3", "+2": "+2", "1.5e3": "1.5e3", "12": "12",
		"=1+2": "'=1+2", "+cmd": "'+cmd", "-2+3": "'-2+3", "@SUM(A1)": "'@SUM(A1)", "  =x": "'  =x",
		"\tx": "'\tx", "\rx": "'\rx", "a=b": "a=b", "- 3": "'- 3",
	} {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// A play is one row per player with BoardGameGeek's fields, after a BOM
// and the header, its cells safe.
func TestWriteAPlay(t *testing.T) {
	var b bytes.Buffer
	p := Play{ID: "1", Date: time.Date(2026, 12, 2, 21, 0, 0, 0, time.Local), Minutes: 42, Timed: true, Location: "Table 1", Game: "Skull King",
		Players: []Player{{Name: "=HYPERLINK(1)", Seat: 0, Score: -20}, {Name: "Anja, the best", Seat: 1, Score: 30, Win: true, New: true}}}
	if err := Write(&b, ',', p, Play{ID: "2", Incomplete: true, Game: "x", Players: []Player{{Name: "B"}}}); err != nil {
		t.Fatal(err)
	}
	want := BOM + "play,date,quantity,length,incomplete,location,game,name,startposition,color,score,new,win\n" +
		"1,2026-12-02,1,42,0,Table 1,Skull King,'=HYPERLINK(1),1,,-20,0,0\n" +
		"1,2026-12-02,1,42,0,Table 1,Skull King,\"Anja, the best\",2,,30,1,1\n" +
		"2,0001-01-01,1,,1,,x,B,1,,0,0,0\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if err := Write(&b, '\t'); err == nil {
		t.Error("a tab separator was taken")
	}
}

// A play pushed to BG Stats has the documented fields, the date its
// start, the link the JSON URL-encoded after bgstats://.
func TestBGStats(t *testing.T) {
	p := Play{ID: "1", Date: time.Date(2026, 12, 2, 21, 30, 0, 0, time.Local), Minutes: 42, Timed: true, Location: "Table 1", Game: "Skull King",
		Players: []Player{{Name: "Bernd", Seat: 0, Score: 20}, {Name: "Anja & co", Seat: 1, Score: 30, Win: true}}}
	data, err := BGStatsJSON(p, BGStatsGame{HighestWins: true, ID: "skullking"}, "Table 1/7", []int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"sourceName":"Tablée","sourcePlayId":"Table 1/7","playDate":"2026-12-02 20:48:00","durationMin":42,"location":"Table 1",` +
		`"game":{"name":"Skull King","highestWins":true,"noPoints":false,"sourceGameId":"skullking"},` +
		`"players":[{"name":"Bernd","score":20,"rank":2,"winner":false,"sourcePlayerId":"Table 1/7/1"},` +
		`{"name":"Anja \u0026 co","score":30,"rank":1,"winner":true,"sourcePlayerId":"Table 1/7/2"}]}`
	if string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
	link, _ := BGStatsLink(p, BGStatsGame{HighestWins: true, ID: "skullking"}, "Table 1/7", []int{2, 1})
	if !bytes.HasPrefix([]byte(link), []byte("bgstats://%7B%22sourceName%22%3A%22Tabl%C3%A9e%22")) {
		t.Errorf("the link reads %.80s", link)
	}
}
