package i18n

// Why is the explanation of a refused move in lang for a person who never
// played: the text rule.why.<game>.<rule>, else rule.why.<rule>, else the
// rule's short text rule.<rule>, its {{.Param}}s filled from args. A
// string argument naming a word of the texts (rule.word.<value>: a suit,
// a card's kind, a step of the game) is put in lang; other values (cell
// names, numbers) are written as they are. An empty rule is "".
func (c *Catalog) Why(lang Lang, game, rule string, args map[string]any) string {
	if rule == "" {
		return ""
	}
	params := make(map[string]any, len(args))
	for k, v := range args {
		if s, ok := v.(string); ok && c.Has("rule.word."+s) {
			v = c.T(lang, "rule.word."+s)
		}
		params[k] = v
	}
	for _, key := range []string{"rule.why." + game + "." + rule, "rule.why." + rule} {
		if c.Has(key) {
			return c.T(lang, key, params)
		}
	}
	return c.T(lang, "rule."+rule)
}
