package db

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func markers(t *testing.T, path string) []string {
	t.Helper()
	m, err := filepath.Glob(path + ".open-*")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// leaveStaleMarker writes the marker a process that had path open and
// ended without closing it leaves behind: the pid of a process that has
// exited, with the identity it had.
func leaveStaleMarker(t *testing.T, path string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", "cat /proc/self/stat >/dev/null")
	if err := cmd.Run(); err != nil {
		t.Skipf("no short-lived process to borrow a pid from: %v", err)
	}
	name := path + ".open-" + strconv.Itoa(cmd.Process.Pid) + "-1"
	if err := os.WriteFile(name, []byte("a-boot-long-gone 12345"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// openAt opens the database at path; the caller closes it.
func openAt(t *testing.T, path string) *DB {
	t.Helper()
	d, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCleanCloseSkipsTheFullCheck(t *testing.T) {
	if processIdentity(os.Getpid()) == "" {
		t.Skip("no /proc: every open runs the full check here")
	}
	path := filepath.Join(t.TempDir(), "tablee.db")
	d := openAt(t, path)
	if got := markers(t, path); len(got) != 1 {
		t.Fatalf("an open database has markers %v, want one", got)
	}
	// A second handle in the same process (staff commands beside the host)
	// is no unclean end.
	d2 := openAt(t, path)
	if d2.fullCheck {
		t.Error("a second handle ran the full check")
	}
	if err := d2.Close(); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if got := markers(t, path); len(got) != 0 {
		t.Fatalf("closed, the database still has markers %v", got)
	}
	d = openAt(t, path)
	defer d.Close()
	if d.fullCheck {
		t.Error("the full check ran after a clean close")
	}
}

func TestUncleanEndRunsTheFullCheck(t *testing.T) {
	if processIdentity(os.Getpid()) == "" {
		t.Skip("no /proc: every open runs the full check here")
	}
	path := filepath.Join(t.TempDir(), "tablee.db")
	d := openAt(t, path)
	d.Close()
	leaveStaleMarker(t, path)
	d = openAt(t, path)
	if !d.fullCheck {
		t.Error("no full check after an unclean end")
	}
	if got := markers(t, path); len(got) != 1 || !strings.Contains(got[0], ".open-"+strconv.Itoa(os.Getpid())+"-") {
		t.Errorf("after the check, markers %v: want only this process's", got)
	}
	d.Close()
	d = openAt(t, path)
	defer d.Close()
	if d.fullCheck {
		t.Error("the unclean end was checked twice")
	}
}

func TestProcessIdentityTellsProcessesApart(t *testing.T) {
	self := processIdentity(os.Getpid())
	if self == "" {
		t.Skip("no /proc")
	}
	if self != processIdentity(os.Getpid()) {
		t.Error("the identity of this process changed")
	}
	if processIdentity(os.Getppid()) == self {
		t.Error("parent and child share an identity")
	}
}

func TestCheckSoundFile(t *testing.T) {
	ctx := context.Background()
	d := openTemp(t)
	if err := Check(ctx, d.Path()); err != nil {
		t.Error(err)
	}
	if err := Check(ctx, filepath.Join(t.TempDir(), "none.db")); err == nil {
		t.Error("Check of a missing file")
	}
}
