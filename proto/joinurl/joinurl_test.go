package joinurl

import (
	"strings"
	"testing"
)

func sample() Info {
	var k [32]byte
	for i := range k {
		k[i] = byte(i * 7)
	}
	return Info{Host: "192.168.1.20", WebPort: 8080, Code: "483920", BoxKey: k, TLSPort: 7457,
		Fingerprint: strings.Repeat("ab", 32)}
}

func TestRoundTrip(t *testing.T) {
	in := sample()
	s := in.String()
	if !strings.HasPrefix(s, "http://192.168.1.20:8080/#c=483920&k=") {
		t.Fatalf("URL %q", s)
	}
	out, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if out != in {
		t.Fatalf("got %+v, want %+v", out, in)
	}
	if out.TLSAddr() != "192.168.1.20:7457" {
		t.Errorf("TLSAddr %q", out.TLSAddr())
	}
}

func TestIPv6Host(t *testing.T) {
	in := sample()
	in.Host = "fe80::1"
	out, err := Parse(in.String())
	if err != nil || out.Host != "fe80::1" || out.TLSAddr() != "[fe80::1]:7457" {
		t.Fatalf("%+v %v", out, err)
	}
}

func TestParseRefusesBrokenURLs(t *testing.T) {
	good := sample().String()
	for name, raw := range map[string]string{
		"empty":        "",
		"ftp":          strings.Replace(good, "http:", "ftp:", 1),
		"no port":      strings.Replace(good, ":8080", "", 1),
		"no code":      strings.Replace(good, "c=483920&", "", 1),
		"short key":    strings.Replace(good, "k=", "k=AA", 1),
		"bad tls port": strings.Replace(good, "p=7457", "p=99999", 1),
		"bad fp":       strings.Replace(good, "fp=ab", "fp=zz", 1),
		"no fragment":  strings.SplitN(good, "#", 2)[0],
	} {
		if _, err := Parse(raw); err == nil {
			t.Errorf("%s: %q accepted", name, raw)
		}
	}
}

// A venue table's URL loads the hub's page and names the table in the
// fragment: the native companion still dials the table, not the hub.
func TestHubPage(t *testing.T) {
	in := sample()
	in.Page = "192.168.1.5:7461"
	s := in.String()
	if !strings.HasPrefix(s, "http://192.168.1.5:7461/#t=192.168.1.20:8080&c=483920&k=") {
		t.Fatalf("URL %q", s)
	}
	out, err := Parse(s)
	if err != nil || out != in {
		t.Fatalf("got %+v %v, want %+v", out, err, in)
	}
	if out.TLSAddr() != "192.168.1.20:7457" {
		t.Errorf("TLSAddr %q", out.TLSAddr())
	}
	for _, bad := range []string{"192.168.1.20", ":8080", "192.168.1.20:0"} {
		if _, err := Parse(strings.Replace(s, "t=192.168.1.20:8080", "t="+bad, 1)); err == nil {
			t.Errorf("t=%s accepted", bad)
		}
	}
}
