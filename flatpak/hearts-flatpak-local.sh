#!/bin/bash
# Build, install, launch and bundle the Hearts Flatpak against a locally made runtime.
#
# The GNOME runtime cannot be downloaded here, so a stand-in runtime and SDK are made from a
# minimal Debian root (debootstrap), exported into a local OSTree repo and installed with
# `flatpak --user`. The app is then built from a copy of flatpak/io.github.gtkhearts.Hearts.json
# whose runtime and SDK are swapped for the local ones. Everything slow is cached, so a rerun
# only rebuilds the app.
#
# Usage: flatpak/hearts-flatpak-local.sh [--tap] [--suite SUITE] [STEP...]
#   STEPS: rootfs runtime app launch play permissions bundle   (default: all, in that order)
#   --tap    print TAP (for meson test) instead of plain progress
#   --suite  the Debian release the runtime is made from: bookworm (default) or trixie;
#            each has its own runtime branch and cache, so both stay installed side by side
#
# Environment:
#   HEARTS_FLATPAK_CACHE   cache folder (default: ${XDG_CACHE_HOME:-~/.cache}/hearts-flatpak)
#   HEARTS_FLATPAK_MIRROR  Debian mirror for debootstrap (default: the host's apt source for
#                          Debian main)
#   HEARTS_FLATPAK_BUNDLE  where to write the bundle (default: $CACHE/hearts.flatpak; other
#                          releases than bookworm add their name: hearts-debian13.flatpak)
#   HEARTS_FLATPAK_SUITES  the releases when no --suite is given (default: bookworm)
#   HEARTS_FLATPAK_E2E     the end-to-end test program (build/tests/e2e/test-e2e) for "play"
#
# Needs on the host: flatpak flatpak-builder debootstrap elfutils xvfb xauth xdotool dbus python3
#   (and x11-utils, imagemagick for the window's description and screenshot)

set -euo pipefail

SRCDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
APP_ID=io.github.gtkhearts.Hearts
MANIFEST="$SRCDIR/flatpak/$APP_ID.json"
PACKAGES_FILE="$SRCDIR/flatpak/runtime-packages.txt"
ARCH=$(flatpak --default-arch 2>/dev/null || echo x86_64)
RUNTIME_ID=io.github.gtkhearts.LocalPlatform
SDK_ID=io.github.gtkhearts.LocalSdk
CACHE=${HEARTS_FLATPAK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hearts-flatpak}

TAP=0
STEPS=()
SUITES=()
while [ $# -gt 0 ]; do
  arg=$1; shift
  case $arg in
    --tap) TAP=1 ;;
    --suite) SUITES+=("$1"); shift ;;
    --suite=*) SUITES+=("${arg#--suite=}") ;;
    -h|--help) sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    rootfs|runtime|app|launch|play|permissions|bundle) STEPS+=("$arg") ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done
