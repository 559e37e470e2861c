//go:build ignore

// Runs a command that should change what the screen shows (a tap with
// xdotool, a signal to the phone that makes it play) and prints how many
// milliseconds after the command began the screen's pixels changed, read
// from the X server's root window every few milliseconds. The figure
// includes the command's own time and the X server's copy (a few ms).
// Usage: DISPLAY=:N go run watch.go COMMAND [ARGS...]
package main

/*
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdint.h>

// sample hashes the root window's pixels (FNV-1a over every 4th byte).
static uint64_t sample(Display *d, int *ok) {
	Window root = DefaultRootWindow(d);
	XWindowAttributes a;
	XGetWindowAttributes(d, root, &a);
	XImage *im = XGetImage(d, root, 0, 0, a.width, a.height, AllPlanes, ZPixmap);
	if (!im) { *ok = 0; return 0; }
	uint64_t h = 1469598103934665603ULL;
	long n = (long)im->bytes_per_line * im->height;
	for (long i = 0; i < n; i += 4) { h ^= (unsigned char)im->data[i] | ((unsigned char)im->data[i+1] << 8) | ((unsigned char)im->data[i+2] << 16); h *= 1099511628211ULL; }
	XDestroyImage(im);
	*ok = 1;
	return h;
}
*/
import "C"

import (
	"fmt"
	"log"
	"os"
	"os/exec"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		log.Fatal("usage: watch COMMAND [ARGS...]")
	}
	d := C.XOpenDisplay(nil)
	if d == nil {
		log.Fatal("watch: cannot open the display")
	}
	grab := func() C.uint64_t {
		var ok C.int
		h := C.sample(d, &ok)
		if ok == 0 {
			log.Fatal("watch: XGetImage failed")
		}
		return h
	}
	before := grab()
	start := time.Now()
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		log.Fatalf("watch: %v", err)
	}
	go cmd.Wait()
	for time.Since(start) < 10*time.Second {
		if grab() != before {
			fmt.Println(time.Since(start).Milliseconds())
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	log.Fatal("watch: the screen did not change within 10 s")
}
