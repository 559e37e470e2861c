// Package bot holds the players the kiosk can seat instead of a person, and
// Play, which runs a whole game among them. Every bot decides from its seat's
// View only; searching bots imagine the hidden rest with Rules.Determinize.
package bot
