package i18n

// Why is the explanation of a refused move in lang for a person who never
// played: the text rule.why.<game>.<rule>, else rule.why.<rule>, else the
// rule's short text rule.<rule>, its {{.Param}}s filled from args. A
// string argument naming a word of the texts (rule.word.<value>: a suit,
// a card's kind, a step of the game) is put in lang; other values (cell
// names, numbers) are written as they are. An empty rule is "".
func (c *Catalog) Why(lang Lang, game, rule string, args map[string]any) string {
	return c.WhyNamed(lang, game, rule, args, nil)
}

// WhyNamed is Why for a reader who knows the seats' names: the seat whose
// turn it is (Turn, counted from 1) is said {{.Who}}, name(seat) with the
// seat counted from 0 — people are named, never "seat 2", where the
// reader knows them; with name nil, "Place 2" in lang.
func (c *Catalog) WhyNamed(lang Lang, game, rule string, args map[string]any, name func(seat int) string) string {
	if rule == "" {
		return ""
	}
	params := make(map[string]any, len(args)+1)
	for k, v := range args {
		if s, ok := v.(string); ok && c.Has("rule.word."+s) {
			v = c.T(lang, "rule.word."+s)
		}
		params[k] = v
	}
	if n, ok := seatArg(args["Turn"]); ok {
		if name != nil {
			params["Who"] = name(n - 1)
		} else {
			params["Who"] = c.T(lang, "common.seat", map[string]any{"N": n})
		}
	}
	for _, key := range []string{"rule.why." + game + "." + rule, "rule.why." + rule} {
		if c.Has(key) {
			return c.T(lang, key, params)
		}
	}
	return c.T(lang, "rule."+rule)
}

// seatArg reads a seat's number from args as it comes: an int from the
// engine, a float64 from JSON.
func seatArg(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, n > 0
	case float64:
		return int(n), n >= 1 && n == float64(int(n))
	}
	return 0, false
}
