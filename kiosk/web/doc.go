// Package web is the web companion: a small page the kiosk serves over plain
// HTTP on the LAN, opened from the table's QR code, and the end-to-end
// encrypted channel that carries the table protocol to it.
//
// A browser cannot pin a self-signed certificate, so the page trusts the
// kiosk's long-term X25519 public key that the QR code's URL fragment
// carries. The page makes a fresh key pair per connection and every frame
// after its first (its public key, in clear) is a NaCl box
// (XSalsa20-Poly1305, golang.org/x/crypto/nacl/box here, tweetnacl in the
// page) under the two keys, with a direction byte and a counter in the
// nonce so that replayed, reordered or reflected frames are refused.
// Inside the boxes flow the same JSON messages as on the TLS WebSocket,
// answered by the same session logic (kiosk/server).
//
// docs/protocol.md, section "The web companion", documents the channel and
// its threat model.
package web
