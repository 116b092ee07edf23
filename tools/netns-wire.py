#!/usr/bin/env python3
"""The lab's delayed link: a user-space cable between two TAP devices, one in a network namespace
(the app's eth0) and one in the root namespace (a port of the lab's bridge), that holds every
IPv4 frame to or from a listed peer for a fixed latency plus uniform jitter, each way — what
`tc qdisc add dev X root netem delay L J` on both ends' egress would do.

Why not netem: the kernels this lab runs on (Firecracker guests, CONFIG_NET_SCH_NETEM not set, no
modules to load) have no netem qdisc. Unlike netem with jitter, frames are never reordered: a frame
leaves no earlier than the one before it in the same direction (TCP would otherwise see spurious
reordering that a real link of this latency does not make).

Usage: netns-wire.py NETNS_PATH INNER_NAME OUTER_NAME [PEER_IP=LATENCY_US/JITTER_US ...]
Prints "ready" once both devices exist; runs until SIGTERM; the devices vanish with the process.
Standard library only (ctypes for setns: Python 3.11 has no os.setns).
"""
import ctypes
import fcntl
import heapq
import os
import random
import select
import signal
import socket
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TAP = 0x0002
IFF_NO_PI = 0x1000
CLONE_NEWNET = 0x40000000


def open_tap(name):
    fd = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TAP | IFF_NO_PI))
    return fd


def main():
    netns, inner_name, outer_name = sys.argv[1:4]
    peers = {}
    for arg in sys.argv[4:]:
        ip, spec = arg.split("=")
        latency, jitter = (int(x) for x in spec.split("/"))
        peers[socket.inet_aton(ip)] = (latency / 1e6, jitter / 1e6)
    outer = open_tap(outer_name)  # created in the namespace we started in: the root one
    libc = ctypes.CDLL(None, use_errno=True)
    ns_fd = os.open(netns, os.O_RDONLY)
    if libc.setns(ns_fd, CLONE_NEWNET) != 0:
        raise OSError(ctypes.get_errno(), "setns " + netns)
    os.close(ns_fd)
    inner = open_tap(inner_name)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print("ready", flush=True)

    def delay_of(frame, offset):
        # IPv4 only (ethertype 0x0800): the source (offset 26) or destination (offset 30) address.
        if len(frame) < 34 or frame[12:14] != b"\x08\x00":
            return 0.0
        d = peers.get(frame[offset:offset + 4])
        if d is None:
            return 0.0
        latency, jitter = d
        return max(0.0, latency + (random.uniform(-jitter, jitter) if jitter else 0.0))

    # (due time, sequence, target fd, frame); last[fd] keeps each direction in order.
    queue = []
    last = {inner: 0.0, outer: 0.0}
    seq = 0
    while True:
        now = time.monotonic()
        while queue and queue[0][0] <= now:
            _, _, target, frame = heapq.heappop(queue)
            try:
                os.write(target, frame)
            except OSError:
                pass  # a full or down device drops the frame, as a link would
        timeout = max(0.0, queue[0][0] - now) if queue else 1.0
        readable, _, _ = select.select([inner, outer], [], [], timeout)
        now = time.monotonic()
        for source in readable:
            for _ in range(64):
                try:
                    frame = os.read(source, 65536)
                except BlockingIOError:
                    break
                # Out of the app (inner -> outer): delay by destination; into it: by source.
                target, offset = (outer, 30) if source == inner else (inner, 26)
                wait = delay_of(frame, offset)
                if wait == 0.0 and not queue:
                    try:
                        os.write(target, frame)
                    except OSError:
                        pass
                    continue
                due = max(now + wait, last[target])
                last[target] = due
                seq += 1
                heapq.heappush(queue, (due, seq, target, frame))


if __name__ == "__main__":
    main()
