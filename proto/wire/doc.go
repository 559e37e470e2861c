// Package wire is the protocol between a table and the phones: the JSON
// messages sent over the WebSocket, their error codes and the limits the
// server enforces. docs/protocol.md describes the sequences built from them.
//
// Every message to a seat carries a view built for that seat only; the
// package has no way to put a State on the wire.
package wire
