package venue

import (
	"slices"
	"time"
)

// Call is a table's call for the staff (the guests' button on the
// kiosk's corner menu), open until someone answers it.
type Call struct {
	ID    string    `json:"id"` // the table's id for it
	At    time.Time `json:"at"`
	Table string    `json:"table"` // the table's name
}

// noteCalls keeps kiosk id's open calls from its hello and returns the
// ids of those the hub's console answered, to tell it; an answered call
// its hello no longer lists is forgotten (the kiosk closed it). Called
// with h.mu held.
func (h *Hub) noteCalls(id string, calls []Call) []string {
	if len(calls) == 0 {
		delete(h.news.calls, id)
	} else {
		h.news.calls[id] = calls
	}
	var ids []string
	var still []Call
	for _, a := range h.news.answered[id] {
		if slices.ContainsFunc(calls, func(c Call) bool { return sameCall(a, c) }) {
			ids = append(ids, a.ID)
			still = append(still, a)
		}
	}
	if len(still) == 0 {
		delete(h.news.answered, id)
	} else {
		h.news.answered[id] = still
	}
	return ids
}

// sameCall compares calls by id and time: a kiosk restarted numbers its
// calls again.
func sameCall(a, b Call) bool { return a.ID == b.ID && a.At.Equal(b.At) }

// AnswerCall answers table kiosk's call id from the hub's console: it
// leaves the hub's list now and the table's at its next hello (within
// helloEvery). False if the hub knows no such open call.
func (h *Hub) AnswerCall(kiosk, id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	i := slices.IndexFunc(h.news.calls[kiosk], func(c Call) bool { return c.ID == id })
	if i < 0 {
		return false
	}
	c := h.news.calls[kiosk][i]
	if !slices.ContainsFunc(h.news.answered[kiosk], func(a Call) bool { return sameCall(a, c) }) {
		h.news.answered[kiosk] = append(h.news.answered[kiosk], c)
	}
	return true
}

// openCalls are kiosk id's calls its last hello listed that nobody
// answered on the hub. Called with h.mu held.
func (h *Hub) openCalls(id string) []Call {
	var out []Call
	for _, c := range h.news.calls[id] {
		if !slices.ContainsFunc(h.news.answered[id], func(a Call) bool { return sameCall(a, c) }) {
			out = append(out, c)
		}
	}
	return out
}
