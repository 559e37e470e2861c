package engine

// Event is one thing that happened while a move was applied: the UIs animate
// it and the log shows it. An event that reveals a secret (a card drawn into
// a hand) is addressed to the one seat allowed to see it.
type Event struct {
	Type string         `json:"type"`           // e.g. "place", "capture", "trick"
	Seat Seat           `json:"seat"`           // whom it concerns, or NoSeat
	Data map[string]any `json:"data,omitempty"` // details, public unless To is set
	// To is NoSeat for an event everyone may see, or the only seat that may.
	To Seat `json:"to"`
}

// Public makes an event everyone may see.
func Public(typ string, seat Seat, data map[string]any) Event {
	return Event{Type: typ, Seat: seat, Data: data, To: NoSeat}
}

// Private makes an event only seat to may see.
func Private(typ string, seat, to Seat, data map[string]any) Event {
	return Event{Type: typ, Seat: seat, Data: data, To: to}
}

// EventsFor keeps the events viewer may see; the Onlooker sees public ones only.
func EventsFor(events []Event, viewer Seat) []Event {
	out := make([]Event, 0, len(events))
	for _, e := range events {
		if e.To == NoSeat || e.To == viewer {
			out = append(out, e)
		}
	}
	return out
}
