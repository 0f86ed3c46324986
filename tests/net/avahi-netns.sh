#!/bin/bash
# Runs two commands on a private two-machine LAN with a real Avahi on each side,
# so DNS-SD (_hearts._tcp) is tested against avahi-daemon itself, not a mock.
#
#   avahi-netns.sh HOST_CMD... -- GUEST_CMD...
#
# Two network namespaces joined by a veth pair (host 10.77.0.1/24, guest
# 10.77.0.2/24) and nothing else: no route out, so no packet reaches a real
# network. Each side has its own "system" D-Bus daemon and avahi-daemon. HOST_CMD
# runs in the background on the host side, GUEST_CMD on the guest side, each with
# DBUS_SYSTEM_BUS_ADDRESS (its side's bus) and HEARTS_NET_ADDRESS (its address)
# set, the rest of the environment inherited, and the real filesystem in view.
#
# Exit status: the guest's; if the guest passed, the host's (the host has
# HEARTS_NET_HOST_GRACE seconds, default 30, to finish after the guest, then is
# killed and counts as failed). A host that fails before the guest ends the run
# at once with the host's status. 77 (meson's skip) when the machine cannot do
# this: not root, a tool missing, or no permission to make namespaces. 99 when
# the setup itself breaks (a daemon does not come up). Everything is bounded by
# HEARTS_NET_TIMEOUT seconds (default 240) and torn down on every exit path,
# even a SIGKILL of this script (see the reaper).

# The single-quoted scripts are run by other shells (SC2016); the trap is the
# caller of cleanup (SC2317).
# shellcheck disable=SC2016,SC2317
set -u

me=avahi-netns.sh

# The hang guard: run ourselves again under timeout(1). Its SIGTERM reaches our
# trap, which tears everything down; -k is the last resort if that hangs.
if [ -z "${_HEARTS_AVAHI_NETNS_GUARDED:-}" ]; then
  if command -v timeout >/dev/null 2>&1; then
    _HEARTS_AVAHI_NETNS_GUARDED=1 exec timeout -k 15 "${HEARTS_NET_TIMEOUT:-240}" "$0" "$@"
  fi
fi
unset _HEARTS_AVAHI_NETNS_GUARDED

skip () { echo "$me: SKIP: $*" >&2; exit 77; }
broken () { echo "$me: setup failed: $*" >&2; exit 99; }

