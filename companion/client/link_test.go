package client

import (
	"testing"
)

func TestLinksTellTheDropAndTheResume(t *testing.T) {
	k := kiosk(t)
	c, _, _ := sit(t, k, "Anja")
	if !c.Connected() {
		t.Fatal("not connected after join")
	}
	k.Restart(0)
	sawDown := false
	for !sawDown || !c.Connected() {
		select {
		case <-c.Links():
			sawDown = sawDown || !c.Connected()
		case <-ctxT(t).Done():
			t.Fatalf("no link change seen (down seen: %v)", sawDown)
		}
	}
}

func TestFingerprintIsTheTablesOwn(t *testing.T) {
	k := kiosk(t)
	fp, err := Fingerprint(ctxT(t), k.Addr)
	if err != nil {
		t.Fatal(err)
	}
	if fp != k.Fingerprint {
		t.Errorf("fingerprint %s, the table's is %s", fp, k.Fingerprint)
	}
	if _, err := Fingerprint(ctxT(t), "127.0.0.1:1"); err == nil {
		t.Error("no error from a closed port")
	}
}
