package venue

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/db"
	"github.com/tablee/tablee/session"
	"github.com/tablee/tablee/shelf"
)

// The venue across processes and network namespaces (docs/venue.md,
// "Tested across machines"): a hub and three kiosks, each a process of
// this test binary in its own network namespace, joined by veth pairs to a
// bridge. The test plays sessions, degrades links with tc netem, cuts them
// with ip link set down, kills kiosks and the hub with SIGKILL, and after
// each scenario checks that every node holds the same session ids and the
// same venue boards. It logs the figures of docs/performance.md.
//
// It runs as root only, not with -short, and only when asked:
//
//	TABLEE_VENUE_NETNS=1 go test -run TestVenueNetns -v -timeout 20m ./venue
//
// It creates and deletes its own namespaces and addresses (10.231.N.0/24)
// and touches nothing else.

// roleEnv tells a process of this binary to run a venue node instead of
// the tests.
const roleEnv = "TABLEE_VENUE_ROLE"

func TestMain(m *testing.M) {
	switch os.Getenv(roleEnv) {
	case "hub", "kiosk":
		os.Exit(runRole(os.Getenv(roleEnv)))
	case "link":
		os.Exit(runLink())
	}
	os.Exit(m.Run())
}

// out prints a node's lines to the test that runs it, one at a time.
type out struct {
	mu sync.Mutex
}

func (o *out) say(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	fmt.Printf(format+"\n", args...)
}

// newPairing asks the hub process for a one-time code and returns the
// kiosk's TABLEE_VENUE_PAIR: the hub's addresses and fingerprint from
// ready (its "ready" line's fields) and the code.
func newPairing(t *testing.T, hub *proc, ready []string) string {
	t.Helper()
	hub.send(t, "code")
	code := strings.Fields(hub.line(t, "code "))[1]
	return strings.Join([]string{ready[1], ready[2], code, ready[3]}, " ")
}

