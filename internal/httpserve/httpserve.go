// Package httpserve is the HTTP server the kiosk's web services share —
// the web companion's page (kiosk/web) and the staff console
// (console): serving on a listener the service opened, its address
// and port, and a bounded shutdown. What each serves, its listener (plain
// or TLS) and its timeouts stay the service's own.
package httpserve

import (
	"context"
	"net"
	"net/http"
	"time"
)

// shutdownWait bounds how long Close waits for requests in flight.
const shutdownWait = 2 * time.Second

// Server serves one http.Server on one listener until Close.
type Server struct {
	http *http.Server
	ln   net.Listener
}

// Serve serves srv on ln, in the background, until Close.
func Serve(ln net.Listener, srv *http.Server) *Server {
	s := &Server{http: srv, ln: ln}
	go srv.Serve(ln)
	return s
}

// Addr is the address the server listens on.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Port is the port the server listens on.
func (s *Server) Port() int { return s.ln.Addr().(*net.TCPAddr).Port }

// Close stops the server, waiting a little for the requests in flight.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), shutdownWait)
	defer cancel()
	return s.http.Shutdown(ctx)
}
