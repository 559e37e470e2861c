package client

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
)

// Fingerprint connects to addr once and returns the SHA-256 fingerprint of
// the certificate it shows, trusting nothing yet. It is for a guest who
// typed the table's address instead of scanning its QR code: the phone
// shows words derived from the fingerprint for the guest to compare with
// the kiosk's screen before it pins it with Dial.
func Fingerprint(ctx context.Context, addr string) (string, error) {
	d := tls.Dialer{Config: &tls.Config{
		MinVersion: tls.VersionTLS13,
		// Nothing is trusted here: the fingerprint is only shown, and the
		// connection closed. Dial pins whatever the guest accepts.
		InsecureSkipVerify: true,
	}}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return "", fmt.Errorf("client: reach %s: %w", addr, err)
	}
	defer conn.Close()
	certs := conn.(*tls.Conn).ConnectionState().PeerCertificates
	if len(certs) == 0 {
		return "", errors.New("client: " + addr + " shows no certificate")
	}
	sum := sha256.Sum256(certs[0].Raw)
	return hex.EncodeToString(sum[:]), nil
}
