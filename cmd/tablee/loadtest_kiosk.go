package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// kioskProc is one `kiosk --headless` process of a load run, with what its
// announce line said.
type kioskProc struct {
	cmd    *exec.Cmd
	code   string // the table code phones join with
	addr   string // host:port of the phones' TLS WebSocket
	fp     string // the certificate's SHA-256 fingerprint
	exited chan struct{}
	stderr *tailBuffer
}

// kioskArgs says how to start each table's kiosk.
type kioskArgs struct {
	bin, game  string
	seats      int
	phoneRate  float64
	dir        string // the table's own folder: database, certificate
	name       string
	cpuProfile string // "" for none
}

// kioskStopWait is how long a kiosk has to stop after SIGTERM before it is
// killed.
const kioskStopWait = 10 * time.Second

// startKiosk starts a headless kiosk on a free loopback port with its own
// database and waits for its announce line (code=… addr=… fingerprint=…).
func startKiosk(ctx context.Context, a kioskArgs) (*kioskProc, error) {
	args := []string{"--headless", "--game", a.game, "--seats", strconv.Itoa(a.seats),
		"--db", filepath.Join(a.dir, "tablee.db"), "--data", a.dir, "--name", a.name,
		"--addr", "127.0.0.1:0", "--web-addr", "127.0.0.1:0", "--mdns=false",
		"--phone-rate", strconv.FormatFloat(a.phoneRate, 'g', -1, 64)}
	if a.cpuProfile != "" {
		args = append(args, "--cpuprofile", a.cpuProfile)
	}
	cmd := exec.Command(a.bin, args...)
	cmd.Dir = a.dir
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	k := &kioskProc{cmd: cmd, exited: make(chan struct{}), stderr: &tailBuffer{max: 4096}}
	cmd.Stderr = k.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", a.bin, err)
	}
	lines := make(chan string, 1)
	go readAnnounces(stdout, lines)
	go func() {
		_ = cmd.Wait()
		close(k.exited)
	}()
	select {
	case line, ok := <-lines:
		if ok && k.parseAnnounce(line) {
			return k, nil
		}
		k.stop()
		return nil, fmt.Errorf("kiosk %s: no code line (read %q); its stderr: %s", a.name, line, k.stderr)
	case <-k.exited:
		return nil, fmt.Errorf("kiosk %s exited before listening: %s", a.name, k.stderr)
	case <-ctx.Done():
		k.stop()
		return nil, fmt.Errorf("kiosk %s: waiting for its code line: %w", a.name, ctx.Err())
	}
}

// readAnnounces passes the first line of out on, then drains the rest (a
// new code line whenever the code changes) so the kiosk never blocks.
func readAnnounces(out io.Reader, first chan<- string) {
	sc := bufio.NewScanner(out)
	if sc.Scan() {
		first <- sc.Text()
	}
	close(first)
	for sc.Scan() {
	}
}

// parseAnnounce reads the key=value fields of the kiosk's code line.
func (k *kioskProc) parseAnnounce(line string) bool {
	for _, f := range strings.Fields(line) {
		key, v, _ := strings.Cut(f, "=")
		switch key {
		case "code":
			k.code = v
		case "addr":
			k.addr = v
		case "fingerprint":
			k.fp = v
		}
	}
	return k.code != "" && k.addr != "" && k.fp != ""
}

// stop ends the kiosk with SIGTERM (so it closes its database cleanly and
// writes its CPU profile), killing it if it has not stopped in time.
func (k *kioskProc) stop() error {
	select {
	case <-k.exited:
		return nil
	default:
	}
	if err := k.cmd.Process.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	select {
	case <-k.exited:
		return nil
	case <-time.After(kioskStopWait):
		_ = k.cmd.Process.Kill()
		<-k.exited
		return fmt.Errorf("kiosk %d did not stop within %v of SIGTERM; killed", k.cmd.Process.Pid, kioskStopWait)
	}
}

// alive reports whether the process still runs.
func (k *kioskProc) alive() bool {
	select {
	case <-k.exited:
		return false
	default:
		return true
	}
}

// userHZ is the unit of the CPU times in /proc/PID/stat: USER_HZ, 100 on
// every Linux architecture's user-space ABI.
const userHZ = 100

// procCPU is the CPU time (user + system, all threads) the process has
// used, from /proc/PID/stat.
func procCPU(pid int) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may hold spaces: count fields after its ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc/%d/stat: no command name", pid)
	}
	f := strings.Fields(string(data[i+1:]))
	// f[0] is field 3 (state); utime and stime are fields 14 and 15.
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f)+2)
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / userHZ, nil
}

// procPeakRSS is the process's peak resident set size (VmHWM) in bytes.
func procPeakRSS(pid int) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("/proc/%d/status: VmHWM: %w", pid, err)
			}
			return kb << 10, nil
		}
	}
	return 0, fmt.Errorf("/proc/%d/status: no VmHWM", pid)
}

// tailBuffer keeps the last max bytes written to it: a kiosk's stderr, to
// explain a failure.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.b))
}

// findKiosk returns the kiosk binary to run: the one named, else a kiosk
// beside this tablee binary, else one on PATH.
func findKiosk(named string) (string, error) {
	if named != "" {
		if _, err := os.Stat(named); err != nil {
			return "", fmt.Errorf("--kiosk: %w", err)
		}
		return filepath.Abs(named)
	}
	if self, err := os.Executable(); err == nil {
		beside := filepath.Join(filepath.Dir(self), "kiosk")
		if st, err := os.Stat(beside); err == nil && !st.IsDir() {
			return beside, nil
		}
	}
	if p, err := exec.LookPath("kiosk"); err == nil {
		return filepath.Abs(p)
	}
	return "", errors.New("no kiosk binary beside tablee or on PATH: build one (go build -o DIR/kiosk ./cmd/kiosk) and pass --kiosk DIR/kiosk")
}
