//go:build unix

package catalog_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used so far (user and system),
// which unlike the clock does not count waits for a busy CPU.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
