#!/usr/bin/env bash
# Times the simulate phase of `uopsim bench` (1000 BHive blocks decoded once, 100 iterations each on
# skylake) over many passes, in thread CPU time and wall time, for the build in ROOT (default: this
# checkout). Compare two builds by the CPU minimum over the later passes, run in turn:
#   bench/simulate-time.sh                         # this checkout
#   bench/simulate-time.sh --root /path/to/other   # another built checkout
# Take the machine lock as for any timing (flock /tmp/uopsim-machine.lock bench/simulate-time.sh).
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
ROOT="$(dirname "$HERE")"
BLOCKS=1000
PASSES=30
source "$HERE/lib.sh"
bench_timing_args "$@"
bench_data "$ROOT" "$HERE"
bench_run "$ROOT" "$HERE/SimulateTime.java" SimulateTime "$BENCH_JVM" "$DATA" "$BLOCKS" "$PASSES"