// runRole runs a hub or a kiosk until its standard input closes, reading
// commands there: "play N" (a kiosk finishes N sessions), "take CODE"
// and "give CODE" (a kiosk's table takes the box on that shelf code, or
// gives it back: "took", "gave" or "refused"), "boxes" (the boxes at
// tables now), "state" (the
// number of venue sessions and the boards' digest), "profile FILE" and
// "endprofile" (a CPU profile of the node in between), "stacks FILE" (its
// goroutines). It prints "seen ID
// UNIXNANO" as venue sessions load, "played ID UNIXNANO", and "boxes …"
// at start and whenever the boxes at tables change (boxWatch).
func runRole(role string) int {
	ctx := context.Background()
	o := &out{}
	fail := func(err error) int {
		o.say("error %v", err)
		return 1
	}
	d, err := db.Open(ctx, os.Getenv("TABLEE_VENUE_DB"))
	if err != nil {
		return fail(err)
	}
	defer d.Close()
	var loaded <-chan struct{}
	var table db.Table
	var hub *Hub
	switch role {
	case "hub":
		h, err := StartHub(ctx, HubConfig{DB: d, DataDir: os.Getenv("TABLEE_VENUE_DATA"), Listen: os.Getenv("TABLEE_VENUE_LISTEN"),
			// The tests' tables finish hundreds of games a minute (500
			// while partitioned), which no real table does: over the
			// default 60 a minute, the hub cut kiosk 3 off.
			Limits: KioskLimits{EventsPerMinute: 1 << 20},
			Logf: func(f string, a ...any) {
				o.say("log %s "+f, append([]any{time.Now().Format("15:04:05.000")}, a...)...)
			}})
		if err != nil {
			return fail(err)
		}
		defer h.Close()
		loaded, hub = h.Loaded(), h
		o.say("ready %s %s %s", h.Addr(), h.PairAddr(), h.Fingerprint())
	case "kiosk":
		if table, err = d.EnsureTable(ctx, os.Getenv("TABLEE_VENUE_TABLE")); err != nil {
			return fail(err)
		}
		// Paired once, at its first start (a code pairs once).
		if _, ok, err := Paired(ctx, d); err != nil {
			return fail(err)
		} else if p := os.Getenv("TABLEE_VENUE_PAIR"); p != "" && !ok {
			f := strings.Fields(p)
			if len(f) != 4 {
				return fail(fmt.Errorf("TABLEE_VENUE_PAIR %q: want the hub's address, pairing address, a code and fingerprint", p))
			}
			if err := Pair(ctx, d, Pairing{Addr: f[0], PairAddr: f[1], Code: f[2], Fingerprint: f[3]}); err != nil {
				return fail(err)
			}
		}
		k, err := StartKiosk(ctx, KioskConfig{DB: d, Dir: os.Getenv("TABLEE_VENUE_DATA"), Table: table.Name,
			Logf: func(f string, a ...any) {
				o.say("log %s "+f, append([]any{time.Now().Format("15:04:05.000")}, a...)...)
			}})
		if err != nil {
			return fail(err)
		}
		defer k.Close()
		loaded = k.Loaded()
		o.say("ready")
	}
	boxes := &boxWatch{d: d, o: o}
	boxes.look(ctx)
	go func() {
		seen := map[string]bool{}
		for range loaded {
			boxes.look(ctx)
			vs, err := d.VenueSessions(ctx, time.Time{}, "")
			if err != nil {
				continue
			}
			now := time.Now().UnixNano()
			for _, s := range vs {
				if !seen[s.Event.ID] {
					seen[s.Event.ID] = true
					o.say("seen %s %d", s.Event.ID, now)
				}
			}
		}
	}()
	keys := []string{"anja", "bernd", "chloe", "dora", "emil", "fanny"}
	in := bufio.NewScanner(os.Stdin)
	n := 0
	for in.Scan() {
		f := strings.Fields(in.Text())
		switch {
		case len(f) == 1 && f[0] == "code" && hub != nil:
			code, _, err := hub.NewCode(ctx)
			if err != nil {
				return fail(err)
			}
			o.say("code %s", code)
		case len(f) == 2 && f[0] == "play":
			count, _ := strconv.Atoi(f[1])
			for i := 0; i < count; i++ {
				n++
				a, b := keys[n%len(keys)], keys[(n*7+3)%len(keys)]
				if a == b {
					b = keys[(n+1)%len(keys)]
				}
				id, err := playRole(ctx, d, table, []string{a, b}, []int{n % 3, (n * 5) % 3})
				if err != nil {
					return fail(err)
				}
				o.say("played %s %d", id, time.Now().UnixNano())
			}
			o.say("done")
		case len(f) >= 3 && f[0] == "sheet": // sheet TITLE KEY:SCORE… (titleboards_test.go)
			id, err := playSheetRole(ctx, d, table, f[1], f[2:])
			if err != nil {
				return fail(err)
			}
			o.say("played %s %d", id, time.Now().UnixNano())
			o.say("done")
		case len(f) == 2 && f[0] == "title": // title TITLE: the venue's board of it
			line, err := titleBoardLine(ctx, d, f[1])
			if err != nil {
				return fail(err)
			}
			o.say("title %s", line)
		case len(f) == 2 && f[0] == "profile":
			pf, err := os.Create(f[1])
			if err != nil {
				return fail(err)
			}
			defer pf.Close()
			if err := pprof.StartCPUProfile(pf); err != nil {
				return fail(err)
			}
			o.say("profiling")
		case len(f) == 2 && f[0] == "stacks":
			sf, err := os.Create(f[1])
			if err != nil {
				return fail(err)
			}
			pprof.Lookup("goroutine").WriteTo(sf, 1)
			sf.Close()
			o.say("stacked")
		case len(f) == 1 && f[0] == "boxes":
			boxes.say(ctx)
		case len(f) == 2 && (f[0] == "take" || f[0] == "give"):
			c, err := copyByShelf(ctx, d, f[1])
			if err != nil {
				return fail(err)
			}
			if f[0] == "take" {
				err = d.Take(ctx, c.ID, table.Name, time.Now())
			} else {
				err = d.Return(ctx, c.ID, table.Name, "", "", time.Now())
			}
			switch {
			case errors.Is(err, shelf.ErrTaken):
				o.say("refused %s %v", f[1], err)
			case err != nil:
				return fail(err)
			default:
				o.say("%s %s", map[string]string{"take": "took", "give": "gave"}[f[0]], f[1])
			}
			boxes.look(ctx)
		case len(f) == 1 && f[0] == "endprofile":
			pprof.StopCPUProfile()
			o.say("profiled")
		case len(f) == 1 && f[0] == "state":
			// A count and the digest (cached between writes): the
			// test asks every node ten times a second while they catch
			// up, and loading every session each time took CPU from
			// the catching up it measures.
			n, err := d.VenueSessionCount(ctx)
			if err != nil {
				return fail(err)
			}
			h, err := d.VenueBoardsDigest(ctx, []string{"canoe"})
			if err != nil {
				return fail(err)
			}
			o.say("state %d %s", n, h)
		}
	}
	return 0
}

