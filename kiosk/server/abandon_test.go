package server

import (
	"context"
	"testing"

	"github.com/tablee/tablee/proto/wire"
)

func TestAnAbandonedGameTellsItsPhones(t *testing.T) {
	tb := newTable(t, "canoe", twoGuests())
	a, b := tb.dial(t), tb.dial(t)
	a.join(tb, "Anja")
	b.join(tb, "Bernd")
	if err := tb.sess.Abandon(context.Background(), "staff"); err != nil {
		t.Fatal(err)
	}
	tb.srv.Abandoned()
	for _, p := range []*phone{a, b} {
		for {
			m, err := p.recv()
			if err != nil {
				t.Fatalf("before the removal: %v", err)
			}
			if m.Type != wire.TypeRemoved {
				continue // the views sent before the end
			}
			if m.Error == nil || m.Error.Code != wire.Abandoned {
				t.Fatalf("removed with %+v, want code %s", m.Error, wire.Abandoned)
			}
			break
		}
	}
	if tb.srv.Code() != "" || len(tb.srv.Seats()) != 0 {
		t.Errorf("after abandoning: code %q, seats %v", tb.srv.Code(), tb.srv.Seats())
	}
	c := tb.dial(t)
	c.send(wire.Message{Type: wire.TypeJoin, Code: "0000", Name: "Carola"})
	if m, _ := c.recv(); m.Type != wire.TypeError {
		t.Errorf("a join after the game was abandoned got %s", m.Type)
	}
}
