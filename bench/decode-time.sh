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
source "$HERE/lib.sh"
bench_timing_args "$@"
bench_data "$ROOT" "$HERE"
bench_run "$ROOT" "$HERE/DecodeTime.java" DecodeTime "$BENCH_JVM" "$DATA" "$BLOCKS" "$PASSES"