// boxWatch prints "boxes …" (copiesOut) each time the boxes a node's
// catalogue has at tables change: what the tests wait for.
type boxWatch struct {
	d    *db.DB
	o    *out
	mu   sync.Mutex
	last string
}

func (w *boxWatch) look(ctx context.Context) { w.print(ctx, false) }

// say prints the boxes at tables now, changed or not (the command "boxes").
func (w *boxWatch) say(ctx context.Context) { w.print(ctx, true) }

func (w *boxWatch) print(ctx context.Context, always bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	got, err := copiesOut(ctx, w.d)
	if err != nil {
		w.o.say("log %s boxes: %v", time.Now().Format("15:04:05.000"), err)
		return
	}
	if always || got != w.last {
		w.last = got
		w.o.say("boxes %s", got)
	}
}

// playRole finishes a session of the players with the phone keys given.
func playRole(ctx context.Context, d *db.DB, table db.Table, keys []string, scores []int) (string, error) {
	now := time.Now()
	var seats []session.Seat
	for _, k := range keys {
		p, err := d.IdentifyPlayer(ctx, k+"-0123456789abcdefghijklmn", k, now)
		if err != nil {
			return "", err
		}
		seats = append(seats, session.Seat{Kind: session.Person, PlayerID: p.ID})
	}
	s, err := d.CreateSession(ctx, session.Record{TableID: table.ID, Game: "canoe", Seed: 7, Seats: seats, StartedAt: now.Add(-time.Minute)})
	if err != nil {
		return "", err
	}
	return s.ID, finishGame(ctx, d, s.ID, scores, now)
}

// netns is the test's network: a bridge namespace and one namespace per
// node, each joined to the bridge by a veth pair.
type netns struct {
	t      *testing.T
	prefix string // of every name this test creates
	subnet int    // 10.231.subnet.0/24
}

