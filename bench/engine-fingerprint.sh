#!/usr/bin/env bash
# Prints the engine's fingerprint (cycles per iteration, cycles, and a digest of every listener event
# for the shipped kernels on every model and for BHive blocks) for the build in ROOT (default: this
# checkout). Run it before and after an engine change that should not change behaviour and diff:
#   bench/engine-fingerprint.sh > /tmp/after.txt
#   bench/engine-fingerprint.sh --root /path/to/other/checkout > /tmp/before.txt
#   diff /tmp/before.txt /tmp/after.txt && echo same
# The other checkout must be built (mvn -B -DskipTests package, or ./uopsim once).
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
ROOT="$(dirname "$HERE")"
BLOCKS=400
while [[ $# -gt 0 ]]; do
  case "$1" in
    --root) ROOT="$(cd "$2" && pwd)"; shift 2 ;;
    --blocks) BLOCKS="$2"; shift 2 ;;
    *) echo "usage: $0 [--root CHECKOUT] [--blocks N]" >&2; exit 2 ;;
  esac
done
source "$HERE/lib.sh"
bench_data "$ROOT" "$HERE"
bench_run "$ROOT" "$HERE/EngineFingerprint.java" EngineFingerprint "-Xss8m" "$DATA" "$BLOCKS"
