package canaille

import "testing"

func TestCardSet(t *testing.T) {
	count := map[Face]int{}
	for c := Card(1); c <= NumCards; c++ {
		count[c.Face()]++
	}
	want := map[Face]int{
		{Canaille, 0, false}: 1,
		{Fish, 1, false}:     16, {Fish, 2, false}: 10, {Fish, 3, false}: 5,
		{Trash, 1, false}: 6, {Trash, 2, false}: 3, {Trash, 3, false}: 1,
		{Point, 0, true}: 4,
		{Bite, 1, true}:  4, {Bite, 1, false}: 6,
		{Bite, 2, true}: 2, {Bite, 2, false}: 3,
		{Bite, 3, true}: 1, {Bite, 3, false}: 2,
		{Other, 0, false}: 10,
		{Shift, 0, true}:  4, {Shift, 0, false}: 5,
		{Bin, 0, true}: 2, {Bin, 0, false}: 3,
		{Release, 1, true}: 2, {Release, 1, false}: 1,
		{Release, 2, true}: 1, {Release, 2, false}: 1,
		{Release, 3, true}: 1,
		{Fog, 0, true}:     2, {Fog, 0, false}: 1,
	}
	if len(count) != len(want) {
		t.Errorf("%d distinct faces, want %d: %v", len(count), len(want), count)
	}
	for f, n := range want {
		if count[f] != n {
			t.Errorf("%v: %d cards, want %d", f, count[f], n)
		}
	}
	if n := len(actionCards()); n != 55 {
		t.Errorf("%d action cards", n)
	}
	if n := len(riverCards()); n != 42 {
		t.Errorf("%d river cards", n)
	}
	for _, c := range actionCards() {
		if !c.IsAction() || c.IsRiver() {
			t.Errorf("%v is not an action card", c)
		}
	}
	for _, c := range riverCards() {
		if !c.IsRiver() || c.Face().Stop {
			t.Errorf("%v is not a river card", c)
		}
	}
}

func TestCardIDsAreStable(t *testing.T) {
	for c, want := range map[Card]string{
		1: "A01:point.", 5: "A05:bite1.", 9: "A09:bite1", 23: "A23:other",
		55: "A55:fog", TheCanaille: "R01:canaille", 57: "R02:fish1", 97: "R42:trash3",
	} {
		if got := c.String(); got != want {
			t.Errorf("card %d is %q, want %q", int(c), got, want)
		}
	}
	for c := Card(1); c <= NumCards; c++ {
		back, err := ParseCard(c.ID())
		if err != nil || back != c {
			t.Errorf("%v: parsed back as %v, %v", c, back, err)
		}
	}
	for _, bad := range []string{"", "A00", "A56", "R00", "R43", "X01", "A1", "A-1", "a01", "R0x"} {
		if _, err := ParseCard(bad); err == nil {
			t.Errorf("ParseCard(%q) accepted", bad)
		}
	}
}

func TestFaceValue(t *testing.T) {
	for f, want := range map[Face]int{
		{Fish, 3, false}: 3, {Trash, 2, false}: -2, {Canaille, 0, false}: 0, {Bite, 2, true}: 0,
	} {
		if got := f.Value(); got != want {
			t.Errorf("%v worth %d, want %d", f, got, want)
		}
	}
}
