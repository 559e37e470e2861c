# Waiting on events, not on time, for the screenshot scripts (sourced).
# Each waits for what the other process says, and gives up after a bound
# only so that a broken run ends.

# start_xvfb SCREEN starts a private Xvfb of SCREEN (e.g. 1920x1080x24) on
# a display it picks, and returns once Xvfb says it is ready: -displayfd
# writes the display's number when the server accepts clients. Sets
# display (":N") and xvfb_pid; needs work, a private directory.
start_xvfb() {
  mkfifo "$work/displayfd"
  Xvfb -displayfd 3 -screen 0 "$1" -nolisten tcp 3>"$work/displayfd" >/dev/null 2>&1 &
  xvfb_pid=$!
  local n=""
  read -r -t 30 n <"$work/displayfd" || true
  if [ -z "$n" ]; then
    echo "Xvfb did not start" >&2
    return 1
  fi
  display=":$n"
}

# wait_line PATTERN FILE PID SECONDS returns once process PID wrote a line
# matching PATTERN to FILE; non-zero if PID ends first or SECONDS pass.
wait_line() {
  timeout "$4" grep -q -m1 -- "$1" < <(tail -n +1 -F --pid="$3" "$2" 2>/dev/null)
}

# settled_shot DISPLAY OUT writes DISPLAY's screen to OUT (PNG) once two
# photographs in a row are the same: the screen stopped changing (the
# frame with the state shown, any animation over). Needs work.
settled_shot() {
  local a="$work/shot-a.xwd" b="$work/shot-b.xwd"
  xwd -root -silent -display "$1" >"$a"
  for _ in $(seq 100); do
    xwd -root -silent -display "$1" >"$b"
    cmp -s "$a" "$b" && break
    mv "$b" "$a"
  done
  xwdtopnm <"$b" 2>/dev/null | pnmtopng >"$2"
}
