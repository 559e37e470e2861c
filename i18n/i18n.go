// Package i18n is Tablée's one catalogue of the texts people read, in
// French (the default), German and English. The kiosk, the companion app and
// the web companion all take their texts from it, so a text is translated
// once and a test can prove that no language lacks a key.
//
// Texts live in messages/<domain>.<lang>.json, one flat JSON object of
// key → text per domain and language (go-i18n's format). Parameters are
// written {{.Name}}. A text that counts something is an object of
// go-i18n's plural forms instead of a string, counted by its parameter N:
// {"one": "{{.N}} place", "other": "{{.N}} places"} (French says "one"
// for 0 and 1, German and English for 1 only). Keys are prefixed by their domain ("kiosk.start",
// "companion.your_turn", "rule.follow-suit") so domains never collide.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Lang is a language the interface speaks.
type Lang string

// The languages, French first: it is the default and the fallback.
const (
	FR Lang = "fr"
	DE Lang = "de"
	EN Lang = "en"
)

// Langs lists the languages in the order a language switch shows them.
func Langs() []Lang { return []Lang{FR, DE, EN} }

// Parse returns the language a tag or locale ("de_CH.UTF-8", "en-GB", "fr")
// names, and French for anything else.
func Parse(s string) Lang {
	s = strings.ToLower(s)
	for _, l := range Langs() {
		if strings.HasPrefix(s, string(l)) {
			return l
		}
	}
	return FR
}

//go:embed messages/*.json
var files embed.FS

// Catalog holds every text in every language. It is read-only once loaded
// and safe for concurrent use.
type Catalog struct {
	bundle *goi18n.Bundle
	loc    map[Lang]*goi18n.Localizer
	keys   map[Lang]map[string]string // raw texts, for Missing and Export
	plural map[Lang]map[string]bool   // keys with plural forms in a language, counted by N
	ones   map[Lang]map[string]string // the "one" form of those keys, for Export
}

// Load reads the embedded catalogue.
func Load() (*Catalog, error) {
	c := &Catalog{
		bundle: goi18n.NewBundle(language.French),
		loc:    map[Lang]*goi18n.Localizer{},
		keys:   map[Lang]map[string]string{},
		plural: map[Lang]map[string]bool{},
		ones:   map[Lang]map[string]string{},
	}
	c.bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	names, err := fs.Glob(files, "messages/*.json")
	if err != nil {
		return nil, fmt.Errorf("i18n: list messages: %w", err)
	}
	for _, name := range names {
		if err := c.loadFile(name); err != nil {
			return nil, err
		}
	}
	for _, l := range Langs() {
		c.loc[l] = goi18n.NewLocalizer(c.bundle, string(l), string(FR))
	}
	return c, nil
}

func (c *Catalog) loadFile(name string) error {
	data, err := files.ReadFile(name)
	if err != nil {
		return fmt.Errorf("i18n: read %s: %w", name, err)
	}
	if _, err := c.bundle.ParseMessageFileBytes(data, path.Base(name)); err != nil {
		return fmt.Errorf("i18n: parse %s: %w", name, err)
	}
	parts := strings.Split(path.Base(name), ".") // domain.lang.json
	if len(parts) != 3 {
		return fmt.Errorf("i18n: %s is not named domain.lang.json", name)
	}
	lang := Lang(parts[1])
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("i18n: %s must be a flat object: %w", name, err)
	}
	if c.keys[lang] == nil {
		c.keys[lang] = map[string]string{}
		c.plural[lang] = map[string]bool{}
		c.ones[lang] = map[string]string{}
	}
	for k, r := range raw {
		if _, dup := c.keys[lang][k]; dup {
			return fmt.Errorf("i18n: key %q defined twice in %s", k, lang)
		}
		var v string
		if err := json.Unmarshal(r, &v); err != nil {
			var forms map[string]string
			if err := json.Unmarshal(r, &forms); err != nil || forms["one"] == "" || forms["other"] == "" {
				return fmt.Errorf("i18n: %s: %q is neither a text nor plural forms with \"one\" and \"other\"", name, k)
			}
			v = forms["other"]
			c.plural[lang][k] = true
			c.ones[lang][k] = forms["one"]
		}
		c.keys[lang][k] = v
	}
	return nil
}

// T returns the text of key in lang with its {{.Param}}s filled from
// params, falling back to French, and to the key itself when no language
// has it (so a missing text shows as its key, never as a crash). A text
// with plural forms takes the form for params' N.
func (c *Catalog) T(lang Lang, key string, params ...map[string]any) string {
	loc, ok := c.loc[lang]
	if !ok {
		lang, loc = FR, c.loc[FR]
	}
	if _, has := c.keys[lang][key]; !has {
		lang = FR // the localizer falls back to French
	}
	cfg := &goi18n.LocalizeConfig{MessageID: key}
	if len(params) > 0 {
		cfg.TemplateData = params[0]
		if n, ok := params[0]["N"]; ok && c.plural[lang][key] {
			cfg.PluralCount = n
		}
	}
	s, err := loc.Localize(cfg)
	if err != nil || s == "" {
		return key
	}
	return s
}

// Has reports whether key exists in French, the reference language.
func (c *Catalog) Has(key string) bool {
	_, ok := c.keys[FR][key]
	return ok
}

// Keys returns the French keys that start with prefix, sorted.
func (c *Catalog) Keys(prefix string) []string {
	var out []string
	for k := range c.keys[FR] {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Missing lists "lang: key" for every key some language has and another
// lacks, sorted; empty when the catalogue is complete.
func (c *Catalog) Missing() []string {
	all := map[string]bool{}
	for _, m := range c.keys {
		for k := range m {
			all[k] = true
		}
	}
	var out []string
	for _, l := range Langs() {
		for k := range all {
			if v, ok := c.keys[l][k]; !ok || strings.TrimSpace(v) == "" {
				out = append(out, string(l)+": "+k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Export returns the raw texts of lang whose keys start with prefix, as the
// web companion receives them (its own JavaScript fills the parameters); a
// text with plural forms gives its "other" form under its key and its
// "one" form under key + OneSuffix, for the page to choose by the
// language's plural rule (Intl.PluralRules, the CLDR rules go-i18n uses).
func (c *Catalog) Export(lang Lang, prefix string) map[string]string {
	out := map[string]string{}
	for k, v := range c.keys[lang] {
		if strings.HasPrefix(k, prefix) {
			out[k] = v
			if one, ok := c.ones[lang][k]; ok {
				out[k+OneSuffix] = one
			}
		}
	}
	return out
}

// OneSuffix marks the "one" form of a plural text in Export.
const OneSuffix = "#one"
