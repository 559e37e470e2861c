package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/engine"
	"github.com/tablee/tablee/engine/canyon"
	"github.com/tablee/tablee/internal/proctest"
)

// buildKiosk builds the kiosk binary the load runs drive.
func buildKiosk(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the kiosk binary")
	}
	bin := filepath.Join(t.TempDir(), "kiosk")
	if err := proctest.Build(bin, "../kiosk"); err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestLoadtestDrivesRealKiosks runs a short load on two real kiosk
// processes and checks the JSON line: figures consistent with each other,
// moves made, and nothing left behind (processes, temp files).
func TestLoadtestDrivesRealKiosks(t *testing.T) {
	bin := buildKiosk(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"loadtest", "--kiosk", bin, "--tables", "2", "--phones", "6",
		"--duration", "1500ms", "--warmup", "5"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var s loadStats
	dec := json.NewDecoder(strings.NewReader(lines[len(lines)-1]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	switch {
	case s.Tables != 2 || s.Phones != 6 || s.Game != "canyon":
		t.Errorf("run described as %d tables of %d phones playing %s", s.Tables, s.Phones, s.Game)
	case s.Moves <= 0 || s.MeasuredMoves > s.Moves || s.MeasuredMoves < s.Moves-2*5:
		t.Errorf("moves %d, measured %d (warm-up 5 per table)", s.Moves, s.MeasuredMoves)
	case s.MeasuredMoves > 0 && !(0 < s.P50MS && s.P50MS <= s.P90MS && s.P90MS <= s.P99MS && s.P99MS <= s.MaxMS):
		t.Errorf("latencies not ordered: p50 %v p90 %v p99 %v max %v", s.P50MS, s.P90MS, s.P99MS, s.MaxMS)
	case s.MovesPerS <= 0 || s.WallS <= 0:
		t.Errorf("%v moves/s over %v s", s.MovesPerS, s.WallS)
	case s.ServerCPUS < 0 || s.ServerCPUUSPerMove < 0:
		t.Errorf("server CPU %v s, %v µs per move", s.ServerCPUS, s.ServerCPUUSPerMove)
	case s.ServerRSSMB < 1 || s.ServerRSSMB > 4096:
		t.Errorf("server peak RSS %v MB", s.ServerRSSMB)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "tablee-loadtest-*")); len(left) > 0 {
		t.Errorf("temp files left: %v", left)
	}
	if pids := running(t, bin); len(pids) > 0 {
		t.Errorf("kiosk processes left running: %v", pids)
	}
}

// running lists the processes whose executable is bin.
func running(t *testing.T, bin string) []string {
	t.Helper()
	exes, _ := filepath.Glob("/proc/[0-9]*/exe")
	var pids []string
	for _, exe := range exes {
		if target, err := os.Readlink(exe); err == nil && target == bin {
			pids = append(pids, filepath.Base(filepath.Dir(exe)))
		}
	}
	return pids
}

func TestLoadtestFailsWithoutKiosk(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"loadtest", "--kiosk", filepath.Join(t.TempDir(), "none")}, &out, &errb)
	if code != 1 || out.Len() != 0 || !strings.Contains(errb.String(), "--kiosk") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

func TestLoadtestRefusesPhonesTheGameCannotSeat(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"loadtest", "--phones", "9", "--kiosk", os.Args[0]}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "not 9 phones") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}

func TestProcCPUAndRSSOfThisProcess(t *testing.T) {
	// Burn a little CPU so at least one tick is counted.
	before, err := procCPU(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	for after := before; after == before; {
		x := 0
		for i := range 10_000_000 {
			x += i
		}
		_ = x
		if after, err = procCPU(os.Getpid()); err != nil {
			t.Fatal(err)
		}
		if after < before {
			t.Fatalf("CPU time went back from %v to %v", before, after)
		}
	}
	rss, err := procPeakRSS(os.Getpid())
	if err != nil || rss < 1<<20 {
		t.Errorf("peak RSS %d, %v", rss, err)
	}
}

func TestPickLoadMoveAnnouncesTheHighestTempo(t *testing.T) {
	rng := engine.NewRNG(1, 0)
	legal := []engine.Move{canyon.Tempo(0), canyon.Tempo(3, 4), canyon.Tempo(2, 3), canyon.Tempo(4)}
	if got := pickLoadMove(legal, &rng); !equalMoves(got, canyon.Tempo(3, 4)) {
		t.Errorf("chose %v", got)
	}
	plays := []engine.Move{canyon.MoveTo(3, 4), canyon.MoveTo(5, 6)}
	for range 20 {
		got := pickLoadMove(plays, &rng)
		if !equalMoves(got, plays[0]) && !equalMoves(got, plays[1]) {
			t.Fatalf("chose %v, not a legal move", got)
		}
	}
}

func equalMoves(a, b engine.Move) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// The load tool is bounded: its context ends the run even if a kiosk
// never answers (here, a program that prints nothing and waits).
func TestLoadtestSetupIsBounded(t *testing.T) {
	sleeper, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep binary")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "kiosk")
	script := "#!/bin/sh\nexec " + sleeper + " 600\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	start := time.Now()
	code := run(context.Background(), []string{"loadtest", "--kiosk", fake, "--setup-timeout", "200ms", "--duration", "1s"}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "code line") {
		t.Errorf("exit %d after %v, stderr %q", code, time.Since(start), errb.String())
	}
}
