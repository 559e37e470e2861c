package canyon

import "slices"

// plan is the outcome of the optimal-movement rule for one canoe.
type plan struct {
	Ends  []int // the endpoints the canoe may end on; one of them is chosen
	Steps int   // the length of the paths to them
	Dock  bool  // the endpoints are docks, reached by the fewest steps
}

// solve applies the optimal-movement rule to a canoe on from with k points.
// occ holds the other canoes; the cave footbridge never blocks.
//
// A canoe that can reach a free dock within k steps does so by the fewest
// steps. Otherwise, for L = k, k-1, ... 1, it looks at the endpoints of every
// simple path of exactly L king steps over free water (never through a dock);
// the first L with an endpoint strictly closer to the goal than from decides,
// and the canoe must end on one of that L's endpoints of least goal distance.
// With no such L it stays (plan without Ends).
func (b *Board) solve(from, k int, occ *cellSet) plan {
	if k <= 0 {
		return plan{}
	}
	var fd [maxCells]int8
	var queue [maxCells]int16
	reach := queue[:b.reachable(from, k, occ, &fd, &queue)]
	if p, ok := b.dockPlan(reach, &fd); ok {
		return p
	}
	cands := reach[:0] // filtered in place: reach is not needed any more
	for _, c16 := range reach {
		if c := int(c16); c != from && !b.IsDock(c) && b.goal[c] < b.goal[from] {
			cands = append(cands, c16)
		}
	}
	slices.SortFunc(cands, func(x, y int16) int { return b.goal[x] - b.goal[y] })
	for L := k; L >= 1; L-- {
		if ends := b.bestEnds(from, L, cands, occ, &fd); len(ends) > 0 {
			return plan{Ends: ends, Steps: L}
		}
	}
	return plan{}
}

// blocked reports whether a canoe cannot step on c because another is there.
func (b *Board) blocked(c int, occ *cellSet) bool { return occ.has(c) && c != b.cave }

// reachable is a breadth-first search from from, at most k steps deep, over
// free cells; a dock is reached but not passed. fd receives the distances
// (-1 where unreached); the reached cells are put in queue in BFS order and
// their number returned.
func (b *Board) reachable(from, k int, occ *cellSet, fd *[maxCells]int8, queue *[maxCells]int16) int {
	*fd = unreached
	fd[from] = 0
	queue[0] = int16(from)
	n := 1
	for h := 0; h < n; h++ {
		c := int(queue[h])
		if int(fd[c]) == k || (c != from && b.IsDock(c)) {
			continue
		}
		for _, x := range b.nbr[c] {
			if fd[x] < 0 && !b.blocked(x, occ) {
				fd[x] = fd[c] + 1
				queue[n] = int16(x)
				n++
			}
		}
	}
	return n
}

// unreached is a distance table with every cell unreached, copied at once.
var unreached = func() (out [maxCells]int8) {
	for i := range out {
		out[i] = -1
	}
	return out
}()

// dockPlan is the move to the nearest free docks, if one is in reach.
func (b *Board) dockPlan(reach []int16, fd *[maxCells]int8) (plan, bool) {
	p := plan{Dock: true}
	for _, c16 := range reach {
		c := int(c16)
		if !b.IsDock(c) || fd[c] == 0 {
			continue
		}
		switch d := int(fd[c]); {
		case len(p.Ends) == 0 || d < p.Steps:
			p.Ends, p.Steps = []int{c}, d
		case d == p.Steps:
			p.Ends = append(p.Ends, c)
		}
	}
	return p, len(p.Ends) > 0
}

// bestEnds returns the endpoints of least goal distance among cands (sorted
// by goal distance) that end a simple path of exactly L steps from from.
func (b *Board) bestEnds(from, L int, cands []int16, occ *cellSet, fd *[maxCells]int8) []int {
	var ends []int
	for _, t16 := range cands {
		t := int(t16)
		if len(ends) > 0 && b.goal[t] > b.goal[ends[0]] {
			break
		}
		if d := int(fd[t]); d == L || d < L && b.pathOfLength(from, t, L, occ) {
			ends = append(ends, t)
		}
	}
	return ends
}

// pathOfLength reports whether a simple path of exactly L steps over free
// water leads from from to t. A shortest path is simple, so only longer
// paths need a search: a depth-first search pruned by the distance to t.
func (b *Board) pathOfLength(from, t, L int, occ *cellSet) bool {
	s := pathSearch{b: b, t: t, occ: occ}
	b.distancesTo(t, L, occ, &s.toT)
	if s.toT[from] < 0 || int(s.toT[from]) > L {
		return false
	}
	if int(s.toT[from]) == L {
		return true
	}
	s.seen.add(from)
	return s.dfs(from, L)
}

// distancesTo fills dist with the free-water distance to t of every cell at
// most L steps away (-1 elsewhere), docks excluded since a path never passes
// through one.
func (b *Board) distancesTo(t, L int, occ *cellSet, dist *[maxCells]int8) {
	*dist = unreached
	dist[t] = 0
	var queue [maxCells]int16
	queue[0] = int16(t)
	n := 1
	for h := 0; h < n; h++ {
		c := int(queue[h])
		if int(dist[c]) == L {
			break
		}
		for _, x := range b.nbr[c] {
			if dist[x] < 0 && !b.blocked(x, occ) && !b.IsDock(x) {
				dist[x] = dist[c] + 1
				queue[n] = int16(x)
				n++
			}
		}
	}
}

type pathSearch struct {
	b    *Board
	t    int
	occ  *cellSet
	seen cellSet
	toT  [maxCells]int8
}

func (s *pathSearch) dfs(c, r int) bool {
	for _, n := range s.b.nbr[c] {
		if n == s.t {
			if r == 1 {
				return true
			}
			continue
		}
		d := int(s.toT[n])
		if d < 0 || d > r-1 || s.seen.has(n) {
			continue
		}
		s.seen.add(n)
		if s.dfs(n, r-1) {
			return true
		}
		s.seen.del(n)
	}
	return false
}
