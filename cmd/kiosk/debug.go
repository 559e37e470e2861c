package main

import (
	"log"
	"net"
	"net/http"
	"net/http/pprof"
)

// servePprof serves Go's profiles on addr (--pprof, a debugging aid that
// stays off unless asked for): what wakes an idle kiosk and what holds its
// memory are read from a running window with go tool pprof.
func servePprof(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	log.Printf("kiosk: profiles on http://%s/debug/pprof/", ln.Addr())
	go func() {
		if err := http.Serve(ln, mux); err != nil {
			log.Printf("kiosk: pprof: %v", err)
		}
	}()
	return nil
}
