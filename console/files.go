package console

import (
	"net/http"
	"os"
)

// serveFile sends the database copy at path (Range requests and all).
func serveFile(w http.ResponseWriter, r *http.Request, path string) {
	f, err := os.Open(path)
	if err != nil {
		http.Error(w, "backup failed", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.Error(w, "backup failed", http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, "", st.ModTime(), f)
}
