#!/bin/bash
# Starts a program, waits until it maps a window, reports the window, then stops the program.
# Meant to run on a private X display (xvfb-run) where every mapped window is the program's.
# Exit status: 0 when a window appeared, 1 when the program exited first or none appeared.
#
# Usage: run-until-window.sh [--screenshot FILE] [--stop CMD] -- PROGRAM [ARG...]
#   --screenshot FILE  also wait until the window has drawn something, and save the screen
#   --stop CMD  run CMD (through sh -c) to stop the program, before killing it (flatpak kill)

set -u
screenshot=
stop_cmd=
while [ $# -gt 0 ]; do
  case $1 in
    --screenshot) screenshot=$2; shift 2 ;;
    --stop) stop_cmd=$2; shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done

# Long enough for a cold start on a loaded 2-core machine; it is a deadline, not a measurement.
tries=240

"$@" &
pid=$!
windows=
for _ in $(seq $tries); do
  if ! kill -0 $pid 2>/dev/null; then
    wait $pid
    echo "the program exited with status $? before it mapped a window"
    exit 1
  fi
  # Top-level client windows have a WM_CLASS; the root window and helper windows do not.
  windows=$(xdotool search --onlyvisible --class '.' 2>/dev/null)
  [ -n "$windows" ] && break
  sleep 0.5
done

status=1
if [ -n "$windows" ]; then
  status=0
  for w in $windows; do
    echo "window $w: name '$(xdotool getwindowname "$w" 2>/dev/null)'" \
         "class '$(xprop -id "$w" WM_CLASS 2>/dev/null | sed 's/.* = //')'" \
         "geometry $(xdotool getwindowgeometry "$w" 2>/dev/null | sed -n 's/.*Geometry: //p')"
  done
  if [ -n "$screenshot" ]; then
    # A mapped window is not yet a drawn one: wait until the screen is no longer one flat
    # colour (Xvfb starts black), then keep that picture.
    drawn=
    if command -v import > /dev/null && command -v identify > /dev/null; then
      for _ in $(seq 60); do
        import -window root "$screenshot" 2>/dev/null
        deviation=$(identify -format '%[fx:standard_deviation]' "$screenshot" 2>/dev/null)
        if [ -n "$deviation" ] && [ "$deviation" != 0 ]; then drawn=yes; break; fi
        sleep 0.5
      done
      if [ -n "$drawn" ]; then
        echo "screenshot: $screenshot"
      else
        echo "the window never drew anything (screenshot: $screenshot)"
        status=1
      fi
    else
      echo "no screenshot: ImageMagick's import and identify are not installed"
    fi
  fi
  if ! kill -0 $pid 2>/dev/null; then
    echo "the program exited right after mapping its window"
    status=1
  fi
else
  echo "no window appeared"
fi

[ -n "$stop_cmd" ] && sh -c "$stop_cmd" 2>/dev/null
kill $pid 2>/dev/null
for _ in $(seq 20); do kill -0 $pid 2>/dev/null || break; sleep 0.25; done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
exit $status
