package venue

import "time"

// clock is the clock a hub, a kiosk or a free function reads the time
// by: now, or the wall clock when now is nil (HubConfig.Now,
// KioskConfig.Now). It is the package's one reading of time.Now
// (TestNoWallClock): everything else asks the clock it was given, so
// that a test may give a fake one.
func clock(now func() time.Time) func() time.Time {
	if now != nil {
		return now
	}
	return time.Now
}
