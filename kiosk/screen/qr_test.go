package screen

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"testing"

	skipqr "github.com/skip2/go-qrcode"

	"github.com/tablee/tablee/internal/uitest"
	"github.com/tablee/tablee/proto/joinurl"
)

// Join URLs differ with every code, key and certificate; each must come
// out of the QR code whole, with every module the same whole number of
// pixels (a code scaled to an exact size has modules a pixel wider than
// others, which readers may stumble on), so many random ones are tried.
func TestEveryJoinURLDecodesFromItsQRCode(t *testing.T) {
	for i := range 200 {
		info := joinurl.Info{Host: fmt.Sprintf("192.168.%d.%d", i%256, (i*7)%256), WebPort: 7458,
			Code: fmt.Sprintf("%06d-%s", i*4999%1000000, randomHex(t, 13)), TLSPort: 7457, Fingerprint: randomHex(t, 32)}
		rand.Read(info.BoxKey[:])
		url := info.String()
		img, err := QRImage(url, 520)
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() > 520 || b.Dx() != b.Dy() || b.Dx()%modules(t, url) != 0 {
			t.Fatalf("QR image %v, want a square of at most 520 px, a whole number of pixels a module", b)
		}
		if got := uitest.DecodeQR(t, img); got != url {
			t.Fatalf("QR code holds %q, want %q", got, url)
		}
	}
}

// modules is the width in modules of url's QR code, quiet zone included.
func modules(t *testing.T, url string) int {
	t.Helper()
	q, err := skipqr.New(url, skipqr.Medium)
	if err != nil {
		t.Fatal(err)
	}
	return len(q.Bitmap())
}

func randomHex(t *testing.T, n int) string {
	t.Helper()
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}
