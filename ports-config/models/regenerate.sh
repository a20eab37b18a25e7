#!/usr/bin/env bash
# Regenerates the shipped models that are imported from uops.info tables (never edit those by hand).
# Each model records the exact command that made it ("generated.command"); this script runs those
# commands from the repository root, writing to a scratch folder first so that the launcher builds
# once, then moves the results into the resources. ModelRegenerationTest checks the shipped files
# equal what the commands produce.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=ports-config/src/main/resources/dev/uopsim/models
CSV=../shared/data/uops-info-csv
CORES=ports-config/models/cores
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# model name  table file
MODELS="skylake:skylake haswell:haswell broadwell:broadwell icelake:icelake tigerlake:tigerlake
rocketlake:rocketlake alderlake-p:alderlakep zen:zen zen2:zen2 zen4:zen4"

for pair in $MODELS; do
  name=${pair%%:*}; table=${pair##*:}
  ./uopsim models import-uops-info "$CSV/$table.csv" --core "$CORES/$name.core.json" --name "$name" > "$TMP/$name.json"
done
for pair in $MODELS; do
  name=${pair%%:*}
  mv "$TMP/$name.json" "$OUT/$name.json"
done
echo "regenerated: $(for p in $MODELS; do printf '%s ' "${p%%:*}"; done)"
