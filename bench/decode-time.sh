#!/usr/bin/env bash
# Times the decode phase of `uopsim bench` (hex to bytes, one objdump run, forms found, for 1000
# BHive blocks) over many passes, in thread CPU time and wall time, for the build in ROOT (default:
# this checkout). objdump's own run shows in wall time only. Compare two builds run in turn:
#   bench/decode-time.sh                         # this checkout
#   bench/decode-time.sh --root /path/to/other   # another built checkout
# Take the machine lock as for any timing (flock /tmp/uopsim-machine.lock bench/decode-time.sh).
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
ROOT="$(dirname "$HERE")"
BLOCKS=1000
PASSES=60
while [[ $# -gt 0 ]]; do
  case "$1" in
    --root) ROOT="$(cd "$2" && pwd)"; shift 2 ;;
    --blocks) BLOCKS="$2"; shift 2 ;;
    --passes) PASSES="$2"; shift 2 ;;
    *) echo "usage: $0 [--root CHECKOUT] [--blocks N] [--passes N]" >&2; exit 2 ;;
  esac
done
source "$HERE/lib.sh"
bench_data "$ROOT" "$HERE"
# The launcher's JVM options (uopsim).
bench_run "$ROOT" "$HERE/DecodeTime.java" DecodeTime "-XX:+UseParallelGC -XX:-UseCompressedOops -Xss8m" "$DATA" "$BLOCKS" "$PASSES"