func (n *netns) ip(args ...string) {
	n.t.Helper()
	if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
		n.t.Fatalf("ip %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func (n *netns) run(name string, args ...string) {
	n.t.Helper()
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		n.t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

func (n *netns) ns(node int) string  { return fmt.Sprintf("%s%d", n.prefix, node) }
func (n *netns) dev(node int) string { return fmt.Sprintf("%sv%d", n.prefix, node) }
func (n *netns) addr(node int) string {
	return fmt.Sprintf("10.231.%d.%d", n.subnet, node+1)
}

// setUp makes the bridge and nodes namespaces 0 (the hub) to count-1.
func (n *netns) setUp(count int) {
	br := n.prefix + "br"
	n.ip("netns", "add", br)
	n.t.Cleanup(func() { exec.Command("ip", "netns", "del", br).Run() })
	n.ip("-n", br, "link", "add", "br0", "type", "bridge")
	n.ip("-n", br, "link", "set", "br0", "up")
	for i := 0; i < count; i++ {
		ns := n.ns(i)
		n.ip("netns", "add", ns)
		n.t.Cleanup(func() { exec.Command("ip", "netns", "del", ns).Run() })
		peer := fmt.Sprintf("%sp%d", n.prefix, i)
		n.ip("link", "add", n.dev(i), "type", "veth", "peer", "name", peer)
		n.ip("link", "set", n.dev(i), "netns", ns)
		n.ip("link", "set", peer, "netns", br)
		n.ip("-n", br, "link", "set", peer, "master", "br0")
		n.ip("-n", br, "link", "set", peer, "up")
		n.ip("-n", ns, "addr", "add", n.addr(i)+"/24", "dev", n.dev(i))
		n.ip("-n", ns, "link", "set", n.dev(i), "up")
		n.ip("-n", ns, "link", "set", "lo", "up")
	}
}

// badLink degrades node's link: tc netem loss 10 % and delay 80 ms where
// the kernel has netem; else 10 % loss each way by nftables where it has
// that; else (this project's machines, with neither module) the
// user-space link the node dials the hub through (userLink) delays every
// chunk 80 ms and holds 10 % of them a retransmission more. It returns
// what undoes it.
func (n *netns) badLink(node int, link *proc) func() {
	n.t.Helper()
	ns, dev := n.ns(node), n.dev(node)
	if exec.Command("ip", "netns", "exec", ns, "tc", "qdisc", "add", "dev", dev, "root", "netem", "loss", "10%", "delay", "80ms").Run() == nil {
		n.t.Logf("kiosk %d's link: netem loss 10 %%, delay 80 ms", node)
		return func() { exec.Command("ip", "netns", "exec", ns, "tc", "qdisc", "del", "dev", dev, "root").Run() }
	}
	if _, err := exec.LookPath("nft"); err == nil && exec.Command("ip", "netns", "exec", ns, "nft", "add", "table", "inet", "lossy").Run() == nil {
		for _, hook := range []string{"input", "output"} {
			n.run("ip", "netns", "exec", ns, "nft", "add", "chain", "inet", "lossy", hook, "{ type filter hook "+hook+" priority 0; }")
			n.run("ip", "netns", "exec", ns, "nft", "add", "rule", "inet", "lossy", hook, "numgen", "random", "mod", "10", "==", "0", "drop")
		}
		n.t.Logf("kiosk %d's link: no netem in this kernel; nftables drops 10 %% of packets each way (no delay)", node)
		return func() { exec.Command("ip", "netns", "exec", ns, "nft", "delete", "table", "inet", "lossy").Run() }
	}
	n.t.Logf("kiosk %d's link: neither netem nor nftables in this kernel; its user-space link: %s", node, link.do(n.t, "degrade 80ms 10%"))
	return func() { link.do(n.t, "degrade 0s 0%") }
}

// do sends a user-space link's node (runLink) a command and returns the
// link's state after it.
func (p *proc) do(t *testing.T, cmd string) string {
	t.Helper()
	p.send(t, cmd)
	return strings.TrimPrefix(p.line(t, "link "), "link ")
}

// proc is a node's process and what it printed.
type proc struct {
	name  string
	cmd   *exec.Cmd
	stdin io.WriteCloser
	mu    sync.Mutex
	seen  map[string]time.Time
	plays []played
	lines chan string // "ready", "done", "state …"
	dead  chan struct{}
}

type played struct {
	id string
	at time.Time
}

// startNode runs a node of role in namespace ns with env; ns "" runs it
// in the test's own network.
func startNode(t *testing.T, name, ns, role string, env ...string) *proc {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	if ns != "" {
		cmd = exec.Command("ip", "netns", "exec", ns, self, "-test.run=^$")
	}
	cmd.Env = append(append(os.Environ(), roleEnv+"="+role), env...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{name: name, cmd: cmd, stdin: stdin, seen: map[string]time.Time{}, lines: make(chan string, 100), dead: make(chan struct{})}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(p.dead)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			f := strings.Fields(line)
			switch {
			case len(f) == 3 && (f[0] == "seen" || f[0] == "played"):
				ns, _ := strconv.ParseInt(f[2], 10, 64)
				p.mu.Lock()
				if f[0] == "seen" {
					p.seen[f[1]] = time.Unix(0, ns)
				} else {
					p.plays = append(p.plays, played{f[1], time.Unix(0, ns)})
				}
				p.mu.Unlock()
			case len(f) > 0 && f[0] == "log":
				t.Logf("%s: %s", name, line[4:])
			default:
				p.lines <- line
			}
		}
		cmd.Wait()
	}()
	t.Cleanup(func() { p.kill() })
	return p
}

// line waits for the next line the node prints that begins with prefix.
func (p *proc) line(t *testing.T, prefix string) string {
	t.Helper()
	deadline := time.After(2 * guard)
	for {
		select {
		case l := <-p.lines:
			if strings.HasPrefix(l, "error") {
				t.Fatalf("%s: %s", p.name, l)
			}
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-p.dead:
			t.Fatalf("%s ended before printing %q", p.name, prefix)
		case <-deadline:
			t.Fatalf("%s printed no %q after %v", p.name, prefix, 2*guard)
		}
	}
}

func (p *proc) send(t *testing.T, cmd string) {
	t.Helper()
	if _, err := fmt.Fprintln(p.stdin, cmd); err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
}

// kill ends the node at once (SIGKILL) and waits for it.
func (p *proc) kill() {
	if p.cmd.Process != nil {
		p.cmd.Process.Kill()
	}
	<-p.dead
}

// cpu is the node's CPU time so far.
func (p *proc) cpu(t *testing.T) time.Duration {
	t.Helper()
	// ip netns exec execs the binary in place: the pid is the node's.
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ
}

func (p *proc) played() []played {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.plays)
}

