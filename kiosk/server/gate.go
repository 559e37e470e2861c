package server

import (
	"fmt"
	"sort"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Code guessing. A guest types a 6-digit code (a million codes) or scans
// the QR code, which carries the link form of the code with 130 more
// random bits. Two budgets bound how many typed codes the table evaluates:
//
//   - per address, addrFailures wrong codes per addrWindow; the address is
//     then refused until its oldest failure leaves the window;
//   - table-wide, tableBurst evaluations refilled at one per tableEvery,
//     split in two token buckets of half each: one for addresses that
//     sent a wrong code, or a code refused for want of budget, within
//     addrWindow ("suspect"), one kept for addresses that did not
//     ("fresh").
//
// Under a distributed attack the table therefore evaluates at most about
// 30 codes a minute, 3,600 in a 2-hour session: 0.36 % of the codes. The
// split is why a guest who types the code shown gets in during an attack
// (issue 27): guessers keep guessing, so after their first wrong code they
// spend only the suspect half, even while refused, and the fresh half
// stays for guests; an attacker must spend a new address per guess to
// drain it too. When
// the table-wide budget runs out the code also changes (at most once per
// minCodeAge), so what an attacker tried is worth nothing; seated phones
// hold tokens and are unaffected. A link-form code is not guessable and
// spends no table-wide budget, so a guest who scans gets in at once even
// during an attack. docs/protocol.md explains this to client writers.
const (
	addrFailures = 5
	addrWindow   = time.Minute
	tableBurst   = 30
	tableEvery   = 2 * time.Second
	minCodeAge   = time.Minute
)

// gate keeps both budgets and the per-address counts for the log.
type gate struct {
	mu       sync.Mutex
	failures map[string][]time.Time // wrong codes per address within addrWindow
	wrong    map[string]int         // wrong codes per address since the last summary
	marked   map[string]time.Time   // last wrong or budget-refused code per address
	suspect  *rate.Limiter          // half the table budget: addresses with recent wrong codes
	fresh    *rate.Limiter          // the other half: addresses without
}

func newGate() *gate {
	half := func() *rate.Limiter { return rate.NewLimiter(rate.Every(2*tableEvery), tableBurst/2) }
	return &gate{failures: map[string][]time.Time{}, wrong: map[string]int{}, marked: map[string]time.Time{},
		suspect: half(), fresh: half()}
}

// verdict of the gate on one join.
type verdict int

const (
	evaluate     verdict = iota // compare the code
	addrBlocked                 // this address tried too many wrong codes
	tableBlocked                // the table-wide budget is spent
)

// check decides whether a typed code from addr is evaluated now, spending
// one unit of the table budget if so: from the suspect half when addr sent
// a wrong or budget-refused code within addrWindow, else from the fresh
// half. A link-form
// code (guessable: false) passes the per-address check only.
func (g *gate) check(addr string, guessable bool, now time.Time) verdict {
	g.mu.Lock()
	defer g.mu.Unlock()
	recent := len(g.recent(addr, now))
	if recent >= addrFailures {
		return addrBlocked
	}
	budget := g.fresh
	if last, ok := g.marked[addr]; ok && now.Sub(last) < addrWindow {
		budget = g.suspect
	}
	if guessable && !budget.AllowN(now, 1) {
		g.marked[addr] = now
		return tableBlocked
	}
	return evaluate
}

// fail records a wrong code from addr.
func (g *gate) fail(addr string, now time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.failures[addr] = append(g.recent(addr, now), now)
	g.wrong[addr]++
	g.marked[addr] = now
}

// recent drops failures older than the window; g.mu is held.
func (g *gate) recent(addr string, now time.Time) []time.Time {
	f := g.failures[addr]
	for len(f) > 0 && now.Sub(f[0]) >= addrWindow {
		f = f[1:]
	}
	if len(f) == 0 {
		delete(g.failures, addr)
		return nil
	}
	g.failures[addr] = f
	return f
}

// summary returns one log line per address that sent wrong codes since the
// last call, and forgets expired failures: called once a minute, it keeps
// the log readable and the maps small under a distributed attack.
func (g *gate) summary(now time.Time) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	addrs := make([]string, 0, len(g.wrong))
	for a := range g.wrong {
		addrs = append(addrs, a)
	}
	sort.Strings(addrs)
	lines := make([]string, len(addrs))
	for i, a := range addrs {
		lines[i] = fmt.Sprintf("%d wrong table code(s) from %s in the last minute", g.wrong[a], a)
	}
	clear(g.wrong)
	for a := range g.failures {
		g.recent(a, now)
	}
	for a, last := range g.marked {
		if now.Sub(last) >= addrWindow {
			delete(g.marked, a)
		}
	}
	return lines
}
