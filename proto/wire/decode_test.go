package wire

import (
	"strings"
	"testing"
)

func TestDecodeClientAcceptsEachMessage(t *testing.T) {
	for _, frame := range []string{
		`{"v":2,"type":"join","code":"042700","name":"Anja"}`,
		`{"v":2,"type":"join","code":"042700-abcdefghijklmnopqrstuvwxyz","name":"Anja"}`,
		`{"v":2,"type":"resume","token":"abc"}`,
		`{"v":2,"type":"move","ref":"7","move":{"kind":"place","at":"c5"}}`,
		`{"v":2,"type":"sync"}`,
		`{"v":2,"type":"ping"}`,
		`{"v":2,"type":"join","code":"042700","name":"Anja","key":"k7Qm2xWv9Lr4Tn8Yp3Zs6B-_"}`,
	} {
		if _, err := DecodeClient([]byte(frame)); err != nil {
			t.Errorf("%s: %v", frame, err)
		}
	}
}

func TestDecodeClientNamesWhatIsWrong(t *testing.T) {
	cases := map[string]string{
		`not json`:                                                                       BadJSON,
		`{"v":2,"type":"ping"} {"v":2}`:                                                  BadJSON,
		`{"v":2,"type":"ping"}]`:                                                         BadJSON,
		`{"v":2,"type":"ping","evil":true}`:                                              BadJSON,
		`{"v":2,"Type":"ping"}`:                                                          BadJSON, // names are exact-case
		`{"V":2,"type":"ping"}`:                                                          BadJSON,
		`{"v":2,"type":"ping","type":"sync"}`:                                            BadJSON, // no name twice
		`{"v":2,"type":"ping","ref":"a","ref":"b"}`:                                      BadJSON,
		`{"v":2,"type":"move","move":{"a":1,"a":2}}`:                                     BadJSON, // not inside the move either
		`{"v":2,"type":"ping","token":"abc"}`:                                            BadJSON, // a member of another type
		`{"v":2,"type":"sync","move":{"kind":"x"}}`:                                      BadJSON,
		`{"v":2,"type":"resume","token":"a","seat":1}`:                                   BadJSON, // a member the table sends
		"{\"v\":2,\"type\":\"ping\",\"ref\":\"\xff\"}":                                   BadJSON, // invalid UTF-8
		`{"v":1,"type":"ping"}`:                                                          BadVersion,
		`{"v":3,"type":"ping"}`:                                                          BadVersion,
		`{"v":2,"type":"shuffle"}`:                                                       UnknownType,
		`{"v":2,"type":"welcome"}`:                                                       UnknownType,
		`{"v":2,"type":"join","code":"12a456","name":"A"}`:                               WrongCode,
		`{"v":2,"type":"join","code":"1234","name":"A"}`:                                 WrongCode,
		`{"v":2,"type":"join","code":"123456-ABC","name":"A"}`:                           WrongCode,
		`{"v":2,"type":"join","code":"123456","name":""}`:                                BadName,
		`{"v":2,"type":"join","code":"123456","name":"   "}`:                             BadName,
		`{"v":2,"type":"join","code":"123456","name":"` + strings.Repeat("é", 25) + `"}`: BadName,
		`{"v":2,"type":"join","code":"123456","name":"Eve\u202e"}`:                       BadName,
		`{"v":2,"type":"join","code":"123456","name":"A\nB"}`:                            BadName,
		`{"v":2,"type":"resume"}`:                                                        BadToken,
		`{"v":2,"type":"move"}`:                                                          BadMove,
		`{"v":2,"type":"move","move":null}`:                                              BadMove,
		`[]`:                                                                             BadJSON,
		`null`:                                                                           BadJSON,
		``:                                                                               BadJSON,
		`{"v":2,"type":"join","code":"123456","name":"A","key":"short"}`:                 BadKey,
		`{"v":2,"type":"join","code":"123456","name":"A","key":"k7Qm2xWv9Lr4Tn8Yp3Zs6B="}`: BadKey,
	}
	for frame, want := range cases {
		_, err := DecodeClient([]byte(frame))
		if err == nil || err.Code != want {
			t.Errorf("%q: got %v, want code %s", frame, err, want)
		}
		if err != nil && err.Message == "" {
			t.Errorf("%q: error without a message", frame)
		}
	}
}

func TestNicknamesAreTrimmedAndNormalised(t *testing.T) {
	cases := map[string]string{
		"  Anja ":          "Anja",
		"Zoe\u0301":        "Zoé", // e + combining acute → é
		"Ünal":             "Ünal",
		"👩\u200d🍳 Chef":    "👩\u200d🍳 Chef",
		"Jean-Loup O'Neil": "Jean-Loup O'Neil",
	}
	for in, want := range cases {
		got, err := CleanName(in)
		if err != nil || got != want {
			t.Errorf("CleanName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	// 24 characters once composed, 48 code points before.
	if _, err := CleanName(strings.Repeat("e\u0301", 24)); err != nil {
		t.Errorf("24 composed characters refused: %v", err)
	}
	for _, bad := range []string{"\u200fEve", "Eve\u2066", "A\tB", "\x00", "\u00adA"} {
		if _, err := CleanName(bad); err == nil || err.Code != BadName {
			t.Errorf("CleanName(%q) accepted", bad)
		}
	}
	m, err := DecodeClient([]byte(`{"v":2,"type":"join","code":"123456","name":" Zoe\u0301 "}`))
	if err != nil || m.Name != "Zoé" {
		t.Errorf("join name %q, %v", m.Name, err)
	}
}

func TestOversizedFrameIsFatal(t *testing.T) {
	frame := `{"v":2,"type":"ping","ref":"` + strings.Repeat("x", MaxFrame) + `"}`
	_, err := DecodeClient([]byte(frame))
	if err == nil || err.Code != TooLarge || !err.Fatal {
		t.Fatalf("got %v, want a fatal %s", err, TooLarge)
	}
}

// FuzzDecodeClient: no input may panic the decoder; whatever it accepts
// has a known type, this protocol's version, only its type's members, and
// (for a join) a well-formed code and a clean nickname.
func FuzzDecodeClient(f *testing.F) {
	f.Add([]byte(`{"v":2,"type":"join","code":"042700","name":"Anja"}`))
	f.Add([]byte(`{"v":2,"type":"join","code":"042700","name":"Zoe\u0301\u202e"}`))
	f.Add([]byte(`{"v":2,"type":"move","move":{"kind":"play","card":12}}`))
	f.Add([]byte(`{"v":2,"type":"resume","token":"` + strings.Repeat("f", 32) + `"}`))
	f.Add([]byte(`{"v":2,"type":"sync","type":"ping"}`))
	f.Add([]byte(`{"v":2,"Type":"sync"}`))
	f.Fuzz(func(t *testing.T, frame []byte) {
		m, err := DecodeClient(frame)
		if err != nil {
			if err.Code == "" || err.Message == "" {
				t.Fatalf("error without code or message: %+v", err)
			}
			return
		}
		if _, ok := clientFields[m.Type]; m.V != Version || !ok {
			t.Fatalf("accepted %+v", m)
		}
		if m.Seat != nil || m.View != nil || m.Error != nil || m.Hash != "" || m.Game != "" {
			t.Fatalf("accepted a client message with the table's members: %q", frame)
		}
		if m.Type == TypeJoin {
			clean, cerr := CleanName(m.Name)
			if !IsCode(m.Code) || cerr != nil || clean != m.Name {
				t.Fatalf("accepted join %q (name %q)", frame, m.Name)
			}
		}
	})
}
