// Package engine is the contract every Tablée game implements and everything
// else uses: the table host, both user interfaces, the bots and the move log.
//
// A game is described by its Rules (metadata, a constructor and a decoder for
// its moves). A State is one position of one game. All randomness comes from
// the seed in Setup, so a game is its seed plus its move list: Replay rebuilds
// the identical State, which is how a kiosk resumes after a crash.
//
// Secrets stay inside the State. Anything that leaves it for a seat, a phone
// or a bot is a View built for that seat, holding only what that seat may
// know; the public view the kiosk's screen shows is View(Onlooker).
//
// The rules know nothing of screens, sockets or SQL.
package engine
