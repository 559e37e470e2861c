// Package web is the web companion: a small page the kiosk serves over plain
// HTTP on the LAN, opened from the table's QR code, and the end-to-end
// encrypted channel that carries the table protocol to it.
//
// A browser cannot pin a self-signed certificate, so the page trusts the
// kiosk's long-term X25519 public key that the QR code's URL fragment
// carries. Both sides make a fresh key pair per connection: the page sends
// its public key in clear, the kiosk answers with its fresh public key
// boxed under its long-term key (which proves it is the table's), and every
// later frame is a NaCl box (XSalsa20-Poly1305, golang.org/x/crypto/nacl/box
// here, tweetnacl in the page) under the two fresh keys, with a direction
// byte and a counter in the nonce so that replayed, reordered or reflected
// frames are refused. The kiosk's fresh key means a recorded connection
// never opens again, and the long-term key opens nothing recorded.
// Inside the boxes flow the same JSON messages as on the TLS WebSocket,
// answered by the same session logic (kiosk/server).
//
// docs/protocol.md, section "The web companion", documents the channel and
// its threat model.
package web
