package client

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
)

// NewPlayerKey draws a phone's player key: 256 random bits, base64url
// without padding (43 characters). A phone draws it once and keeps it; the
// table keeps only its SHA-256, which is safe because the key is random:
// no dictionary of likely keys exists to try.
func NewPlayerKey() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("player key: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
