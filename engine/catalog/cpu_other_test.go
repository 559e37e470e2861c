//go:build !unix

package catalog_test

import "time"

// cpuTime is unknown here: the benchmarks then report no CPU figures.
func cpuTime() (time.Duration, bool) { return 0, false }
