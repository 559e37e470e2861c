// Package joinurl builds and reads the one URL that lets a phone join a
// table without typing: the kiosk's seating screen shows it as a QR code,
// the web companion reads it from its own address, and the native
// companion accepts it pasted or opened as a link.
//
// The form is
//
//	http://HOST:WEBPORT/#c=CODE&k=BOXKEY&p=TLSPORT&fp=FINGERPRINT
//
// or, at a table of a venue whose hub serves the page (docs/venue.md,
// "The web page's origin"), the hub's page with the table's web address
// in the fragment, so that the page's storage is the venue's:
//
//	http://HUB:HUBWEBPORT/#t=HOST:WEBPORT&c=CODE&k=BOXKEY&p=TLSPORT&fp=FINGERPRINT
//
// Everything secret or identifying sits in the fragment, which browsers
// never send to a server: c is the table code, k the kiosk's X25519 public
// key for the web companion's NaCl channel (unpadded base64url), p the TLS
// port of the native protocol on the same HOST, fp the hex SHA-256
// fingerprint of the kiosk's certificate that native phones pin.
package joinurl

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// Info is what a phone needs to join a table.
type Info struct {
	Host        string   // the kiosk's address on the LAN (IP or name)
	WebPort     int      // HTTP port of the web companion
	Code        string   // the table code
	BoxKey      [32]byte // the kiosk's X25519 public key (web companion)
	TLSPort     int      // the native protocol's TLS port
	Fingerprint string   // hex SHA-256 of the kiosk's certificate
	// Page is HOST:PORT of the server the web page is loaded from when it
	// is not the table's own (the venue hub's); empty: the table's.
	Page string
}

// TLSAddr is HOST:TLSPORT, where a native companion dials.
func (i Info) TLSAddr() string { return net.JoinHostPort(i.Host, strconv.Itoa(i.TLSPort)) }

// String builds the join URL.
func (i Info) String() string {
	table := net.JoinHostPort(i.Host, strconv.Itoa(i.WebPort))
	u := url.URL{Scheme: "http", Host: table, Path: "/"}
	if i.Page != "" {
		u.Host = i.Page
		u.Fragment = "t=" + table + "&"
	}
	// Written by hand, not with url.Values, to keep the documented order.
	u.Fragment +=
		"c=" + url.QueryEscape(i.Code) +
			"&k=" + base64.RawURLEncoding.EncodeToString(i.BoxKey[:]) +
			"&p=" + strconv.Itoa(i.TLSPort) +
			"&fp=" + i.Fingerprint
	return u.String()
}

// Parse reads a join URL, checking every field.
func Parse(raw string) (Info, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return Info{}, fmt.Errorf("join URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return Info{}, fmt.Errorf("join URL: scheme %q, want http", u.Scheme)
	}
	var info Info
	info.Host = u.Hostname()
	if info.Host == "" {
		return Info{}, errors.New("join URL: no host")
	}
	if info.WebPort, err = port(u.Port()); err != nil {
		return Info{}, fmt.Errorf("join URL: web port: %w", err)
	}
	frag, err := url.ParseQuery(u.Fragment)
	if err != nil {
		return Info{}, fmt.Errorf("join URL: fragment: %w", err)
	}
	if t := frag.Get("t"); t != "" {
		// The page is the hub's; the table is at t.
		info.Page = u.Host
		h, p, err := net.SplitHostPort(t)
		if err != nil || h == "" {
			return Info{}, fmt.Errorf("join URL: the table's address (t) %q is not HOST:PORT", t)
		}
		info.Host = h
		if info.WebPort, err = port(p); err != nil {
			return Info{}, fmt.Errorf("join URL: the table's web port (t): %w", err)
		}
	}
	return info, info.fill(frag)
}

func (i *Info) fill(frag url.Values) error {
	i.Code = frag.Get("c")
	if i.Code == "" {
		return errors.New("join URL: no table code (c)")
	}
	key, err := base64.RawURLEncoding.DecodeString(frag.Get("k"))
	if err != nil || len(key) != len(i.BoxKey) {
		return errors.New("join URL: the table key (k) is not 32 bytes of base64url")
	}
	copy(i.BoxKey[:], key)
	if i.TLSPort, err = port(frag.Get("p")); err != nil {
		return fmt.Errorf("join URL: TLS port (p): %w", err)
	}
	fp, err := hex.DecodeString(frag.Get("fp"))
	if err != nil || len(fp) != 32 {
		return errors.New("join URL: the fingerprint (fp) is not a hex SHA-256")
	}
	i.Fingerprint = strings.ToLower(frag.Get("fp"))
	return nil
}

func port(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 65535 {
		return 0, fmt.Errorf("%q is not a port", s)
	}
	return n, nil
}
