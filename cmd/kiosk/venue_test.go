package main

import (
	"io"
	"strings"
	"testing"
)

// The pairing flags go together and are checked before anything starts.
func TestVenueFlags(t *testing.T) {
	fp := strings.Repeat("ab", 32)
	o, err := parseFlags([]string{"--venue", "10.0.0.2:7459", "--venue-code", "042731", "--venue-fingerprint", fp}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if p, ok, err := o.venue.pairing(); !ok || err != nil || p.Addr != "10.0.0.2:7459" || p.Code != "042731" || p.Fingerprint != fp || p.PairAddr != "" {
		t.Errorf("pairing %+v %v %v", p, ok, err)
	}
	// The hub's pairing address, when not the default port.
	o, err = parseFlags([]string{"--venue", "10.0.0.2:7459", "--venue-pair", "10.0.0.2:17463", "--venue-code", "042731", "--venue-fingerprint", fp}, io.Discard)
	if p, ok, perr := o.venue.pairing(); err != nil || !ok || perr != nil || p.PairAddr != "10.0.0.2:17463" {
		t.Errorf("--venue-pair: pairing %+v %v %v %v", p, ok, err, perr)
	}
	for _, args := range [][]string{
		{"--venue", "10.0.0.2:7459"},
		{"--venue", "10.0.0.2:7459", "--venue-code", "42", "--venue-fingerprint", fp},
		{"--venue", "10.0.0.2", "--venue-code", "042731", "--venue-fingerprint", fp},
		{"--venue", "10.0.0.2:7459", "--venue-code", "042731", "--venue-fingerprint", "abc"},
		{"--venue", "10.0.0.2:7459", "--venue-pair", "10.0.0.2", "--venue-code", "042731", "--venue-fingerprint", fp},
	} {
		if _, err := parseFlags(args, io.Discard); err == nil {
			t.Errorf("%q accepted", args)
		}
	}
}
