package server

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/proto/wire"
)

// The server encodes each seat's view once per move and sends it as is.
// encoding/json would check and compact the view's bytes again each time
// they pass through a json.RawMessage (once in engine.EncodeView's
// envelope, once in the message): here the view, which json.Marshal
// itself wrote, is copied into its envelope and its frame by hand. The
// bytes are exactly those json.Marshal would write (frame_test.go checks
// it), so the protocol does not change.

// encodeView returns v in its transmitted form (engine.ViewJSON, byte for
// byte what engine.EncodeView writes) and the SHA-256 of those bytes, in
// hex, as view messages carry it.
func encodeView(game string, v engine.View) ([]byte, string, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, "", fmt.Errorf("encode %s view: %w", game, err)
	}
	buf := make([]byte, 0, len(body)+len(game)+48)
	buf = append(buf, `{"v":`...)
	buf = strconv.AppendInt(buf, engine.SchemaVersion, 10)
	buf = append(buf, `,"game":`...)
	buf = appendString(buf, game)
	buf = append(buf, `,"viewer":`...)
	buf = strconv.AppendInt(buf, int64(v.Viewer()), 10)
	buf = append(buf, `,"view":`...)
	buf = append(buf, body...)
	buf = append(buf, '}')
	sum := sha256.Sum256(buf)
	return buf, hex.EncodeToString(sum[:]), nil
}

// viewFrame encodes a view message, m.View being JSON this server encoded
// and events m.Events as json.Marshal writes them (nil if none): the same
// bytes as json.Marshal(m), fields in wire.Message's order, for the fields
// a view message uses. It refuses any other message.
func viewFrame(m wire.Message, events []byte) ([]byte, error) {
	if m.Type != wire.TypeView || m.Code != "" || m.Name != "" || m.Key != "" || m.Token != "" || m.Move != nil ||
		m.Seat != nil || m.Table != "" || m.Record != nil || m.Error != nil || m.Seats != nil || m.Free != nil ||
		m.Legal != nil || m.Rule != "" || m.Args != nil || m.Hints != 0 || m.Current != nil || m.Agree != nil ||
		m.Text != "" || m.Lang != "" || m.Players != 0 || m.Minutes != 0 || m.Final || m.CopyID != 0 || m.Box != "" || m.Found != nil ||
		m.Session != "" || m.Kiosk != "" || m.SignKey != "" || m.Sig != "" {
		return nil, fmt.Errorf("viewFrame: not a view message: %+v", m)
	}
	buf := make([]byte, 0, len(m.View)+len(events)+len(m.Hash)+len(m.Ref)+128)
	buf = append(buf, `{"v":`...)
	buf = strconv.AppendInt(buf, int64(m.V), 10)
	buf = append(buf, `,"type":"view"`...)
	if m.Ref != "" {
		buf = append(buf, `,"ref":`...)
		buf = appendString(buf, m.Ref)
	}
	if m.Game != "" {
		buf = append(buf, `,"game":`...)
		buf = appendString(buf, m.Game)
	}
	if m.Version != 0 {
		buf = append(buf, `,"version":`...)
		buf = strconv.AppendInt(buf, m.Version, 10)
	}
	if m.Hash != "" {
		buf = append(buf, `,"hash":`...)
		buf = appendString(buf, m.Hash)
	}
	if len(m.View) > 0 {
		buf = append(buf, `,"view":`...)
		buf = append(buf, m.View...)
	}
	if len(m.Events) > 0 {
		buf = append(buf, `,"events":`...)
		buf = append(buf, events...)
	}
	if m.Over {
		buf = append(buf, `,"over":true`...)
	}
	if m.Waiting != 0 {
		buf = append(buf, `,"waiting":`...)
		buf = strconv.AppendInt(buf, int64(m.Waiting), 10)
	}
	if len(m.Away) > 0 {
		buf = append(buf, `,"away":[`...)
		for i, s := range m.Away {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(s), 10)
		}
		buf = append(buf, ']')
	}
	if len(m.Names) > 0 {
		buf = append(buf, `,"names":[`...)
		for i, n := range m.Names {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendString(buf, n)
		}
		buf = append(buf, ']')
	}
	if m.TakeBack != nil {
		// A few dozen bytes, in few views: encoding/json's way is cheap.
		tb, err := json.Marshal(m.TakeBack)
		if err != nil {
			return nil, fmt.Errorf("viewFrame: take-back: %w", err)
		}
		buf = append(buf, `,"takeback":`...)
		buf = append(buf, tb...)
	}
	return append(buf, '}'), nil
}

// appendString appends s as a JSON string, escaped as encoding/json does.
// Plain ASCII (game ids, hashes, the refs phones make) is copied; anything
// else goes through encoding/json.
func appendString(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(buf, q...)
		}
	}
	buf = append(buf, '"')
	buf = append(buf, s...)
	return append(buf, '"')
}

// eventsCache encodes a move's events once for all the seats that see the
// same ones: the host hands every seat the same slice when all of a move's
// events are public (host.Update.Events), and the pumps of the six seats
// would otherwise marshal it six times.
type eventsCache struct {
	mu    sync.Mutex
	first *engine.Event // identifies the slice last encoded
	n     int
	data  []byte
}

// encode returns events as json.Marshal writes them, nil for none.
func (c *eventsCache) encode(events []engine.Event) ([]byte, error) {
	if len(events) == 0 {
		return nil, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.first == &events[0] && c.n == len(events) {
		return c.data, nil
	}
	data, err := json.Marshal(events)
	if err != nil {
		return nil, fmt.Errorf("encode events: %w", err)
	}
	c.first, c.n, c.data = &events[0], len(events), data
	return data, nil
}
