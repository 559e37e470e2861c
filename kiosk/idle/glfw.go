package idle

import (
	"time"

	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.4/glfw"
)

// postEmptyEvent wakes GLFW's event wait; GLFW allows it from any thread.
func postEmptyEvent() { glfw.PostEmptyEvent() }

// waitEvents waits on the main thread for an event, at most d.
func waitEvents(d time.Duration) { glfw.WaitEventsTimeout(d.Seconds()) }

// contextRunner is what Fyne's GLFW window offers to run code with its
// GL context current (the driver's own interface is internal).
type contextRunner interface {
	RunWithContext(f func())
}

// watchInput has onInput called on every pointer, wheel and key event of
// w, before Fyne handles it, on the UI goroutine. Fyne keeps its GLFW
// window to itself: the window is found as the current context while
// Fyne runs code with it, and each of Fyne's callbacks is chained behind
// ours (GLFW's setters return the callback they replace). It returns false
// when w is not a GLFW window.
func watchInput(w fyne.Window, onInput func()) bool {
	r, ok := w.(contextRunner)
	if !ok {
		return false
	}
	var gw *glfw.Window
	r.RunWithContext(func() { gw = glfw.GetCurrentContext() })
	if gw == nil {
		return false
	}
	var (
		pos    glfw.CursorPosCallback
		button glfw.MouseButtonCallback
		scroll glfw.ScrollCallback
		key    glfw.KeyCallback
		char   glfw.CharCallback
	)
	pos = gw.SetCursorPosCallback(func(w *glfw.Window, x, y float64) {
		onInput()
		if pos != nil {
			pos(w, x, y)
		}
	})
	button = gw.SetMouseButtonCallback(func(w *glfw.Window, b glfw.MouseButton, a glfw.Action, m glfw.ModifierKey) {
		onInput()
		if button != nil {
			button(w, b, a, m)
		}
	})
	scroll = gw.SetScrollCallback(func(w *glfw.Window, x, y float64) {
		onInput()
		if scroll != nil {
			scroll(w, x, y)
		}
	})
	key = gw.SetKeyCallback(func(w *glfw.Window, k glfw.Key, s int, a glfw.Action, m glfw.ModifierKey) {
		onInput()
		if key != nil {
			key(w, k, s, a, m)
		}
	})
	char = gw.SetCharCallback(func(w *glfw.Window, r rune) {
		onInput()
		if char != nil {
			char(w, r)
		}
	})
	return true
}
