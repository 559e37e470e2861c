package httpserve

import (
	"io"
	"net"
	"net/http"
	"testing"
)

func TestServesUntilClosed(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := Serve(ln, &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "ok")
	})})
	if _, port, _ := net.SplitHostPort(s.Addr()); port == "0" || s.Port() == 0 {
		t.Fatalf("address %s, port %d", s.Addr(), s.Port())
	}
	res, err := http.Get("http://" + s.Addr() + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != "ok" {
		t.Errorf("answer %q", body)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get("http://" + s.Addr() + "/"); err == nil {
		t.Error("still serving after Close")
	}
}
