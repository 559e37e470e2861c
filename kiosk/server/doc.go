// Package server puts a table on the network: a TLS WebSocket endpoint that
// seats phones by table code, hands each a seat token, relays their moves to
// the table host and sends each phone its own seat's view after every move.
//
// Nothing a phone receives is built from anything but host views for that
// phone's seat, so a phone can never learn another hand, the deck or the
// seed. docs/protocol.md describes the protocol; package wire holds its types.
package server
