package venue

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// stop ends the node as its operator would, closing its standard input
// (runRole returns and closes the kiosk), and waits for it.
func (p *proc) stop() {
	p.stdin.Close()
	<-p.dead
}

// TestVenueQuickExitsAcrossNamespaces is issue 42's reproduction as real
// processes: a kiosk in a network namespace of its own ends within
// milliseconds of each game's end — killed (SIGKILL) one run, stopped the
// next — twelve times against a hub running in another namespace, then
// starts once more. The hub and the kiosk then hold every game, with the
// same boards' digest. (TestVenueQuickExitsConverge is the in-process
// version, behind proxies.)
func TestVenueQuickExitsAcrossNamespaces(t *testing.T) {
	if testing.Short() {
		t.Skip("twelve kiosk processes in a row (about 15 s)")
	}
	if os.Geteuid() != 0 {
		t.Skip("network namespaces need root")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("no ip (iproute2)")
	}
	n := &netns{t: t, prefix: fmt.Sprintf("tq%d", os.Getpid()%10000), subnet: 150 + os.Getpid()%50}
	n.setUp(2)
	dir := t.TempDir()
	hub := startNode(t, "hub", n.ns(0), "hub", "TABLEE_VENUE_DB="+filepath.Join(dir, "hub.db"),
		"TABLEE_VENUE_DATA="+filepath.Join(dir, "hub"), "TABLEE_VENUE_LISTEN="+n.addr(0)+":7459")
	ready := strings.Fields(hub.line(t, "ready"))
	env := []string{"TABLEE_VENUE_DB=" + filepath.Join(dir, "k.db"), "TABLEE_VENUE_DATA=" + filepath.Join(dir, "k"),
		"TABLEE_VENUE_TABLE=Table 1", "TABLEE_VENUE_PAIR=" + newPairing(t, hub, ready)}
	const runs = 12
	for i := range runs {
		k := startNode(t, fmt.Sprintf("kiosk run %d", i+1), n.ns(1), "kiosk", env...)
		k.line(t, "ready")
		k.send(t, "play 1")
		k.line(t, "done")
		if i%2 == 0 {
			k.kill()
		} else {
			k.stop()
		}
	}
	k := startNode(t, "kiosk", n.ns(1), "kiosk", env...)
	k.line(t, "ready")
	converge(t, fmt.Sprintf("%d games, each ended by a kill or a stop at once", runs), runs, hub, k)
}
