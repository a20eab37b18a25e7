#!/usr/bin/env bash
# Measures the kernels of one folder as a batch: each .s is assembled (as, objcopy) to a BHive-style
# row and all rows go through one `uopsim measure --blocks` run per round, so every reading of a
# round comes from the same process (separate `uopsim measure FILE` runs read a kernel up to 25%
# apart when another tenant shares the core for one of them). Prints each kernel's readings over
# ROUNDS rounds beside the simulation with MODEL (a name or a model file; default sapphirerapids),
# unrolled and delivered from the µop cache as `uopsim measure` runs them.
#   characterize/experiments/measure-batch.sh FOLDER [MODEL] [ROUNDS]
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
UOPSIM="$HERE/../../uopsim"
folder=${1:?usage: measure-batch.sh FOLDER [MODEL] [ROUNDS]}
model=${2:-sapphirerapids}
rounds=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kernels=()
for k in "$folder"/*.s; do
  as -o "$work/k.o" "$k"
  objcopy -O binary -j .text "$work/k.o" "$work/k.bin"
  printf '%s,0\n' "$(od -An -v -tx1 "$work/k.bin" | tr -d ' \n')" >> "$work/blocks.csv"
  kernels+=("$k")
done
for r in $(seq 1 "$rounds"); do
  flock /tmp/uopsim-machine.lock "$UOPSIM" measure --blocks "$work/blocks.csv" --out "$work/round$r.csv" > /dev/null 2>&1
done
printf '%-40s %-24s %8s\n' kernel "host (rounds)" model
i=0
while IFS=, read -r hex _; do
  readings=""
  for r in $(seq 1 "$rounds"); do
    c=$(grep "^$hex," "$work/round$r.csv" | cut -d, -f2 || true)
    readings+="${c:+$(awk -v c="$c" 'BEGIN { printf "%.2f", c / 100 }')} "
  done
  sim=$("$UOPSIM" simulate "${kernels[$i]}" --uarch "$model" --mode unrolled --unrolled-from uop-cache --json 2>/dev/null \
    | grep -o '"cycles_per_iteration" *: *[0-9.]*' | grep -o '[0-9.]*$' || true)
  printf '%-40s %-24s %8s\n' "$(basename "${kernels[$i]}" .s)" "$readings" "${sim:-?}"
  i=$((i + 1))
done < "$work/blocks.csv"