func (p *proc) seenAt(id string) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	at, ok := p.seen[id]
	return at, ok
}

// converge waits until every node holds want sessions with the same
// boards, and returns how long it took.
func converge(t *testing.T, step string, want int, nodes ...*proc) time.Duration {
	t.Helper()
	start := time.Now()
	deadline := start.Add(2 * guard)
	reached := make([]time.Duration, len(nodes)) // when each node first held want sessions
	for {
		var states []string
		for i, p := range nodes {
			p.send(t, "state")
			states = append(states, p.line(t, "state"))
			if f := strings.Fields(states[i]); reached[i] == 0 && len(f) > 1 && f[1] == strconv.Itoa(want) {
				reached[i] = time.Since(start)
			}
		}
		same := true
		for _, s := range states {
			same = same && s == states[0]
		}
		if same && states[0] == fmt.Sprintf("state %d %s", want, strings.Fields(states[0])[2]) {
			took := time.Since(start)
			var each []string
			for i, p := range nodes {
				each = append(each, fmt.Sprintf("%s %v", p.name, reached[i].Round(time.Millisecond)))
			}
			t.Logf("%s: every node holds the %d sessions, boards %s, after %v (%s)", step, want, strings.Fields(states[0])[2], took, strings.Join(each, ", "))
			return took
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: nodes still differ after %v: %v (want %d sessions)", step, 2*guard, states, want)
		}
		time.Sleep(100 * time.Millisecond) // polling other processes' state
	}
}

// percentile is the p-th percentile of d (sorted in place).
func percentile(d []time.Duration, p float64) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[min(len(d)-1, int(float64(len(d))*p/100))]
}