host_cmd=()
guest_cmd=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do host_cmd+=("$1"); shift; done
[ $# -gt 0 ] && shift
guest_cmd=("$@")
if [ ${#host_cmd[@]} -eq 0 ] || [ ${#guest_cmd[@]} -eq 0 ]; then
  echo "usage: $me HOST_CMD... -- GUEST_CMD..." >&2
  exit 2
fi

[ "$(id -u)" -eq 0 ] || skip "needs root (network namespaces, mounts)"
for tool in ip unshare mount setsid timeout dbus-daemon dbus-send avahi-daemon; do
  command -v $tool >/dev/null 2>&1 || skip "$tool is not installed"
done

# $$ keeps concurrent runs apart; the veth is made inside the namespaces, so its
# name never appears in (or collides with) the machine's own interfaces.
ns_host=hearts-avahi-$$-host
ns_guest=hearts-avahi-$$-guest
iface=hearts0
created_ns=()
daemon_pids=()
cmd_pids=()
tmp=

# sweep NS...: ends every process left in the namespaces (a command's stray
# child too: a namespace with a process in it outlives "ip netns del"), then
# deletes them. Shared by the trap and the reaper below.
sweep='
  for i in $(seq 30); do
    left=$(for ns in "$@"; do ip netns pids "$ns" 2>/dev/null; done)
    [ -z "$left" ] && break
    kill -TERM $left 2>/dev/null
    sleep 0.1
  done
  kill -KILL $(for ns in "$@"; do ip netns pids "$ns" 2>/dev/null; done) 2>/dev/null
  for ns in "$@"; do ip netns del "$ns" 2>/dev/null; done
  true'

cleanup () {
  local status=$?
  trap - EXIT INT TERM HUP
  # The commands run in sessions of their own (setsid): end their whole groups.
  local pid
  for pid in "${cmd_pids[@]}"; do kill -TERM -- -"$pid" 2>/dev/null; done
  for pid in "${daemon_pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  bash -c "$sweep" sweep "${created_ns[@]}"
  for pid in "${cmd_pids[@]}"; do kill -KILL -- -"$pid" 2>/dev/null; done
  # Only by pid: a bare "wait" would also wait for the reaper, which waits for us.
  for pid in "${daemon_pids[@]}" "${cmd_pids[@]}"; do wait "$pid" 2>/dev/null; done
  if [ -n "$tmp" ]; then
    # The daemons' own words, when something went wrong (the temp dir goes next).
    if [ "$status" -ne 0 ] && [ "$status" -ne 77 ]; then
      for f in "$tmp"/*/*.log; do
        [ -s "$f" ] && { echo "--- $me: ${f#"$tmp"/}" >&2; cat "$f" >&2; }
      done
    fi
    rm -rf "$tmp"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

tmp=$(mktemp -d /tmp/hearts-avahi.XXXXXX) || broken "no temp dir"

# The reaper: meson sends SIGTERM and, half a second later, SIGKILL, which no
# trap survives. A process in its own session holds the read end of a pipe
# only we hold the write end of (every child gets it closed), and sweeps up
# when it reads EOF: when we are gone, however we went.
exec {reaper_fd}> >(exec setsid bash -c 'tmp=$1; shift; cat >/dev/null; '"$sweep"'; rm -rf "$tmp"' \
  reaper "$tmp" $ns_host $ns_guest >/dev/null 2>&1)

# Not being allowed to make a namespace (a container without CAP_SYS_ADMIN, a
# user namespace without netns) is the machine's limit, not a failure.
for ns in $ns_host $ns_guest; do
  err=$(ip netns add "$ns" 2>&1) || skip "cannot make a network namespace: $err"
  created_ns+=("$ns")
done
ip link add "$iface" netns $ns_host type veth peer name "$iface" netns $ns_guest \
  || skip "cannot make a veth pair"

# bring_up NS ADDRESS: loopback and the veth up; mDNS needs multicast on the link.
bring_up () {
  ip -n "$1" link set lo up &&
    ip -n "$1" addr add "$2/24" dev $iface &&
    ip -n "$1" link set $iface multicast on up
}
bring_up $ns_host 10.77.0.1 || broken "cannot configure $ns_host"
bring_up $ns_guest 10.77.0.2 || broken "cannot configure $ns_guest"

# poll SECONDS PID WHAT CMD...: a bounded wait for a daemon to get ready, and a
# quick failure if it dies first.
poll () {
  local seconds=$1 pid=$2 what=$3 _
  shift 3
  for _ in $(seq $((seconds * 10))); do
    "$@" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || broken "$what exited"
    sleep 0.1
  done
  broken "$what not ready after $seconds s"
}

avahi_running () {
  dbus-send --system --print-reply --dest=org.freedesktop.Avahi / \
    org.freedesktop.Avahi.Server.GetState 2>/dev/null | grep -q 'int32 2$'
}

# start_side NAME NS: a system-like bus and an avahi-daemon on it, in NS.
start_side () {
  local side=$1 ns=$2 dir=$tmp/$1 pid
  mkdir "$dir"
  # A bus of type system (what avahi-daemon expects) that lets everyone own
  # and call anything: no /usr/share/dbus-1/system.d, so Avahi's own policy
  # (only user avahi may own org.freedesktop.Avahi) does not apply, and no
  # service directory, so nothing is ever activated on it.
  cat >"$dir/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="true"/>
    <allow receive_sender="*"/>
    <allow eavesdrop="true"/>
  </policy>
</busconfig>
EOF
  # Only our veth, IPv4 only, no wide area, no reflector, nothing published
  # but what a test asks for. A host name per side: two daemons with the
  # machine's one name would collide and rename before reaching RUNNING.
  cat >"$dir/avahi.conf" <<EOF
[server]
host-name=hearts-$side-$$
domain-name=local
use-ipv4=yes
use-ipv6=no
allow-interfaces=$iface
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
publish-addresses=yes
publish-hinfo=no
publish-workstation=no
publish-domain=no
publish-resolv-conf-dns-servers=no
publish-aaaa-on-ipv4=no
[reflector]
enable-reflector=no
EOF
  local bus=unix:path=$dir/bus
  ip netns exec "$ns" dbus-daemon --nofork --nopidfile --config-file="$dir/bus.conf" \
    >"$dir/dbus-daemon.log" 2>&1 {reaper_fd}>&- &
  pid=$!
  daemon_pids+=("$pid")
  poll 10 "$pid" "dbus-daemon ($side)" \
    dbus-send --bus="$bus" --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.Peer.Ping

  # avahi-daemon keeps its pid file and socket in /run/avahi-daemon, and
  # refuses to start when another daemon's pid file is there: each one gets a
  # mount namespace with a tmpfs over /run (which also hides the machine's
  # real system bus from it) and over /etc/avahi/services (the machine's static
  # services are not ours to publish).
  DBUS_SYSTEM_BUS_ADDRESS=$bus ip netns exec "$ns" unshare -m --propagation private sh -c '
    mount -t tmpfs -o mode=0755 tmpfs /run && mkdir /run/avahi-daemon || exit 1
    if [ -d /etc/avahi/services ]; then mount -t tmpfs tmpfs /etc/avahi/services || exit 1; fi
    exec avahi-daemon --no-drop-root --no-chroot --no-rlimits --no-proc-title -f "$1"' \
    sh "$dir/avahi.conf" >"$dir/avahi-daemon.log" 2>&1 {reaper_fd}>&- &
  pid=$!
  daemon_pids+=("$pid")
  DBUS_SYSTEM_BUS_ADDRESS=$bus poll 10 "$pid" "avahi-daemon ($side)" avahi_running
}
start_side host $ns_host
start_side guest $ns_guest

# run_cmd NS SIDE ADDRESS CMD...: in a session of its own, so that cleanup can
# end the command with all its children.
run_cmd () {
  local ns=$1 side=$2 address=$3
  shift 3
  setsid ip netns exec "$ns" env DBUS_SYSTEM_BUS_ADDRESS="unix:path=$tmp/$side/bus" \
    HEARTS_NET_ADDRESS="$address" "$@" {reaper_fd}>&- &
}
run_cmd $ns_host host 10.77.0.1 "${host_cmd[@]}"
host_pid=$!
cmd_pids+=("$host_pid")
run_cmd $ns_guest guest 10.77.0.2 "${guest_cmd[@]}"
guest_pid=$!
cmd_pids+=("$guest_pid")

host_status=
wait -n -p done_pid $host_pid $guest_pid
status=$?
if [ "$done_pid" = "$host_pid" ]; then
  host_status=$status
  if [ "$host_status" -ne 0 ]; then
    echo "$me: the host command failed (status $host_status) before the guest finished" >&2
    exit "$host_status"
  fi
  wait $guest_pid
  guest_status=$?
else
  guest_status=$status
fi
[ "$guest_status" -ne 0 ] && exit "$guest_status"

if [ -z "$host_status" ]; then
  grace=${HEARTS_NET_HOST_GRACE:-30}
  sleep "$grace" {reaper_fd}>&- &
  timer_pid=$!
  wait -n -p done_pid $host_pid $timer_pid
  status=$?
  if [ "$done_pid" = "$host_pid" ]; then
    host_status=$status
    kill $timer_pid 2>/dev/null
  else
    echo "$me: the host command was still running $grace s after the guest finished" >&2
    host_status=1
  fi
fi
exit "$host_status"
