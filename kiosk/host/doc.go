// Package host runs the game sessions of a kiosk: it seats players, guests
// and bots, applies moves through the engine, and keeps every session in the
// database so that a kiosk that loses power resumes exactly where it was.
//
// A move is applied to a clone of the state first; only once it is appended
// to the move log on disk does the clone become the session's state and do
// subscribers (the network layer, the screens) hear of it. A move anyone
// was told about is therefore never lost, and a move that failed to save
// was never seen.
package host