func TestVenueNetns(t *testing.T) {
	if testing.Short() || os.Getenv("TABLEE_VENUE_NETNS") == "" {
		t.Skip("a multi-process test in network namespaces, as root: TABLEE_VENUE_NETNS=1 go test -run TestVenueNetns -v -timeout 20m ./venue")
	}
	if os.Geteuid() != 0 {
		t.Skip("network namespaces need root")
	}
	if _, err := exec.LookPath("tc"); err != nil {
		t.Skip("no tc (iproute2)")
	}
	n := &netns{t: t, prefix: fmt.Sprintf("tv%d", os.Getpid()%10000), subnet: os.Getpid() % 200}
	const kiosks = 3
	n.setUp(kiosks + 1)
	dir := t.TempDir()
	hubEnv := []string{"TABLEE_VENUE_DB=" + filepath.Join(dir, "hub.db"), "TABLEE_VENUE_DATA=" + filepath.Join(dir, "hub"),
		"TABLEE_VENUE_LISTEN=" + n.addr(0) + ":7459"}
	hub := startNode(t, "hub", n.ns(0), "hub", hubEnv...)
	f := strings.Fields(hub.line(t, "ready"))
	ks := make([]*proc, kiosks)
	// Each kiosk pairs with a code of its own, at its first start.
	pairs := make([]string, kiosks)
	for i := range pairs {
		pairs[i] = newPairing(t, hub, f)
	}
	// Kiosk 2 dials the hub through a user-space link in its namespace
	// (userLink), which the test degrades, stalls and cuts where the
	// kernel has no netem; it relays cleanly otherwise.
	link := startNode(t, "kiosk 2's link", n.ns(2), "link", "TABLEE_VENUE_LISTEN=127.0.0.1:7459", "TABLEE_VENUE_TARGET="+f[1])
	link.line(t, "ready")
	if p := strings.Fields(pairs[1]); len(p) == 4 {
		p[0] = "127.0.0.1:7459"
		pairs[1] = strings.Join(p, " ")
	}
	kioskEnv := func(i int) []string {
		return []string{"TABLEE_VENUE_DB=" + filepath.Join(dir, fmt.Sprintf("k%d.db", i)), "TABLEE_VENUE_DATA=" + filepath.Join(dir, fmt.Sprintf("k%d", i)),
			"TABLEE_VENUE_TABLE=" + fmt.Sprintf("Table %d", i+1), "TABLEE_VENUE_PAIR=" + pairs[i]}
	}
	for i := range ks {
		ks[i] = startNode(t, fmt.Sprintf("kiosk %d", i+1), n.ns(i+1), "kiosk", kioskEnv(i)...)
		ks[i].line(t, "ready")
	}
	all := func() []*proc { return append([]*proc{hub}, ks...) }
	play := func(k int, count int) {
		ks[k].send(t, fmt.Sprintf("play %d", count))
		ks[k].line(t, "done")
	}
	// finished counts the sessions the kiosks' databases finished: what
	// every node must end with.
	finished := func() int {
		total := 0
		for i := range ks {
			d, err := db.Open(context.Background(), filepath.Join(dir, fmt.Sprintf("k%d.db", i)))
			if err != nil {
				t.Fatal(err)
			}
			ss, err := d.Sessions(context.Background(), db.SessionFilter{})
			d.Close()
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range ss {
				if s.Status == session.Finished {
					total++
				}
			}
		}
		return total
	}

	// Latency: one session at a time, round the kiosks, each visible on
	// every node's venue board.
	var lat []time.Duration
	for i := 0; i < 60; i++ {
		k := i % kiosks
		before := len(ks[k].played())
		play(k, 1)
		pl := ks[k].played()[before]
		deadline := time.Now().Add(guard)
		var last time.Time
		for _, p := range all() {
			for {
				at, ok := p.seenAt(pl.id)
				if ok {
					last = maxTime(last, at)
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("session %s not at %s after %v", pl.id, p.name, guard)
				}
				time.Sleep(5 * time.Millisecond) // polling the nodes' reports
			}
		}
		lat = append(lat, last.Sub(pl.at))
	}
	t.Logf("FIGURE session visible on every node (hub + %d kiosks, %d sessions): p50 %v, p99 %v, max %v",
		kiosks, len(lat), percentile(lat, 50), percentile(lat, 99), percentile(lat, 100))
	converge(t, "latency", finished(), all()...)

	// Idle CPU per kiosk process.
	time.Sleep(hotFor + 2*time.Second) // past the watchdogs' busy half-minute: a measurement span, not a synchronisation
	var before []time.Duration
	for _, p := range all() {
		before = append(before, p.cpu(t))
	}
	const idle = 30 * time.Second
	time.Sleep(idle) // the measurement itself
	for i, p := range all() {
		t.Logf("FIGURE idle CPU of %s: %.3f %% of a core", p.name, 100*float64(p.cpu(t)-before[i])/float64(idle))
	}

	// A bad link: 10 % loss and 80 ms delay at kiosk 2 (tc netem), or
	// 10 % loss each way by nftables where the kernel has no netem.
	undo := n.badLink(2, link)
	play(1, 20)
	play(0, 5)
	converge(t, "a bad link at kiosk 2", finished(), all()...)

	// Quick exits over the bad link, then over a stalled one: kiosk 2
	// ends within milliseconds of each game's end (killed, then stopped,
	// in turn) and starts again, three times each; its link holds every
	// byte while stalled (userLink; on a kernel with netem, the link is
	// netem's and then stalled in user space).
	restart2 := func() {
		ks[1] = startNode(t, "kiosk 2", n.ns(2), "kiosk", kioskEnv(1)...)
		ks[1].line(t, "ready")
	}
	quickExits := func(what string) {
		for i := range 3 {
			play(1, 1)
			if i%2 == 0 {
				ks[1].kill()
			} else {
				ks[1].stop()
			}
			restart2()
		}
		t.Logf("kiosk 2: three games each ended by a kill or a stop at once, %s", what)
	}
	quickExits("over the bad link")
	converge(t, "quick exits over a bad link at kiosk 2", finished(), all()...)
	undo()
	t.Logf("kiosk 2's link stalled: %s", link.do(t, "stall"))
	quickExits("over a stalled link")
	t.Logf("kiosk 2's link flows again: %s", link.do(t, "flow"))
	converge(t, "quick exits over a stalled link at kiosk 2", finished(), all()...)

	// A link that drops every few seconds: kiosk 2's goes down for a
	// second every three while it plays.
	for i := 0; i < 5; i++ {
		n.ip("-n", n.ns(2), "link", "set", n.dev(2), "down")
		play(1, 2)
		time.Sleep(time.Second) // the flapping link's down time, not a synchronisation
		n.ip("-n", n.ns(2), "link", "set", n.dev(2), "up")
		play(1, 2)
		time.Sleep(2 * time.Second) // its up time
	}
	converge(t, "a link at kiosk 2 dropping every 3 s", finished(), all()...)

	// A partition: kiosk 3's link down while it plays 500 sessions and
	// the others play on.
	n.ip("-n", n.ns(3), "link", "set", n.dev(3), "down")
	t.Logf("%s kiosk 3's link down", time.Now().Format("15:04:05.000"))
	play(2, 500)
	play(0, 5)
	play(1, 5)
	start := time.Now()
	t.Logf("%s kiosk 3's link up", start.Format("15:04:05.000"))
	n.ip("-n", n.ns(3), "link", "set", n.dev(3), "up")
	converge(t, "kiosk 3 back after 500 sessions offline", finished(), all()...)
	t.Logf("FIGURE catch-up after 500 sessions offline: %v", time.Since(start))

	// kill -9 of kiosk 1 while it plays and publishes: what its database
	// finished reaches everyone after it restarts, nothing more or less.
	from := len(ks[0].played())
	ks[0].send(t, "play 200")
	for len(ks[0].played()) < from+20 {
		time.Sleep(5 * time.Millisecond) // polling its reports
	}
	ks[0].kill()
	t.Logf("kiosk 1 killed after reporting %d of 200 sessions", len(ks[0].played())-from)
	ks[0] = startNode(t, "kiosk 1", n.ns(1), "kiosk", kioskEnv(0)...)
	ks[0].line(t, "ready")
	converge(t, "kiosk 1 restarted after kill -9", finished(), all()...)

	// kill -9 of the hub while the tables play; restarted on its store.
	hub.kill()
	play(1, 10)
	play(2, 10)
	start = time.Now()
	t.Logf("%s the hub starts again", start.Format("15:04:05.000"))
	hub = startNode(t, "hub", n.ns(0), "hub", hubEnv...)
	hub.line(t, "ready")
	converge(t, "hub restarted after kill -9", finished(), all()...)
	t.Logf("FIGURE hub kill -9 and restart: every node caught up %v after the restart", time.Since(start))
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
