package venue

import (
	"strings"
	"testing"

	"github.com/nats-io/nats-server/v2/server"
)

// TestLeafListen reads --listen as StartHub does: port 0 asks the server
// for a free port; a missing or bad port is refused, naming the flag.
func TestLeafListen(t *testing.T) {
	for _, c := range []struct {
		listen string
		host   string
		port   int
		err    string
	}{
		{":7460", "", 7460, ""},
		{"127.0.0.1:0", "127.0.0.1", server.RANDOM_PORT, ""},
		{"[::1]:7460", "::1", 7460, ""},
		{"127.0.0.1", "", 0, `--listen "127.0.0.1"`},
		{"host:http", "", 0, "bad port"},
		{"host:65536", "", 0, "bad port"},
		{"host:-1", "", 0, "bad port"},
	} {
		host, port, err := leafListen(c.listen)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want one saying %q", c.listen, err, c.err)
		case c.err == "" && (err != nil || host != c.host || port != c.port):
			t.Errorf("%q: %q, %d, %v; want %q, %d", c.listen, host, port, err, c.host, c.port)
		}
	}
}
