package wire

import (
	"strings"
	"testing"
)

func TestDecodeClientAcceptsEachMessage(t *testing.T) {
	for _, frame := range []string{
		`{"v":1,"type":"join","code":"0427","name":"Anja"}`,
		`{"v":1,"type":"join","code":"0427","name":"Anja","key":"k7Qm2xWv9Lr4Tn8Yp3Zs6B-_"}`,
		`{"v":1,"type":"resume","token":"abc"}`,
		`{"v":1,"type":"move","ref":"7","move":{"kind":"place","at":"c5"}}`,
		`{"v":1,"type":"sync"}`,
		`{"v":1,"type":"ping"}`,
	} {
		if _, err := DecodeClient([]byte(frame)); err != nil {
			t.Errorf("%s: %v", frame, err)
		}
	}
}

func TestDecodeClientNamesWhatIsWrong(t *testing.T) {
	cases := map[string]string{
		`not json`:                                       BadJSON,
		`{"v":1,"type":"ping"} {"v":1}`:                  BadJSON,
		`{"v":1,"type":"ping"}]`:                         BadJSON,
		`{"v":1,"type":"ping","evil":true}`:              BadJSON,
		`{"v":2,"type":"ping"}`:                          BadVersion,
		`{"v":1,"type":"shuffle"}`:                       UnknownType,
		`{"v":1,"type":"welcome"}`:                       UnknownType,
		`{"v":1,"type":"join","code":"12a4","name":"A"}`: WrongCode,
		`{"v":1,"type":"join","code":"1234","name":""}`:  BadName,
		`{"v":1,"type":"join","code":"1234","name":"` + strings.Repeat("é", 25) + `"}`:   BadName,
		`{"v":1,"type":"join","code":"1234","name":"A","key":"short"}`:                   BadKey,
		`{"v":1,"type":"join","code":"1234","name":"A","key":"k7Qm2xWv9Lr4Tn8Yp3Zs6B="}`: BadKey,
		`{"v":1,"type":"resume"}`: BadToken,
		`{"v":1,"type":"move"}`:   BadMove,
		`[]`:                      BadJSON,
		``:                        BadJSON,
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

func TestOversizedFrameIsFatal(t *testing.T) {
	frame := `{"v":1,"type":"ping","ref":"` + strings.Repeat("x", MaxFrame) + `"}`
	_, err := DecodeClient([]byte(frame))
	if err == nil || err.Code != TooLarge || !err.Fatal {
		t.Fatalf("got %v, want a fatal %s", err, TooLarge)
	}
}

// FuzzDecodeClient: no input may panic the decoder, and whatever it accepts
// has a known type and this protocol's version.
func FuzzDecodeClient(f *testing.F) {
	f.Add([]byte(`{"v":1,"type":"join","code":"0427","name":"Anja"}`))
	f.Add([]byte(`{"v":1,"type":"move","move":{"kind":"play","card":12}}`))
	f.Add([]byte(`{"v":1,"type":"resume","token":"` + strings.Repeat("f", 32) + `"}`))
	f.Fuzz(func(t *testing.T, frame []byte) {
		m, err := DecodeClient(frame)
		if err != nil {
			if err.Code == "" || err.Message == "" {
				t.Fatalf("error without code or message: %+v", err)
			}
			return
		}
		if m.V != Version || !clientTypes[m.Type] {
			t.Fatalf("accepted %+v", m)
		}
	})
}
