package console

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/tablee/tablee/internal/gate"
)

// home sends a signed-in browser to the tables, others to the sign-in.
func (h *Handler) home(w http.ResponseWriter, r *http.Request) {
	if _, _, ok := h.current(r); ok {
		http.Redirect(w, r, "/tables", http.StatusSeeOther)
		return
	}
	h.loginPage(w, r)
}

// loginPage asks for the staff PIN.
func (h *Handler) loginPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, http.StatusOK, h.newView(w, r, "login", ""), false)
}

// login checks the PIN through the console's gate (a wrong-PIN budget
// per source address) and signs the browser in.
func (h *Handler) login(w http.ResponseWriter, r *http.Request) {
	v := h.newView(w, r, "login", "")
	err := h.checkPIN(r, r.PostFormValue("pin"))
	var locked *gate.LockedError
	switch {
	case err == nil:
	case errors.As(err, &locked) && !locked.Began:
		secs := int(locked.Wait.Round(time.Second) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		v.Error = v.T("console.login.locked", "Seconds", secs)
		h.render(w, http.StatusTooManyRequests, v, false)
		return
	case errors.Is(err, gate.ErrWrong):
		v.Error = v.T("console.login.wrong")
		h.render(w, http.StatusUnauthorized, v, false)
		return
	case errors.Is(err, gate.ErrNotSet):
		v.Error = v.T(h.p.noPIN)
		h.render(w, http.StatusForbidden, v, false)
		return
	default:
		h.fail(w, v, err)
		return
	}
	now := h.cfg.Now()
	token, _, err := h.signins.open(now, now.Add(SessionTTL))
	if err != nil {
		h.fail(w, v, err)
		return
	}
	setCookie(w, token, now.Add(SessionTTL), int(SessionTTL/time.Second))
	http.Redirect(w, r, "/tables", http.StatusSeeOther)
}

// logout closes the browser's session.
func (h *Handler) logout(w http.ResponseWriter, r *http.Request, _ signin, token string) {
	h.signins.close(token)
	setCookie(w, "", time.Unix(0, 0), -1)
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}
