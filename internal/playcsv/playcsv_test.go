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
