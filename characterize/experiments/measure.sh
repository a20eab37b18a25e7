#!/usr/bin/env bash
# Measures every kernel under the given folders (default: all of them) on this machine, unrolled,
# beside the sapphirerapids model with the default port choice and with the issue-slot rule. The
# figures and what they show are in ../REPORT.md ("Port binding, 256-bit loads and µop-cache
# windows probed"). Takes the machine lock for each measurement.
#   characterize/experiments/measure.sh [FOLDER...]
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
UOPSIM="$HERE/../../uopsim"
folders=("$@")
[[ ${#folders[@]} -gt 0 ]] || folders=("$HERE"/port-binding "$HERE"/ymm-loads)
cycles() { grep -o 'cycles per iteration *[0-9.]*\|^[^:]*: [0-9.]* cycles per iteration' | grep -o '[0-9][0-9.]*' | tail -1; }
printf '%-50s %8s %8s %10s\n' kernel host model issue-slot
for dir in "${folders[@]}"; do
  for k in "$dir"/*.s; do
    host=$(flock /tmp/uopsim-machine.lock "$UOPSIM" measure "$k" --mode unrolled 2>&1 | grep 'cycles per iteration' | tail -1 | cycles)
    sim=$("$UOPSIM" simulate "$k" --uarch sapphirerapids --mode unrolled --unrolled-from uop-cache 2>&1 | cycles)
    slot=$("$UOPSIM" simulate "$k" --uarch sapphirerapids --mode unrolled --unrolled-from uop-cache \
      --set rename.portBinding.choice=issue-slot 2>&1 | cycles)
    printf '%-50s %8s %8s %10s\n' "$(basename "$dir")/$(basename "$k" .s)" "${host:-?}" "${sim:-?}" "${slot:-?}"
  done
done
