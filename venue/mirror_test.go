package venue

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// A mirror made again starts after its loader's acknowledgement floor,
// never before where the old mirror started (a mirror made again twice
// with no event between has a floor of 0), and says which venue stream it
// copies.
func TestMirrorResumeAt(t *testing.T) {
	created := time.Date(2026, 11, 26, 14, 56, 36, 590612068, time.UTC)
	for _, c := range []struct {
		start, floor, want uint64
	}{
		{0, 0, 1},         // nothing loaded: from the first event
		{0, 500, 501},     // a mirror from the start, 500 loaded
		{501, 0, 501},     // made again, nothing since: where it started
		{501, 700, 701},   // made again, 200 more loaded
		{501, 300, 501},   // a floor behind the start cannot be: the start
		{1, 20000, 20001}, // start 1 is the first event
	} {
		cfg := mirrorConfig(c.start, created)
		if got := resumeAt(cfg, c.floor); got != c.want {
			t.Errorf("a mirror made from %d, its loader's floor %d: made again from %d, want %d", c.start, c.floor, got, c.want)
		}
	}
	cfg := mirrorConfig(501, created)
	if !ourMirror(cfg) || !mirrorOrigin(cfg).Equal(created) {
		t.Errorf("mirrorConfig %+v: not a mirror this build keeps, or its origin %v is not %v", cfg, mirrorOrigin(cfg), created)
	}
	if cfg := mirrorConfig(1, time.Time{}); cfg.Mirror.OptStartSeq != 0 || !mirrorOrigin(cfg).IsZero() {
		t.Errorf("mirrorConfig from the first event, origin unknown: %+v", cfg)
	}
	// A mirror of an earlier build (synced on every write) is made again.
	synced := mirrorConfig(0, created)
	synced.PersistMode = jetstream.DefaultPersistMode
	if ourMirror(synced) {
		t.Error("a synced mirror is kept: its configuration cannot change to this build's")
	}
}
