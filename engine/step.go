package engine

// Stepper is implemented by States that can make a move without building
// the events Apply returns. Step checks the move exactly as Apply does and
// refuses it with the same error, leaving the state unchanged; a move it
// makes leaves the state Apply would have left. Games implement both on
// one rule code, the events built only for Apply. Searches, playouts,
// simulations and replays, which read no events, step.
type Stepper interface {
	Step(seat Seat, m Move) error
}

// Step makes seat's move on s without building its events when s is a
// Stepper, else through Apply, dropping the events.
func Step(s State, seat Seat, m Move) error {
	if st, ok := s.(Stepper); ok {
		return st.Step(seat, m)
	}
	_, err := s.Apply(seat, m)
	return err
}
