#!/bin/sh
# Screenshots of the Preferences pages, the Statistics dialog, the hand review, the trick
# history and a claim, under Xvfb.
#   tests/ui/screenshots.sh BUILD_DIR OUT_DIR
set -eu
build=${1:-build}
out=${2:-settings-shots}
mkdir -p "$out"
tool="$build/tests/ui/show-settings-dialogs"
export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 GDK_BACKEND=x11

shot () {
  xvfb-run -a -s "-screen 0 1300x1500x24" "$tool" "$@"
}

for page in game notice players appearance aisleriot; do
  shot preferences $page "$out/preferences-$page.png"
done
shot preferences game "$out/preferences-game-dark.png" dark
# The score sheet: a game over, and a long game with long names, wide and 400 px narrow.
shot score-sheet "$out/score-sheet.png"
shot score-sheet "$out/score-sheet-narrow.png" narrow
shot score-sheet "$out/score-sheet-long.png" long
shot score-sheet "$out/score-sheet-long-narrow.png" long-narrow
shot statistics "$out/statistics.png"
shot statistics "$out/statistics-dark.png" dark

# The hand review on a laptop's screen and a phone's.
for size in 1280x800 400x800; do
  for step in computing pass costly; do
    xvfb-run -a -s "-screen 0 ${size}x24" "$build/tests/ui/show-review" $step \
      "${size%x*}" "${size#*x}" "$out/review-$step-$size.png"
  done
done
# The last trick and the hand so far over a game in play, wide and 400 px narrow.
history="$build/tests/ui/show-trick-history"
for mode in last hand; do
  xvfb-run -a -s "-screen 0 1024x768x24" "$history" $mode 1000 "$out/trick-history-$mode.png"
  xvfb-run -a -s "-screen 0 1024x768x24" "$history" $mode 400 "$out/trick-history-$mode-narrow.png"
done
xvfb-run -a -s "-screen 0 1024x768x24" "$history" hand 1000 "$out/trick-history-hand-dark.png" dark
# A trick worth less than nothing (Omnibus), and a claim's proof.
xvfb-run -a -s "-screen 0 1024x768x24" "$history" last 1000 "$out/trick-history-negative.png" light negative
xvfb-run -a -s "-screen 0 1024x768x24" "$build/tests/ui/show-claim" 1000 "$out/claim-proof.png"
