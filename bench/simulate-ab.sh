#!/usr/bin/env bash
# Times the simulate phase of `uopsim bench` (as bench/simulate-time.sh does) for two or more built
# checkouts in one JVM, their passes alternated, and prints each one's thread-CPU minimum, lower
# quartile and median over the later two thirds of the passes. Other work on a shared CPU slows the
# builds alike, so a difference of 2-3% shows, which runs in separate JVMs do not show reliably:
#   bench/simulate-ab.sh /path/to/before /path/to/after
# Run it the other way round too (the order alternates within a run, but the JIT's order does not).
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
BLOCKS=1000
PASSES=90
ROOTS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --blocks) BLOCKS="$2"; shift 2 ;;
    --passes) PASSES="$2"; shift 2 ;;
    -*) echo "usage: $0 [--blocks N] [--passes N] CHECKOUT CHECKOUT..." >&2; exit 2 ;;
    *) ROOTS+=("$(cd "$1" && pwd)"); shift ;;
  esac
done
[[ ${#ROOTS[@]} -ge 2 ]] || { echo "usage: $0 [--blocks N] [--passes N] CHECKOUT CHECKOUT..." >&2; exit 2; }
source "$HERE/lib.sh"
bench_data "$(dirname "$HERE")" "$HERE"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
BUILDS=()
for k in "${!ROOTS[@]}"; do
  root="${ROOTS[$k]}"
  [[ -d "$root/validation/target/lib" ]] || { echo "$root is not built: run (cd $root && mvn -B -DskipTests package)" >&2; exit 2; }
  mkdir -p "$OUT/$k"
  "$(dirname "$java")/javac" -nowarn -d "$OUT/$k" -cp "$root/validation/target/classes:$root/validation/target/lib/*" "$HERE/SimulatePass.java"
  BUILDS+=("$OUT/$k=$root")
done
"$(dirname "$java")/javac" -nowarn -d "$OUT" "$HERE/SimulateAB.java"
# shellcheck disable=SC2086  # the options are words
"$java" $BENCH_JVM -cp "$OUT" SimulateAB "$DATA" "$BLOCKS" "$PASSES" "${BUILDS[@]}"
