package engine

import "testing"

func TestRNGIsReproducibleAndCopiesByValue(t *testing.T) {
	a := NewRNG(42, 1)
	var first []int
	for i := 0; i < 10; i++ {
		first = append(first, a.IntN(1000))
	}
	b := NewRNG(42, 1)
	for i, want := range first {
		if got := b.IntN(1000); got != want {
			t.Fatalf("draw %d: %d then %d from the same seed", i, want, got)
		}
	}
	c := b // a copy continues from the same point
	if b.Uint64() != c.Uint64() {
		t.Error("a copied RNG drew another number")
	}
	other, one := NewRNG(42, 2), NewRNG(42, 1)
	if other.Uint64() == one.Uint64() {
		t.Error("two streams of one seed start alike")
	}
}

func TestRNGIsUniformEnough(t *testing.T) {
	r := NewRNG(7, 0)
	counts := make([]int, 6)
	const n = 60000
	for i := 0; i < n; i++ {
		counts[r.IntN(6)]++
	}
	for face, c := range counts {
		if c < n/6-600 || c > n/6+600 { // about 6 standard deviations
			t.Errorf("face %d came %d times in %d", face, c, n)
		}
	}
	perm := []int{0, 1, 2, 3, 4}
	r.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	seen := map[int]bool{}
	for _, p := range perm {
		seen[p] = true
	}
	if len(seen) != 5 {
		t.Errorf("shuffle lost elements: %v", perm)
	}
	if f := r.Float64(); f < 0 || f >= 1 {
		t.Errorf("Float64 %v out of [0,1)", f)
	}
}
