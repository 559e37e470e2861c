//go:build measure

// A measurement, not a check (it cannot fail on its figures): built only
// with -tags measure, so that no Test… of the suite passes for lack of a
// way to fail.

package venue

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time so far.
func cpuTime(t *testing.T) time.Duration {
	t.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// The CPU an idle venue costs: a hub with one kiosk, then with three. A
// measurement, not a check: it logs its figures and runs only when asked
// (-tags measure): it idles for two minutes.
func TestVenueIdleCPU(t *testing.T) {
	const span = 30 * time.Second
	hubNode := newNode(t, "")
	hub := startHub(t, hubNode, "127.0.0.1:0")
	pair := pairing(t, hub, hub.Addr())
	measure := func(n int) float64 {
		// Every kiosk paired and its first session everywhere before the
		// idle span starts.
		var ids []string
		for i := 0; i < n; i++ {
			k := newNode(t, "T"+string(rune('A'+i)))
			kk := startKiosk(t, k, pair)
			ids = append(ids, k.play(t))
			k.waitHas(t, kk.Loaded(), ids[len(ids)-1])
		}
		hubNode.waitHas(t, hub.Loaded(), ids...)
		// Past the watchdogs' first looks after the links came up.
		time.Sleep(hotFor)
		before := cpuTime(t)
		time.Sleep(span) // the measurement itself, not a synchronisation
		return float64(cpuTime(t)-before) / float64(span) * 100
	}
	one := measure(1)
	three := measure(2)
	t.Logf("idle CPU, %% of one core: hub + 1 kiosk %.3f %%, hub + 3 kiosks %.3f %%, so about %.3f %% per kiosk (its share at the hub included)",
		one, three, (three-one)/2)
}

// The CPU an idle venue costs per process, as it runs in a café: a hub
// and three kiosks, each a process of this test binary (runRole) on the
// loopback, one session played at each, then idle. A measurement, not a
// check: it logs each process's CPU over the span (its user and system
// time, so it holds on a busy machine where wall-clock figures do not).
// With TABLEE_VENUE_PROFILE=DIR every node also writes a CPU profile of
// the span there (hub.pprof, kiosk1.pprof, …).
//
//	go test -tags measure -run TestVenueIdleProcesses -v ./venue
func TestVenueIdleProcesses(t *testing.T) {
	span := 60 * time.Second
	if s, err := time.ParseDuration(os.Getenv("TABLEE_VENUE_IDLE_SPAN")); err == nil {
		span = s
	}
	dir := t.TempDir()
	hub := startNode(t, "hub", "", "hub", "TABLEE_VENUE_DB="+filepath.Join(dir, "hub.db"),
		"TABLEE_VENUE_DATA="+filepath.Join(dir, "hub"), "TABLEE_VENUE_LISTEN=127.0.0.1:0")
	ready := strings.Fields(hub.line(t, "ready"))
	nodes := []*proc{hub}
	for i := 1; i <= 3; i++ {
		pair := newPairing(t, hub, ready)
		k := startNode(t, fmt.Sprintf("kiosk%d", i), "", "kiosk", "TABLEE_VENUE_DB="+filepath.Join(dir, fmt.Sprintf("k%d.db", i)),
			"TABLEE_VENUE_DATA="+filepath.Join(dir, fmt.Sprintf("k%d", i)), fmt.Sprintf("TABLEE_VENUE_TABLE=Table %d", i), "TABLEE_VENUE_PAIR="+pair)
		k.line(t, "ready")
		k.send(t, "play 1")
		k.line(t, "done")
		nodes = append(nodes, k)
	}
	converge(t, "idle venue", 3, nodes...)
	time.Sleep(hotFor + 2*time.Second) // past the watchdogs' busy half-minute: a measurement span, not a synchronisation
	profile := os.Getenv("TABLEE_VENUE_PROFILE")
	before := make([]time.Duration, len(nodes))
	woke := make([]int64, len(nodes))
	for i, p := range nodes {
		woke[i] = p.switches(t)
		if profile != "" {
			p.send(t, "profile "+filepath.Join(profile, p.name+".pprof"))
			p.line(t, "profiling")
		}
		before[i] = p.cpu(t)
		t.Logf("%s is pid %d", p.name, p.cmd.Process.Pid)
	}
	time.Sleep(span) // the measurement itself
	if profile != "" {
		for _, p := range nodes {
			p.send(t, "stacks "+filepath.Join(profile, p.name+".stacks"))
			p.line(t, "stacked")
		}
	}
	for i, p := range nodes {
		used := p.cpu(t) - before[i]
		if profile != "" {
			p.send(t, "endprofile")
			p.line(t, "profiled")
		}
		t.Logf("FIGURE idle CPU of %s: %.3f %% of a core (%v of CPU in %v), %.1f wake-ups a second", p.name, 100*float64(used)/float64(span), used, span,
			float64(p.switches(t)-woke[i])/span.Seconds())
	}
}

// switches is the number of times the node's threads gave up the CPU so
// far (voluntary context switches, summed over its live threads): how
// often it woke, which the machine's load does not change as it changes
// CPU time.
func (p *proc) switches(t *testing.T) int64 {
	t.Helper()
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/status", p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, task := range tasks {
		b, err := os.ReadFile(task)
		if err != nil {
			continue // a thread that ended
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "voluntary_ctxt_switches:"); ok {
				c, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				n += c
			}
		}
	}
	return n
}
