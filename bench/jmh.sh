#!/usr/bin/env bash
# Runs the engine's JMH benchmarks (sim-core/src/test/java/dev/uopsim/sim/EngineBenchmark.java)
# with the GC profiler: gc.alloc.rate.norm of cycleLoop is what the cycle loop allocates per
# operation (20 iterations). Extra arguments go to JMH, e.g.
#   bench/jmh.sh                              # everything, -prof gc
#   bench/jmh.sh 'EngineBenchmark.cycleLoop'  # the cycle loop only
#   bench/jmh.sh simulateBlock -prof jfr      # another profiler as well
# Builds sim-core and its test classes first (no install; the shared ~/.m2 is only read).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
cd "$ROOT"
CP="$(mktemp)"
trap 'rm -f "$CP"' EXIT
mvn -B -q -pl sim-core -am -DskipTests test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile="$CP" >/dev/null
JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
[[ -x "$JAVA" ]] || JAVA=java
BHIVE="$ROOT/../shared/data/bhive-sample-tninesling/skl_sample.csv"
ARGS=("$@")
[[ ${#ARGS[@]} -eq 0 ]] && ARGS=(EngineBenchmark)
exec "$JAVA" -Duopsim.bhive="$BHIVE" -cp "$ROOT/sim-core/target/test-classes:$ROOT/sim-core/target/classes:$(cat "$CP")" \
    org.openjdk.jmh.Main -prof gc "${ARGS[@]}"
