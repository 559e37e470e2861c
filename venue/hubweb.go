package venue

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strconv"
	"time"
)

// DefaultWebPort is the port of the hub's web page: the table's TLS port
// is 7457, its page 7458, its staff console 7459, the hub's leaf port
// 7460.
const DefaultWebPort = 7461

// serveWeb starts the venue's web page on addr.
func (h *Hub) serveWeb(addr string, page func(func() []string) (http.Handler, error)) error {
	handler, err := page(h.tablePages)
	if err != nil {
		return fmt.Errorf("venue hub: web page: %w", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("venue hub: --web-addr %s: %w", addr, err)
	}
	h.web.ln = ln
	h.web.srv = &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go h.web.srv.Serve(ln)
	host, _, _ := net.SplitHostPort(addr)
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "" // the kiosk names the hub as it dials it
	}
	h.web.at = net.JoinHostPort(host, port)
	return nil
}

// WebAddr is where the venue's web page is served, HOST:PORT as a phone
// may reach it (the machine's LAN address when listening on every
// address), or "" without a page.
func (h *Hub) WebAddr() string {
	if h.web.ln == nil {
		return ""
	}
	host, port, _ := net.SplitHostPort(h.web.at)
	if host == "" {
		host, _, _ = net.SplitHostPort(h.addr)
	}
	return net.JoinHostPort(host, port)
}

// closeWeb stops the web page (Close does it too).
func (h *Hub) closeWeb() {
	if h.web.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		h.web.srv.Shutdown(ctx)
	}
}

// tablePages is the tables' web addresses, sorted, as their hellos said.
func (h *Hub) tablePages() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]string, 0, len(h.news.pages))
	for _, p := range h.news.pages {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
