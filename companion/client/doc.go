// Package client is the phone's side of the table protocol
// (docs/protocol.md): it connects to a kiosk over a TLS WebSocket whose
// certificate is pinned, joins or resumes a seat, receives that seat's
// views (checking their versions and hashes, resyncing when one is missed
// or damaged), sends moves and waits for their outcome, and reconnects and
// resumes by itself when the connection drops.
//
// A Client keeps no global state and owns its goroutines: Close stops them.
package client
