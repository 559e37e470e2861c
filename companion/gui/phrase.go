package gui

import "strings"

// phrase is the short form of a certificate fingerprint that a guest
// compares with the one the table shows.
func phrase(fp string) string {
	fp = strings.ToUpper(fp)
	if len(fp) < 12 {
		return fp
	}
	return fp[:4] + " " + fp[4:8] + " " + fp[8:12]
}
