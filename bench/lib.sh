# Shared by the bench scripts (sourced): the BHive sample beside a checkout, and running one of the
# Java programs in this folder against a built checkout's classes.

# Sets DATA to the BHive sample beside ROOT (or beside this folder's checkout).
bench_data() { # ROOT HERE
  DATA="$1/../shared/data/bhive-sample-tninesling/skl_sample.csv"
  [[ -f "$DATA" ]] || DATA="$2/../../shared/data/bhive-sample-tninesling/skl_sample.csv"
  [[ -f "$DATA" ]] || { echo "missing BHive sample: $DATA" >&2; exit 2; }
}

# Compiles SOURCE against ROOT's build and runs MAIN with the JVM options and the arguments after them.
bench_run() { # ROOT SOURCE MAIN "JVM OPTIONS" ARG...
  local root="$1" source="$2" main="$3" jvm="$4"
  shift 4
  local app="$root/validation/target"
  [[ -d "$app/lib" ]] || { echo "$root is not built: run (cd $root && mvn -B -DskipTests package)" >&2; exit 2; }
  local java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
  BENCH_OUT="$(mktemp -d)"
  trap 'rm -rf "$BENCH_OUT"' EXIT
  "$(dirname "$java")/javac" -nowarn -d "$BENCH_OUT" -cp "$app/classes:$app/lib/*" "$source"
  # shellcheck disable=SC2086  # the options are words
  "$java" $jvm -cp "$BENCH_OUT:$app/classes:$app/lib/*" "$main" "$@"
}

# The launcher's JVM options (uopsim), for the timing harnesses.
BENCH_JVM="-XX:+UseParallelGC -XX:-UseCompressedOops -Xss8m"

# Parses [--root CHECKOUT] [--blocks N] [--passes N] into ROOT, BLOCKS and PASSES (set the defaults first).
bench_timing_args() { # "$@"
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --root) ROOT="$(cd "$2" && pwd)"; shift 2 ;;
      --blocks) BLOCKS="$2"; shift 2 ;;
      --passes) PASSES="$2"; shift 2 ;;
      *) echo "usage: $0 [--root CHECKOUT] [--blocks N] [--passes N]" >&2; exit 2 ;;
    esac
  done
}
