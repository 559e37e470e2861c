package main

import (
	"io"
	"testing"
	"time"

	"github.com/tablee/tablee/engine/bot"
)

// Bots wait before moving on the table's screen, so guests can follow;
// headless (tests, load runs) they answer at once; --bot-delay wins.
func TestBotDelayDependsOnTheScreen(t *testing.T) {
	for _, c := range []struct {
		args []string
		want time.Duration
	}{
		{nil, windowBotDelay},
		{[]string{"--headless"}, 0},
		{[]string{"--bot-delay", "0"}, 0},
		{[]string{"--headless", "--bot-delay", "2s"}, 2 * time.Second},
	} {
		o, err := parseFlags(c.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if o.cfg.BotDelay != c.want {
			t.Errorf("%q: bot delay %v, want %v", c.args, o.cfg.BotDelay, c.want)
		}
	}
}

// --bot-budget reaches the table's config, 300 ms unless given; a budget
// of zero or less is refused rather than silently replaced.
func TestBotBudgetFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want time.Duration
	}{
		{nil, bot.DefaultBudget},
		{[]string{"--headless"}, bot.DefaultBudget},
		{[]string{"--bot-budget", "750ms"}, 750 * time.Millisecond},
	} {
		o, err := parseFlags(c.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if o.cfg.BotBudget != c.want {
			t.Errorf("%q: bot budget %v, want %v", c.args, o.cfg.BotBudget, c.want)
		}
	}
	for _, bad := range []string{"0", "-1s"} {
		if _, err := parseFlags([]string{"--bot-budget", bad}, io.Discard); err == nil {
			t.Errorf("--bot-budget %s accepted", bad)
		}
	}
}
