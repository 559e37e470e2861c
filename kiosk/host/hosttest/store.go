// Package hosttest holds fakes for testing the table host and what runs on
// it: Store keeps sessions in memory as the database would, so host and
// server tests need no SQLite file.
package hosttest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/session"
)

// ErrNotFound is returned for a session the store does not hold, or one
// not in the status an operation needs.
var ErrNotFound = errors.New("hosttest: not found")

// Store is an in-memory host.Store (it does not import host, so that
// host's own tests can use it) that keeps the database's rules: a
// move log without gaps, only for active sessions; seats and seating
// changed only while a session is live; finishing only an active session.
// It is safe for concurrent use, and outlives the hosts that use it, so a
// test can "restart" a host on the same store.
type Store struct {
	mu       sync.Mutex
	next     int
	sessions map[string]*stored
	players  map[string]string // phone key → player id
	// FailAppend, when set, is returned by AppendMove instead of storing
	// the move: a full disk, say.
	FailAppend error
}

type stored struct {
	rec     session.Record
	moves   []session.Move
	result  *engine.Result
	seating []byte
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{sessions: map[string]*stored{}, players: map[string]string{}} }

// CreateSession stores rec as a new active session with a new id.
func (s *Store) CreateSession(_ context.Context, rec session.Record) (session.Record, error) {
	if len(rec.Seats) == 0 {
		return session.Record{}, errors.New("hosttest: a session needs seats")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next++
	rec.ID = fmt.Sprintf("session-%d", s.next)
	rec.Status, rec.EndedAt, rec.Reason = session.Active, time.Time{}, ""
	rec.Seats = slices.Clone(rec.Seats)
	rec.Options = maps.Clone(rec.Options)
	s.sessions[rec.ID] = &stored{rec: rec}
	return rec, nil
}

// Unfinished returns the live sessions, oldest first.
func (s *Store) Unfinished(context.Context) ([]session.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []session.Record
	for _, st := range s.sessions {
		if st.rec.Status.Live() {
			out = append(out, st.copyRec())
		}
	}
	slices.SortFunc(out, func(a, b session.Record) int { return a.StartedAt.Compare(b.StartedAt) })
	return out, nil
}

// AppendMove adds m to an active session's log, refusing a gap or a
// repeated sequence number.
func (s *Store) AppendMove(_ context.Context, id string, m session.Move) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.FailAppend != nil {
		return s.FailAppend
	}
	st, err := s.get(id, session.Active)
	if err != nil {
		return err
	}
	if m.Seq != len(st.moves)+1 {
		return fmt.Errorf("hosttest: move %d of %s out of sequence (log has %d)", m.Seq, id, len(st.moves))
	}
	m.JSON = slices.Clone(m.JSON)
	st.moves = append(st.moves, m)
	return nil
}

// Moves returns a session's log.
func (s *Store) Moves(_ context.Context, id string) ([]session.Move, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.sessions[id]
	if !ok {
		return nil, fmt.Errorf("hosttest: session %s: %w", id, ErrNotFound)
	}
	return slices.Clone(st.moves), nil
}

// SetSeat changes who plays a seat of a live session.
func (s *Store) SetSeat(_ context.Context, id string, seat int, who session.Seat) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, err := s.get(id, session.Active, session.Paused)
	if err != nil {
		return err
	}
	if seat < 0 || seat >= len(st.rec.Seats) {
		return fmt.Errorf("hosttest: session %s has no seat %d: %w", id, seat, ErrNotFound)
	}
	who.Hints = st.rec.Seats[seat].Hints
	st.rec.Seats[seat] = who
	return nil
}

// AddHint counts one more hint for a seat of an active session.
func (s *Store) AddHint(_ context.Context, id string, seat int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, err := s.get(id, session.Active)
	if err != nil {
		return err
	}
	if seat < 0 || seat >= len(st.rec.Seats) {
		return fmt.Errorf("hosttest: session %s has no seat %d: %w", id, seat, ErrNotFound)
	}
	st.rec.Seats[seat].Hints++
	return nil
}

// SetStatus moves a live session to another status; ending it clears its
// seating.
func (s *Store) SetStatus(_ context.Context, id string, status session.Status, reason string, at time.Time) error {
	if status == session.Finished {
		return errors.New("hosttest: finish a session with Finish")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st, err := s.get(id, session.Active, session.Paused)
	if err != nil {
		return err
	}
	st.rec.Status, st.rec.Reason = status, reason
	if status.Ended() {
		st.rec.EndedAt = at
	}
	if !status.Live() {
		st.seating = nil
	}
	return nil
}

// Finish ends an active session with res; it keeps its seating, as the
// database does while the results are on the table.
func (s *Store) Finish(_ context.Context, id string, res engine.Result, at time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, err := s.get(id, session.Active)
	if err != nil {
		return err
	}
	if len(res.Scores) != len(st.rec.Seats) || len(res.Ranks) != len(st.rec.Seats) {
		return fmt.Errorf("hosttest: a result for %d seats, session %s has %d", len(res.Scores), id, len(st.rec.Seats))
	}
	st.rec.Status, st.rec.EndedAt, st.rec.Reason = session.Finished, at, res.Reason
	st.result = &res
	return nil
}

// PlayerForKey returns the player id of key, a new one on its first use.
func (s *Store) PlayerForKey(_ context.Context, key, nickname string, _ time.Time) (string, error) {
	if key == "" || strings.TrimSpace(nickname) == "" {
		return "", errors.New("hosttest: a player needs a key and a nickname")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.players[key]
	if !ok {
		id = fmt.Sprintf("player-%d", len(s.players)+1)
		s.players[key] = id
	}
	return id, nil
}

// RatedOutcome reports no seat rated: the fake keeps no ratings.
func (s *Store) RatedOutcome(context.Context, string, int) (session.Outcome, bool, error) {
	return session.Outcome{}, false, nil
}

// SaveSeating keeps a live or finished session's seating, which must be
// JSON.
func (s *Store) SaveSeating(_ context.Context, id string, data []byte) error {
	if !json.Valid(data) {
		return errors.New("hosttest: the seating is not JSON")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st, err := s.get(id, session.Active, session.Paused, session.Finished)
	if err != nil {
		return err
	}
	st.seating = slices.Clone(data)
	return nil
}

// Seating returns the seating last saved, nil if none.
func (s *Store) Seating(_ context.Context, id string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.sessions[id]
	if !ok {
		return nil, fmt.Errorf("hosttest: session %s: %w", id, ErrNotFound)
	}
	return slices.Clone(st.seating), nil
}

// Record returns a session as stored, for tests to check.
func (s *Store) Record(id string) (session.Record, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.sessions[id]
	if !ok {
		return session.Record{}, false
	}
	return st.copyRec(), true
}

// Result returns a finished session's result.
func (s *Store) Result(id string) (engine.Result, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.sessions[id]
	if !ok || st.result == nil {
		return engine.Result{}, false
	}
	return *st.result, true
}

// get returns the session id if it is in one of the statuses; s.mu is held.
func (s *Store) get(id string, statuses ...session.Status) (*stored, error) {
	st, ok := s.sessions[id]
	if !ok || !slices.Contains(statuses, st.rec.Status) {
		return nil, fmt.Errorf("hosttest: no session %s that is %v: %w", id, statuses, ErrNotFound)
	}
	return st, nil
}

func (st *stored) copyRec() session.Record {
	r := st.rec
	r.Seats = slices.Clone(r.Seats)
	r.Options = maps.Clone(r.Options)
	return r
}
