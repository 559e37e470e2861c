package canyon

// card chooses a card to take exactly the tempo's tricks: it wins cheaply
// while it needs tricks and ducks once it has them. Past its tempo outside
// the current, every trick is a point again, so it wins what it can.
func (bot *Bot) card(v *View) Card {
	me := int(v.For)
	cards := make([]Card, 0, len(v.Hand))
	for _, m := range v.Legal() {
		cards = append(cards, m.(Move).Card)
	}
	tempo := 0
	for _, c := range v.Tempo[me] {
		tempo += c
	}
	need := tempo - v.Tricks[me]
	inCurrent := v.Canoes[me] >= 0 && bot.b.Current(v.Canoes[me])
	want := need > 0 || (need < 0 && !inCurrent)
	if len(v.Trick) == 0 {
		return lead(cards, v.Trump.Suit, want)
	}
	return follow(cards, v.Trick, v.Trump.Suit, want, len(v.Trick) == v.Seats-1)
}

// strength orders cards for leading: trumps above the rest, then by value.
func strength(c Card, trump int) int {
	if c.Suit == trump {
		return 100 + c.Value
	}
	return c.Value
}

// lead plays the strongest card to win the trick, the weakest to lose it.
func lead(cards []Card, trump int, want bool) Card {
	best := cards[0]
	for _, c := range cards[1:] {
		if (strength(c, trump) > strength(best, trump)) == want {
			best = c
		}
	}
	return best
}

// follow plays onto a started trick. To win it takes the trick with its
// lowest winning card when last, its highest otherwise; to lose, it sheds
// its highest card that does not win. Failing that, the weakest card.
func follow(cards, trick []Card, trump int, want, last bool) Card {
	top := trick[trickWinner(trick, trump)]
	var winners, losers []Card
	for _, c := range cards {
		if beats(c, top, trump) {
			winners = append(winners, c)
		} else {
			losers = append(losers, c)
		}
	}
	switch {
	case want && len(winners) > 0:
		return lead(winners, trump, !last)
	case !want && len(losers) > 0:
		return lead(losers, trump, true)
	case want:
		return lead(losers, trump, false)
	}
	return lead(winners, trump, false)
}
