package wire

import (
	"strings"
	"testing"
)

func TestDecodeClientReadsTheShelfMessages(t *testing.T) {
	m, err := DecodeClient([]byte(`{"v":2,"type":"shelf-search","ref":"s1","text":"  Loup garou ","lang":"de","players":5,"minutes":30}`))
	if err != nil {
		t.Fatal(err)
	}
	if m.Text != "Loup garou" || m.Lang != "de" || m.Players != 5 || m.Minutes != 30 || m.Ref != "s1" {
		t.Errorf("search read as %+v", m)
	}
	// Decomposed accents come back composed (NFC), as the index folds them anyway.
	if m, err := DecodeClient([]byte(`{"v":2,"type":"shelf-search","text":"Thiercelieux e\u0301"}`)); err != nil || m.Text != "Thiercelieux é" {
		t.Errorf("decomposed text: %q, %v", m.Text, err)
	}
	if m, err := DecodeClient([]byte(`{"v":2,"type":"shelf-search"}`)); err != nil || m.Text != "" {
		t.Errorf("an empty search (every title): %+v, %v", m, err)
	}
	if m, err := DecodeClient([]byte(`{"v":2,"type":"shelf-take","box":" d5 "}`)); err != nil || m.Box != "D5" {
		t.Errorf("a typed shelf code: %q, %v", m.Box, err)
	}
	if m, err := DecodeClient([]byte(`{"v":2,"type":"shelf-take","box":"4015566018853"}`)); err != nil || m.Box != "4015566018853" {
		t.Errorf("a scanned EAN: %q, %v", m.Box, err)
	}
	if m, err := DecodeClient([]byte(`{"v":2,"type":"shelf-take","copy":17}`)); err != nil || m.CopyID != 17 {
		t.Errorf("a listed copy: %d, %v", m.CopyID, err)
	}
}

func TestDecodeClientRefusesBadShelfMessages(t *testing.T) {
	for _, frame := range []string{
		`{"v":2,"type":"shelf-search","text":"` + strings.Repeat("é", MaxShelfText+1) + `"}`,
		`{"v":2,"type":"shelf-search","text":"a\u0000b"}`,
		`{"v":2,"type":"shelf-search","text":"Eve\u202e"}`,
		"{\"v\":2,\"type\":\"shelf-search\",\"text\":\"\xff\"}",
		`{"v":2,"type":"shelf-search","text":1}`,
		`{"v":2,"type":"shelf-search","lang":"it"}`,
		`{"v":2,"type":"shelf-search","players":-1}`,
		`{"v":2,"type":"shelf-search","players":100}`,
		`{"v":2,"type":"shelf-search","minutes":721}`,
		`{"v":2,"type":"shelf-search","minutes":"30"}`,
		`{"v":2,"type":"shelf-search","text":"a","text":"b"}`,
		`{"v":2,"type":"shelf-search","box":"D5"}`,
		`{"v":2,"type":"shelf-search","found":[]}`,
		`{"v":2,"type":"shelf-take"}`,
		`{"v":2,"type":"shelf-take","copy":3,"box":"D5"}`,
		`{"v":2,"type":"shelf-take","copy":-3}`,
		`{"v":2,"type":"shelf-take","copy":1.5}`,
		`{"v":2,"type":"shelf-take","box":"   "}`,
		`{"v":2,"type":"shelf-take","box":"D5<script>"}`,
		`{"v":2,"type":"shelf-take","box":"` + strings.Repeat("9", MaxShelfBox+1) + `"}`,
		`{"v":2,"type":"shelf-take","box":"D5","text":"x"}`,
		`{"v":2,"type":"shelf-found"}`,
		`{"v":2,"type":"shelf-taken"}`,
	} {
		m, err := DecodeClient([]byte(frame))
		if err == nil {
			t.Errorf("%s: accepted as %+v", frame, m)
			continue
		}
		want := BadJSON
		if strings.Contains(frame, `"shelf-found"`) || strings.Contains(frame, `"shelf-taken"`) {
			want = UnknownType // the table's answers are not a phone's to send
		}
		if err.Code != want || err.Fatal {
			t.Errorf("%s: %v (fatal %v), want %s", frame, err, err.Fatal, want)
		}
	}
}

func TestCleanBox(t *testing.T) {
	for in, want := range map[string]string{"d5": "D5", " A-12 ": "A-12", "3.2": "3.2", "0123456789012": "0123456789012"} {
		if got, ok := CleanBox(in); !ok || got != want {
			t.Errorf("CleanBox(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", " ", "D 5", "Dé5", "D5;", "=1+1", strings.Repeat("A", MaxShelfBox+1)} {
		if got, ok := CleanBox(in); ok {
			t.Errorf("CleanBox(%q) = %q, accepted", in, got)
		}
	}
}
