package main

import (
	"io"
	"testing"
	"time"
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
