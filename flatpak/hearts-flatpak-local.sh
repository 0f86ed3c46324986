#!/bin/bash
# Build, install, launch and bundle the Hearts Flatpak against a locally made runtime.
#
# The GNOME runtime cannot be downloaded here, so a stand-in runtime and SDK are made from a
# minimal Debian root (debootstrap), exported into a local OSTree repo and installed with
# `flatpak --user`. The app is then built from a copy of flatpak/io.github.gtkhearts.Hearts.json
# whose runtime and SDK are swapped for the local ones. Everything slow is cached, so a rerun
# only rebuilds the app.
#
# Usage: flatpak/hearts-flatpak-local.sh [--tap] [STEP...]
#   STEPS: rootfs runtime app launch permissions bundle   (default: all, in that order)
#   --tap  print TAP (for meson test) instead of plain progress
#
# Environment:
#   HEARTS_FLATPAK_CACHE   cache folder (default: ${XDG_CACHE_HOME:-~/.cache}/hearts-flatpak)
#   HEARTS_FLATPAK_MIRROR  Debian mirror for debootstrap (default: the host's apt source for
#                          bookworm main)
#   HEARTS_FLATPAK_BUNDLE  where to write the bundle (default: $CACHE/hearts.flatpak)
#
# Needs on the host: flatpak flatpak-builder debootstrap elfutils xvfb xauth xdotool dbus python3
#   (and x11-utils, imagemagick for the window's description and screenshot)

set -euo pipefail

SRCDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
APP_ID=io.github.gtkhearts.Hearts
MANIFEST="$SRCDIR/flatpak/$APP_ID.json"
PACKAGES_FILE="$SRCDIR/flatpak/runtime-packages.txt"
SUITE=bookworm
ARCH=$(flatpak --default-arch 2>/dev/null || echo x86_64)
RUNTIME_ID=io.github.gtkhearts.LocalPlatform
SDK_ID=io.github.gtkhearts.LocalSdk
RUNTIME_BRANCH=$SUITE
REMOTE=hearts-local

CACHE=${HEARTS_FLATPAK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/hearts-flatpak}
# The mirror this machine's apt already uses for bookworm.
host_mirror () {
  apt-get indextargets --format '$(REPO_URI)|$(RELEASE)|$(COMPONENT)' 2>/dev/null |
    awk -F'|' -v suite="$SUITE" '$2 == suite && $3 == "main" { print $1; exit }'
}
MIRROR=${HEARTS_FLATPAK_MIRROR:-$(host_mirror)}
BUNDLE=${HEARTS_FLATPAK_BUNDLE:-$CACHE/hearts.flatpak}

TAP=0
STEPS=()
for arg in "$@"; do
  case $arg in
    --tap) TAP=1 ;;
    -h|--help) sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    rootfs|runtime|app|launch|permissions|bundle) STEPS+=("$arg") ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done
if [ ${#STEPS[@]} -eq 0 ]; then
  STEPS=(rootfs runtime app launch permissions bundle)
fi

mkdir -p "$CACHE"
LOG="$CACHE/log"
mkdir -p "$LOG"

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
  local name=$1 fn=$2 start end rc
  test_num=$((test_num + 1))
  start=$(date +%s)
  note "$name: started (log: $LOG/$name.log)"
  set +e
  ( set -euo pipefail; "$fn" ) > "$LOG/$name.log" 2>&1
  rc=$?
  set -e
  end=$(date +%s)
  if [ $rc = 0 ]; then
    echo "ok $test_num - $name ($((end - start)) s)"
  elif [ $rc = 77 ]; then
    echo "ok $test_num - $name # SKIP $(tail -n 1 "$LOG/$name.log")"
  else
    echo "not ok $test_num - $name ($((end - start)) s)"
    tail -n 40 "$LOG/$name.log" | sed 's/^/# /'
    failed=1
  fi
}

package_list () {
  sed -e 's/#.*//' -e 's/[[:space:]]//g' "$PACKAGES_FILE" | grep -v '^$' | sort -u
}

# The cache key of the Debian root: suite + package list + the recipe version below.
ROOTFS_RECIPE=1
rootfs_key () {
  { echo "suite=$SUITE recipe=$ROOTFS_RECIPE arch=$ARCH"; package_list; } | sha256sum | cut -c1-16
}

# ---- step: rootfs --------------------------------------------------------------------------

ROOTFS="$CACHE/rootfs"

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
  mkdir -p "$CACHE/debs"
  nice -n 15 ionice -c3 debootstrap --variant=minbase --cache-dir="$CACHE/debs" \
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

RUNTIME_REPO="$CACHE/runtime-repo"

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
if sockets != ['fallback-x11', 'wayland']:
    problems.append ('sockets should be fallback-x11;wayland, are %s' % items ('sockets'))
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

# One function called on one line, so that editing this file while it runs is harmless.
main () {
  local total_start step
  [ $TAP = 1 ] && echo "1..${#STEPS[@]}"
  total_start=$(date +%s)
  for step in "${STEPS[@]}"; do
    if [ $failed = 1 ]; then
      test_num=$((test_num + 1))
      echo "not ok $test_num - $step # skipped: an earlier step failed"
      continue
    fi
    run_step "$step" "step_$step"
  done
  note "total $(($(date +%s) - total_start)) s"
  return $failed
}

main; exit $?
