package scoresheet_test

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/scoresheet"
)

// TestEveryRefusalHasTexts checks that each rule a Refusal names, each
// reason a standing is undecided and the missing entry have their texts,
// and that the texts take the refusals' arguments.
func TestEveryRefusalHasTexts(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	args := map[string]map[string]any{
		scoresheet.RuleSumCharacter: {"At": 3, "Char": "x"},
		scoresheet.RuleSumOperator:  {"At": 3},
		scoresheet.RuleLimit:        {"Limit": scoresheet.DefaultLimit},
		scoresheet.RuleNegative:     {"Category": "Eggs"},
	}
	rules := []string{scoresheet.RuleSumEmpty, scoresheet.RuleSumCharacter, scoresheet.RuleSumOperator, scoresheet.RuleLimit,
		scoresheet.RuleNegative, scoresheet.RuleCategory, scoresheet.RuleRound, scoresheet.RuleSeat, scoresheet.RuleDecision}
	keys := map[string]map[string]any{
		"sheet.missing":       {"Name": "Anja", "Category": "Eggs"},
		"sheet.missing.round": {"Name": "Anja", "Category": "Eggs", "Round": 2},
		"sheet.undecided." + string(scoresheet.UndecidedEmpty):   nil,
		"sheet.undecided." + string(scoresheet.UndecidedTie):     {"Names": "Anja, Ben"},
		"sheet.undecided." + string(scoresheet.UndecidedOutcome): nil,
	}
	for _, r := range rules {
		keys["sheet.refused."+r] = args[r]
	}
	for key, params := range keys {
		if !cat.Has(key) {
			t.Errorf("%s: no text", key)
			continue
		}
		for _, lang := range i18n.Langs() {
			text := cat.T(lang, key, params)
			if strings.Contains(text, "{{") || strings.Contains(text, "<no value>") {
				t.Errorf("%s (%s): %q keeps a parameter unfilled", key, lang, text)
			}
		}
	}
	if got := cat.T(i18n.EN, "sheet.missing", keys["sheet.missing"]); got != "Anja has no score for Eggs." {
		t.Errorf("the missing entry reads %q", got)
	}
}

// TestEveryInvalidSheetHasTexts: each rule a sheet's check names has its
// text in the console's editor (sheetedit.invalid.<rule>), filled from
// its arguments.
func TestEveryInvalidSheetHasTexts(t *testing.T) {
	cat, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	args := map[string]any{"Item": "Eggs", "Lang": "German", "Max": 80, "Value": 81, "N": 2, "Win": "x"}
	for _, rule := range []string{scoresheet.InvalidID, scoresheet.InvalidLabel, scoresheet.InvalidWin, scoresheet.InvalidRounds,
		scoresheet.InvalidLimit, scoresheet.InvalidCategories, scoresheet.InvalidNoCategory, scoresheet.InvalidCategoryID,
		scoresheet.InvalidCategoryTwice, scoresheet.InvalidMultiplier, scoresheet.InvalidTieOnly, scoresheet.InvalidTieCategory,
		scoresheet.InvalidTieShared, scoresheet.InvalidTieLast, scoresheet.InvalidTieKind, scoresheet.InvalidOneTeam, scoresheet.InvalidTeamID} {
		key := "sheetedit.invalid." + rule
		if !cat.Has(key) {
			t.Errorf("%s: no text", key)
			continue
		}
		for _, lang := range i18n.Langs() {
			if text := cat.T(lang, key, args); strings.Contains(text, "{{") || strings.Contains(text, "<no value>") {
				t.Errorf("%s (%s): %q keeps a parameter unfilled", key, lang, text)
			}
		}
	}
}
