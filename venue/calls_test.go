package venue

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

// tableCalls are a table's open staff calls, as the kiosk's console keeps
// them.
type tableCalls struct {
	mu   sync.Mutex
	list []Call
}

func (c *tableCalls) open() []Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.list)
}

func (c *tableCalls) set(calls ...Call) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.list = calls
}

func (c *tableCalls) answer(ids []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.list = slices.DeleteFunc(c.list, func(x Call) bool { return slices.Contains(ids, x.ID) })
}

// hubCalls are the hub's tables as "name: call ids" lines, sorted.
func hubCalls(t *testing.T, h *Hub) []string {
	t.Helper()
	tables, err := h.Tables(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tb := range tables {
		var ids []string
		for _, c := range tb.Calls {
			ids = append(ids, c.ID)
		}
		out = append(out, fmt.Sprintf("%s: %v", tb.Name, ids))
	}
	slices.Sort(out)
	return out
}

// A table's staff calls reach the hub's list of tables with its hellos and
// leave it once answered, at the table or on the hub (the table hears
// that in the answer to its next hello); a revoked table leaves the list.
func TestHubTableCalls(t *testing.T) {
	ctx := context.Background()
	hub := startHub(t, newNode(t, ""), "127.0.0.1:0")
	p := pairing(t, hub, hub.Addr())
	calls := &tableCalls{}
	answered := make(chan []string, 4)
	a := newNode(t, "A")
	if err := Pair(ctx, a.d, *p); err != nil {
		t.Fatal(err)
	}
	ka, err := StartKiosk(ctx, KioskConfig{DB: a.d, Dir: filepath.Join(a.dir, "venue"), Table: "A", Logf: t.Logf,
		Calls: calls.open, OnAnswered: func(ids []string) { calls.answer(ids); answered <- ids }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ka.Close)
	kb := startKiosk(t, newNode(t, "B"), p)
	until := func(what string, want ...string) {
		t.Helper()
		waitFor(t, what, func() error {
			ka.AskHub()
			kb.AskHub()
			got := hubCalls(t, hub)
			return saw(slices.Equal(got, want), "the hub's calls %v, want %v", got, want)
		})
	}
	until("both tables, no call", "A: []", "B: []")

	at := time.Now().UTC().Truncate(time.Second)
	calls.set(Call{ID: "1", At: at, Table: "A"})
	until("A's call on the hub", "A: [1]", "B: []")
	tables, _ := hub.Tables(ctx)
	for _, tb := range tables {
		if tb.Name == "A" && (len(tb.Calls) != 1 || !tb.Calls[0].At.Equal(at) || tb.Calls[0].Table != "A") {
			t.Errorf("A's calls on the hub: %+v, want one at %v", tb.Calls, at)
		}
	}
	// Answered at the table: gone from the hub at its next hello.
	calls.set()
	until("A's call answered at the table", "A: []", "B: []")

	// Answered on the hub: gone from its list at once, and from the
	// table's at its next hello.
	calls.set(Call{ID: "2", At: at.Add(time.Minute), Table: "A"})
	until("A's second call on the hub", "A: [2]", "B: []")
	if hub.AnswerCall(ka.ID(), "9") {
		t.Error("a call nobody made answered")
	}
	if !hub.AnswerCall(ka.ID(), "2") {
		t.Fatal("A's call not answered")
	}
	if got := hubCalls(t, hub); !slices.Equal(got, []string{"A: []", "B: []"}) {
		t.Errorf("after the hub answered: %v", got)
	}
	ka.AskHub()
	select {
	case ids := <-answered:
		if !slices.Equal(ids, []string{"2"}) {
			t.Errorf("the table heard %v answered, want [2]", ids)
		}
	case <-time.After(guard):
		t.Fatal("the table did not hear its call answered")
	}
	waitFor(t, "the hub forgets the answered call", func() error {
		ka.AskHub()
		hub.mu.Lock()
		defer hub.mu.Unlock()
		return saw(len(hub.news.answered) == 0 && len(hub.news.calls) == 0, "answered %v, calls %v", hub.news.answered, hub.news.calls)
	})

	// B revoked: no longer one of the hub's tables.
	if err := hub.Revoke(ctx, kb.ID()); err != nil {
		t.Fatal(err)
	}
	if got := hubCalls(t, hub); !slices.Equal(got, []string{"A: []"}) {
		t.Errorf("after revoking B: %v, want A alone", got)
	}
}
