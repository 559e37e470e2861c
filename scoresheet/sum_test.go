package scoresheet

import (
	"errors"
	"testing"
)

func TestParseSum(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int
	}{
		{"12", 12}, {"3+6+2", 11}, {"3 + 6 + 2", 11}, {" 7 ", 7}, {"-2", -2}, {"- 2", -2},
		{"10-3", 7}, {"10 − 3", 7}, {"+4", 4}, {"0", 0}, {"99999", 99999}, {"50000+49999", 99999},
		{"-99999", -99999}, {"1\u00a0+\u00a01", 2}, {"007", 7},
	} {
		got, err := ParseSum(tc.text, DefaultLimit)
		if err != nil || got != tc.want {
			t.Errorf("ParseSum(%q) = %d, %v; want %d", tc.text, got, err, tc.want)
		}
	}
}

func TestParseSumRefuses(t *testing.T) {
	for _, tc := range []struct {
		text string
		rule string
		args map[string]any
	}{
		{"", RuleSumEmpty, nil},
		{"   ", RuleSumEmpty, nil},
		{"3+x", RuleSumCharacter, map[string]any{"At": 3, "Char": "x"}},
		{"3*2", RuleSumCharacter, map[string]any{"At": 2, "Char": "*"}},
		{"1.5", RuleSumCharacter, map[string]any{"At": 2, "Char": "."}},
		{"=1+1", RuleSumCharacter, map[string]any{"At": 1, "Char": "="}},
		{"<b>1</b>", RuleSumCharacter, map[string]any{"At": 1, "Char": "<"}},
		{"3++2", RuleSumOperator, map[string]any{"At": 3}},
		{"3+", RuleSumOperator, map[string]any{"At": 2}},
		{"-", RuleSumOperator, map[string]any{"At": 1}},
		{"3 4", RuleSumOperator, map[string]any{"At": 3}},
		{"1000000000000", RuleLimit, map[string]any{"Limit": DefaultLimit}},
		{"100000", RuleLimit, map[string]any{"Limit": DefaultLimit}},
		{"60000+60000", RuleLimit, map[string]any{"Limit": DefaultLimit}},
		{"-60000-60000", RuleLimit, map[string]any{"Limit": DefaultLimit}},
		{"99999999999999999999999999", RuleLimit, map[string]any{"Limit": DefaultLimit}},
	} {
		_, err := ParseSum(tc.text, DefaultLimit)
		var r *Refusal
		if !errors.As(err, &r) || r.Rule != tc.rule || !sameArgs(r.Args, tc.args) {
			t.Errorf("ParseSum(%q): %v; want rule %s %v", tc.text, err, tc.rule, tc.args)
		}
	}
}

func sameArgs(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func FuzzParseSum(f *testing.F) {
	for _, s := range []string{"3+6+2", "-2", "1 2", "++", "99999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := ParseSum(text, DefaultLimit)
		if err == nil && (v > DefaultLimit || v < -DefaultLimit) {
			t.Fatalf("ParseSum(%q) = %d, beyond the limit", text, v)
		}
		var r *Refusal
		if err != nil && !errors.As(err, &r) {
			t.Fatalf("ParseSum(%q): %v is not a Refusal", text, err)
		}
	})
}
