package web

import (
	"bytes"
	"fmt"
	"html/template"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/i18n"
)

// guideParts are the paragraphs of a game's rules page, in order: the
// catalogue's guide.<game>.<part>, those the game has.
var guideParts = []string{"goal", "turn", "move"}

// commonRules are the refusals any game may name, explained after the
// game's own.
var commonRules = []string{engine.RuleNotYourTurn, engine.RuleGameOver, engine.RuleBadMove, engine.RuleHintsOff}

// rulePara is one rule of a rules page: its anchor and its text.
type rulePara struct{ ID, Text string }

var rulesTmpl = template.Must(template.New("rules").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{{.Title}}</title>
<link rel="stylesheet" href="../app.css">
</head>
<body class="rules">
<header id="top"><h1 id="where">{{.Title}}</h1></header>
<main>
{{range .Guide}}<p>{{.}}</p>
{{end}}<h2>{{.RulesTitle}}</h2>
{{range .Rules}}<p id="rule-{{.ID}}" class="rule">{{.Text}}</p>
{{end}}<h2>{{.CommonTitle}}</h2>
{{range .Common}}<p id="rule-{{.ID}}" class="rule">{{.Text}}</p>
{{end}}</main>
</body>
</html>
`))

// rulesPage is the rules of info's game in lang, for a guest's phone: what
// the game is about and how a turn goes, then every rule a refusal or an
// explanation names, each at its anchor rule-<id>, so that a "why not?"
// links to its paragraph.
func rulesPage(cat *i18n.Catalog, info engine.Info, lang i18n.Lang) ([]byte, error) {
	page := struct {
		Lang, Title, RulesTitle, CommonTitle string
		Guide                                []string
		Rules, Common                        []rulePara
	}{Lang: string(lang), Title: cat.T(lang, "guide.title", map[string]any{"Game": info.Name.In(string(lang))}),
		RulesTitle: cat.T(lang, "guide.rules"), CommonTitle: cat.T(lang, "guide.common")}
	for _, part := range guideParts {
		if key := "guide." + info.ID + "." + part; cat.Has(key) {
			page.Guide = append(page.Guide, cat.T(lang, key))
		}
	}
	for _, id := range info.Rules {
		page.Rules = append(page.Rules, rulePara{ID: id, Text: cat.T(lang, "rule."+id)})
	}
	for _, id := range commonRules {
		page.Common = append(page.Common, rulePara{ID: id, Text: cat.T(lang, "rule."+id)})
	}
	var b bytes.Buffer
	if err := rulesTmpl.Execute(&b, page); err != nil {
		return nil, fmt.Errorf("web: rules of %s in %s: %w", info.ID, lang, err)
	}
	return b.Bytes(), nil
}

// gameInfos lists the games of reg, none when there is no registry.
func gameInfos(reg *engine.Registry) []engine.Info {
	if reg == nil {
		return nil
	}
	return reg.Infos()
}