if [ ${#STEPS[@]} -eq 0 ]; then
  STEPS=(rootfs runtime app launch play permissions bundle)
fi
if [ ${#SUITES[@]} -eq 0 ]; then
  read -r -a SUITES <<< "${HEARTS_FLATPAK_SUITES:-bookworm}"
fi

# The mirror this machine's apt already uses for Debian main (any release: the mirror serves
# them all).
host_mirror () {
  apt-get indextargets --format '$(REPO_URI)|$(RELEASE)|$(COMPONENT)|$(SITE)' 2>/dev/null |
    awk -F'|' -v suite="$SUITE" '$3 == "main" && $2 == suite { print $1; found = 1; exit }
      $3 == "main" && $2 !~ /-(security|updates|backports)$/ && !any { any = $1 }
      END { if (!found && any) print any }'
}

# select_suite SUITE: points every per-release variable at SUITE's runtime and cache.
# bookworm keeps the cache's top folder (where it has always been); others get a subfolder.
select_suite () {
  SUITE=$1
  case $SUITE in
    bookworm) LABEL=debian12; SUITE_CACHE=$CACHE ;;
    trixie) LABEL=debian13; SUITE_CACHE=$CACHE/$SUITE ;;
    *) LABEL=$SUITE; SUITE_CACHE=$CACHE/$SUITE ;;
  esac
  RUNTIME_BRANCH=$SUITE
  REMOTE=hearts-local-$SUITE
  [ "$SUITE" = bookworm ] && REMOTE=hearts-local
  MIRROR=${HEARTS_FLATPAK_MIRROR:-$(host_mirror)}
  ROOTFS="$SUITE_CACHE/rootfs"
  RUNTIME_REPO="$SUITE_CACHE/runtime-repo"
  BUNDLE=${HEARTS_FLATPAK_BUNDLE:-$CACHE/hearts.flatpak}
  [ "$SUITE" = bookworm ] || BUNDLE="${BUNDLE%.flatpak}-$LABEL.flatpak"
  LOG="$CACHE/log/$LABEL"
  mkdir -p "$SUITE_CACHE" "$LOG"
}

# ---- reporting -----------------------------------------------------------------------------

test_num=0
failed=0

note () {
  if [ $TAP = 1 ]; then echo "# $*"; else echo ">>> $*"; fi
}

# run_step NAME FUNCTION: runs FUNCTION, logs its output, reports ok / not ok with timing;
# a FUNCTION that returns 77 is skipped, its last line of output saying why.
# Never call it in a condition (if, ||, &&): bash would then ignore set -e inside the step.
run_step () {
  local name=$1 fn=$2 start end rc log
  test_num=$((test_num + 1))
  start=$(date +%s)
  log="$LOG/${fn#step_}.log"
  note "$name: started (log: $log)"
  set +e
  ( set -euo pipefail; "$fn" ) > "$log" 2>&1
  rc=$?
  set -e
  end=$(date +%s)
  if [ $rc = 0 ]; then
    echo "ok $test_num - $name ($((end - start)) s)"
  elif [ $rc = 77 ]; then
    echo "ok $test_num - $name # SKIP $(tail -n 1 "$log")"
  else
    echo "not ok $test_num - $name ($((end - start)) s)"
    tail -n 40 "$log" | sed 's/^/# /'
    failed=1
  fi
}

# The packages for $SUITE: every plain line, and the lines "SUITE: package" of this suite.
package_list () {
  sed -e 's/#.*//' -e 's/[[:space:]]//g' "$PACKAGES_FILE" |
    awk -F: -v suite="$SUITE" 'NF == 1 && $1 != "" { print } NF == 2 && $1 == suite { print $2 }' |
    sort -u
}

# The cache key of the Debian root: suite + package list + the recipe version below.
ROOTFS_RECIPE=1
rootfs_key () {
  { echo "suite=$SUITE recipe=$ROOTFS_RECIPE arch=$ARCH"; package_list; } | sha256sum | cut -c1-16
}

# ---- step: rootfs --------------------------------------------------------------------------

step_rootfs () {
  local key
  key=$(rootfs_key)
  if [ -f "$ROOTFS/.hearts-rootfs-key" ] && [ "$(cat "$ROOTFS/.hearts-rootfs-key")" = "$key" ]; then
    echo "cached Debian root $ROOTFS (key $key)"
    return 0
  fi
  if [ -z "$MIRROR" ]; then
    echo "no apt source for $SUITE main on this machine: set HEARTS_FLATPAK_MIRROR"
    return 1
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "making the Debian root needs root (debootstrap, chroot); run once as root to fill the cache"
    return 1
  fi
  rm -rf "$ROOTFS.tmp"
  # debootstrap is slow and heavy on a shared machine: keep it out of everyone's way.
  mkdir -p "$SUITE_CACHE/debs"
  nice -n 15 ionice -c3 debootstrap --variant=minbase --cache-dir="$SUITE_CACHE/debs" \
    --include="$(package_list | paste -sd, -)" \
    "$SUITE" "$ROOTFS.tmp" "$MIRROR"
  # debootstrap only warns when packages fail to configure: insist on a clean root.
  local audit
  audit=$(chroot "$ROOTFS.tmp" dpkg --audit 2>&1)
  if [ -n "$audit" ]; then
    echo "$audit"
    echo "dpkg --audit in the new root is not clean; see $ROOTFS.tmp/debootstrap/debootstrap.log"
    return 1
  fi
  # Caches that package triggers may not have produced inside a bare chroot.
  chroot "$ROOTFS.tmp" /bin/sh -c '
    if [ -f /usr/share/i18n/locales/en_US ]; then localedef -i en_US -f UTF-8 en_US.UTF-8; fi
    fc-cache -f >/dev/null 2>&1 || true
    glib-compile-schemas /usr/share/glib-2.0/schemas
    gdk-pixbuf-query-loaders --update-cache 2>/dev/null ||
      /usr/lib/*/gdk-pixbuf-2.0/gdk-pixbuf-query-loaders --update-cache || true
    for t in /usr/share/icons/*/; do
      [ -f "$t/index.theme" ] && gtk-update-icon-cache -q -f "$t" 2>/dev/null || true
    done
    ldconfig
    apt-get clean
  '
  rm -rf "$ROOTFS.tmp/var/cache/apt/archives/"*.deb "$ROOTFS.tmp/var/lib/apt/lists/"*
  echo "$key" > "$ROOTFS.tmp/.hearts-rootfs-key"
  rm -rf "$ROOTFS"
  mv "$ROOTFS.tmp" "$ROOTFS"
}

# ---- step: runtime -------------------------------------------------------------------------

# export_runtime ID: exports the Debian root as runtime ID into $RUNTIME_REPO
export_runtime () {
  local id=$1 tree="$CACHE/export-$1"
  rm -rf "$tree"
  mkdir -p "$tree/files" "$tree/var"
  # Hard links: the tree is only read by build-export, and it is 1 GB.
  cp -al "$ROOTFS/usr" "$tree/usr"
  cp -a "$ROOTFS/etc" "$tree/usr/etc"
  cat > "$tree/metadata" <<EOF
[Runtime]
name=$id
runtime=$RUNTIME_ID/$ARCH/$RUNTIME_BRANCH
sdk=$SDK_ID/$ARCH/$RUNTIME_BRANCH
EOF
  nice -n 10 flatpak build-export --runtime --arch="$ARCH" \
    --subject="Debian $SUITE stand-in for the GNOME runtime ($(rootfs_key))" \
    "$RUNTIME_REPO" "$tree" "$RUNTIME_BRANCH"
  rm -rf "$tree"
}

step_runtime () {
  local key
  key=$(rootfs_key)
  if [ "$(flatpak --user info "$RUNTIME_ID//$RUNTIME_BRANCH" 2>/dev/null | sed -n 's/^ *Subject: .*(\(.*\))$/\1/p')" = "$key" ] &&
     [ "$(flatpak --user info "$SDK_ID//$RUNTIME_BRANCH" 2>/dev/null | sed -n 's/^ *Subject: .*(\(.*\))$/\1/p')" = "$key" ]; then
    echo "runtime and SDK with key $key already installed"
    return 0
  fi
  rm -rf "$RUNTIME_REPO"
  export_runtime "$RUNTIME_ID"
  export_runtime "$SDK_ID"
  flatpak build-update-repo "$RUNTIME_REPO"
  flatpak --user remote-delete --force "$REMOTE" 2>/dev/null || true
  flatpak --user remote-add --no-gpg-verify "$REMOTE" "$RUNTIME_REPO"
  flatpak --user install -y --noninteractive --reinstall "$REMOTE" \
    "runtime/$RUNTIME_ID/$ARCH/$RUNTIME_BRANCH" "runtime/$SDK_ID/$ARCH/$RUNTIME_BRANCH"
}

# ---- step: app -----------------------------------------------------------------------------

APP_REPO="$CACHE/app-repo"

SOURCE_COPY="$CACHE/source"

# The project as the manifest's dir source sees it, without build folders and other ignored
# files: from a git checkout, the tracked and untracked-but-not-ignored files (so uncommitted
# edits are built too); otherwise the whole folder.
copy_source () {
  rm -rf "$SOURCE_COPY"
  mkdir -p "$SOURCE_COPY"
  if git -C "$SRCDIR" rev-parse --show-toplevel > /dev/null 2>&1; then
    (cd "$SRCDIR" && git ls-files -z --cached --others --exclude-standard |
       xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
       tar --null -T - -cf -) | tar -xf - -C "$SOURCE_COPY"
  else
    (cd "$SRCDIR" && tar --exclude=./build --exclude=./_build --exclude=./.flatpak-builder -cf - .) |
      tar -xf - -C "$SOURCE_COPY"
  fi
  mkdir -p "$SOURCE_COPY/flatpak"
}

# A copy of the manifest with the runtime and SDK swapped for the local ones; it sits in the
# source copy's flatpak/ so that the dir source's relative path finds the project.
write_local_manifest () {
  LOCAL_MANIFEST="$SOURCE_COPY/flatpak/$APP_ID.local.json"
  python3 - "$MANIFEST" "$LOCAL_MANIFEST" "$RUNTIME_ID" "$SDK_ID" "$RUNTIME_BRANCH" <<'EOF'
import json, sys
src, dst, runtime, sdk, branch = sys.argv[1:]
with open (src) as f:
    m = json.load (f)
m['runtime'] = runtime
m['sdk'] = sdk
m['runtime-version'] = branch
# The local builds are the strict ones: no warning, and nothing the runtime's GTK or
# libadwaita deprecates (meson.build, api_versions). They carry the end-to-end tests'
# module, which the program loads only when HEARTS_TEST_MODULE names it.
# GSound comes from the local runtime's Debian packages (runtime-packages.txt), not from
# its tarball: GNOME's runtime has libcanberra but not GSound, these builds have no network.
m['modules'] = [mod for mod in m['modules'] if not (isinstance (mod, dict) and mod.get ('name') == 'gsound')]
for mod in m['modules']:
    if isinstance (mod, dict) and mod.get ('name') == 'hearts':
        mod.setdefault ('config-opts', []).extend (['-Dwerror=true', '-Dapi_versions=current', '-Dtest_module=true'])
with open (dst, 'w') as f:
    json.dump (m, f, indent=2)
EOF
}

step_app () {
  copy_source
  write_local_manifest
  cat "$LOCAL_MANIFEST"
  # The one module is a dir source, rebuilt every time, so flatpak-builder's cache would only
  # grow: go without it, and keep the app repo to its last two builds.
  nice -n 10 flatpak-builder --user --disable-rofiles-fuse --disable-cache --install --force-clean \
    --state-dir="$CACHE/builder-state" --repo="$APP_REPO" \
    "$CACHE/app-build" "$LOCAL_MANIFEST"
  flatpak build-update-repo --prune --prune-depth=2 "$APP_REPO"
  flatpak --user info "$APP_ID"
  # What the app was built against and runs with.
  echo "GTK and libadwaita in the $LABEL SDK:" \
    "$(flatpak run --user --devel --command=pkg-config "$APP_ID" --modversion gtk4 libadwaita-1 | paste -sd' ')"
}

# ---- step: launch --------------------------------------------------------------------------

step_launch () {
  local runtime_dir location
  location=$(flatpak --user info --show-location "$APP_ID")
  if [ ! -x "$location/files/bin/hearts" ]; then
    echo "no hearts binary in this build yet (the table work adds it)"
    return 77
  fi
  runtime_dir=$(mktemp -d "${TMPDIR:-/tmp}/hearts-flatpak-run.XXXXXX")
  chmod 700 "$runtime_dir"
  local rc=0
  # A private X display and session bus; no Wayland, so fallback-x11 gives the app X11.
  env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime_dir" \
    xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
    "$SRCDIR/tests/install/run-until-window.sh" --screenshot "$CACHE/flatpak-window.png" \
      --stop "flatpak kill $APP_ID" -- flatpak run "$APP_ID" || rc=$?
  rm -rf "$runtime_dir"
  return $rc
}

# ---- step: play ----------------------------------------------------------------------------

# The end-to-end driver of tests/e2e plays a short game (two hands) in the sandboxed app with
# real input: xdotool on the host clicks into the Flatpak's window on the same X display, and
# the state comes over the session bus from the app's "state" action.
step_play () {
  local runtime_dir rc=0
  # The driver reads the game's state from the tests' module, which the local build installs
  # in the sandbox (-Dtest_module=true); hearts-flatpak-run.sh hands its path on.
  local TEST_MODULE=/app/lib/hearts/libhearts-test-state.so
  if [ -z "${HEARTS_FLATPAK_E2E:-}" ] || [ ! -x "$HEARTS_FLATPAK_E2E" ]; then
    echo "no end-to-end driver: run from meson test with -De2e_tests=true (HEARTS_FLATPAK_E2E)"
    return 77
  fi
  if ! command -v xdotool > /dev/null; then
    echo "xdotool is not installed"
    return 77
  fi
  runtime_dir=$(mktemp -d "${TMPDIR:-/tmp}/hearts-flatpak-run.XXXXXX")
  chmod 700 "$runtime_dir"
  # run-in-session.sh gives the test its own XDG_DATA_HOME: flatpak is told where the
  # user installation (with the app just built) really is.
  env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime_dir" \
    FLATPAK_USER_DIR="${FLATPAK_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/flatpak}" \
    HEARTS_BIN="$SRCDIR/tests/flatpak/hearts-flatpak-run.sh" HEARTS_WINDOW_NAME="^Hearts" \
    HEARTS_TEST_MODULE="$TEST_MODULE" \
    HEARTS_FLATPAK_RULES="end=deals:2" G_TEST_BUILDDIR="$LOG" GSETTINGS_BACKEND=memory \
    G_DEBUG=fatal-warnings NO_AT_BRIDGE=1 GTK_A11Y=none \
    "$SRCDIR/tests/run-in-session.sh" "$HEARTS_FLATPAK_E2E" --tap -p /e2e/whole-game || rc=$?
  # The newer libadwaita draws the claim, review and trick-history dialogs inside the
  # window (AdwDialog): their end-to-end tests run in that runtime too, with their own rules.
  if [ "$SUITE" != bookworm ]; then
    for case in claim review last-trick; do
      # One at a time: a second instance of the app would hand over to the first and exit.
      flatpak kill "$APP_ID" 2>/dev/null || true
      env -u WAYLAND_DISPLAY XDG_RUNTIME_DIR="$runtime_dir" \
        FLATPAK_USER_DIR="${FLATPAK_USER_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/flatpak}" \
        HEARTS_BIN="$SRCDIR/tests/flatpak/hearts-flatpak-run.sh" HEARTS_WINDOW_NAME="^Hearts" \
        HEARTS_TEST_MODULE="$TEST_MODULE" \
        G_TEST_BUILDDIR="$LOG" GSETTINGS_BACKEND=memory G_DEBUG=fatal-warnings NO_AT_BRIDGE=1 GTK_A11Y=none \
        "$SRCDIR/tests/run-in-session.sh" "$HEARTS_FLATPAK_E2E" --tap -p "/e2e/$case" || rc=$?
    done
  fi
  flatpak kill "$APP_ID" 2>/dev/null || true
  rm -rf "$runtime_dir"
  return $rc
}

# ---- step: permissions ---------------------------------------------------------------------

step_permissions () {
  local perms
  perms=$(flatpak --user info --show-permissions "$APP_ID")
  echo "$perms"
  python3 - "$perms" <<'EOF'
import configparser, sys
kf = configparser.ConfigParser (interpolation=None)
kf.optionxform = str
kf.read_string (sys.argv[1])
ctx = dict (kf['Context']) if kf.has_section ('Context') else {}
def items (key):
    return sorted (x for x in ctx.get (key, '').split (';') if x)
problems = []
if items ('filesystems'):
    problems.append ('filesystem access: %s' % items ('filesystems'))
if 'network' in items ('shared'):
    problems.append ('network access')
if items ('shared') != ['ipc']:
    problems.append ('shared should be exactly ipc, is %s' % items ('shared'))
# flatpak writes --socket=fallback-x11 as "x11;fallback-x11": X11 is granted only where there
# is no Wayland. So x11 is fine together with fallback-x11, and only then.
sockets = items ('sockets')
if 'fallback-x11' in sockets and 'x11' in sockets:
    sockets.remove ('x11')
if sockets != ['fallback-x11', 'pulseaudio', 'wayland']:
    problems.append ('sockets should be fallback-x11;pulseaudio;wayland, are %s' % items ('sockets'))
if items ('devices') != ['dri']:
    problems.append ('devices should be exactly dri, are %s' % items ('devices'))
for key in ctx:
    if key not in ('shared', 'sockets', 'devices'):
        problems.append ('unexpected permission %s=%s' % (key, ctx[key]))
extra = [s for s in kf.sections () if s != 'Context']
if extra:
    problems.append ('unexpected sections %s' % extra)
for p in problems:
    print ('PROBLEM:', p)
sys.exit (1 if problems else 0)
EOF
}

# ---- step: bundle --------------------------------------------------------------------------

step_bundle () {
  mkdir -p "$(dirname "$BUNDLE")"
  flatpak build-bundle "$APP_REPO" "$BUNDLE" "$APP_ID"
  ls -l "$BUNDLE"
  # Read it back: the bundle imports into an empty repo as the app's ref.
  local check="$CACHE/bundle-check"
  rm -rf "$check"
  ostree init --repo="$check" --mode=archive-z2
  flatpak build-import-bundle "$check" "$BUNDLE"
  ostree refs --repo="$check" | tee "$check.refs"
  grep -qx "app/$APP_ID/$ARCH/master" "$check.refs"
  rm -rf "$check" "$check.refs"
}

# ---- main ----------------------------------------------------------------------------------

# What each step is called in the TAP output, after the runtime's name.
step_title () {
  case $1 in
    rootfs) echo "debian root" ;;
    app) echo "build" ;;
    play) echo "play a hand" ;;
    *) echo "$1" ;;
  esac
}

# One function called on one line, so that editing this file while it runs is harmless.
# A failed step skips the rest of its runtime only: the next runtime still gets its chance.
main () {
  local total_start suite_start step suite suite_failed
  [ $TAP = 1 ] && echo "1..$((${#STEPS[@]} * ${#SUITES[@]}))"
  total_start=$(date +%s)
  for suite in "${SUITES[@]}"; do
    select_suite "$suite"
    suite_start=$(date +%s)
    suite_failed=$failed
    failed=0
    for step in "${STEPS[@]}"; do
      if [ $failed = 1 ]; then
        test_num=$((test_num + 1))
        echo "not ok $test_num - $LABEL: $(step_title "$step") # skipped: an earlier step failed"
        continue
      fi
      run_step "$LABEL: $(step_title "$step")" "step_$step"
      if [ "$step" = app ]; then
        note "$(grep -h '^GTK and libadwaita' "$LOG/app.log" || true)"
      fi
    done
    note "$LABEL: $(($(date +%s) - suite_start)) s"
    [ $suite_failed = 1 ] && failed=1
  done
  note "total $(($(date +%s) - total_start)) s"
  return $failed
}

main; exit $?
