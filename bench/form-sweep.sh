#!/usr/bin/env bash
# Simulates characterize's benchmark of every form on each shipped model (or the models named) and
# lists what the engine cannot simulate, naming each benchmark that made no progress (an engine that
# stalls for good on some form). Run it after engine changes; every model takes 1-3 minutes on 2 cores.
#   bench/form-sweep.sh                     # every shipped model
#   bench/form-sweep.sh --every 5 skylake   # every 5th benchmark, one model
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
ROOT="$(dirname "$HERE")"
EVERY=1
MODELS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --every) EVERY="$2"; shift 2 ;;
    --root) ROOT="$(cd "$2" && pwd)"; shift 2 ;;
    -*) echo "usage: $0 [--root CHECKOUT] [--every N] [MODEL...]" >&2; exit 2 ;;
    *) MODELS+=("$1"); shift ;;
  esac
done
source "$HERE/lib.sh"
if [[ ${#MODELS[@]} -eq 0 ]]; then
  MODELS=(skylake haswell broadwell icelake tigerlake rocketlake alderlake-p sapphirerapids sandybridge ivybridge zen zen2 zen3 zen4 k8)
fi
bench_run "$ROOT" "$HERE/FormSweep.java" FormSweep "-Devery=$EVERY --enable-native-access=ALL-UNNAMED $BENCH_JVM" "${MODELS[@]}"
