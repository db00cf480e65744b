#!/usr/bin/env bash
# The peer comparison of issues 11 and 12 in one go: aclnn_cpu_bench (kernel-level rows of the
# kernel list, the rowwise rows, each with its roofline, and the oneDNN peers at 1 and 2
# threads; scripts/bench.sh builds and runs it), the PyTorch peers (scripts/bench_torch.py), then
# the tables (scripts/plot_bench.py --table --targets) into <out-dir>/peers.md.
# Usage: [FILTER=regex] [SIZES=n,n] [REPS=5] scripts/bench_peers.sh [build-dir] [out-dir]
#   FILTER: a regex searched (not anchored) in the row names of all three; default: the sizes
#   of the tables, 1M and 16M elements. E.g. FILTER='(Gelu|Softmax).*/16777216/'.
#   SIZES: the element counts of the tables and of the PyTorch rows (default 1M,16M).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
outdir=${2:-$build/peers}
sizes=${SIZES:-1048576,16777216}
filter=${FILTER:-/(${sizes//,/|})/}
reps=${REPS:-5}
mkdir -p "$outdir"
FILTER="$filter" REPS="$reps" "$root/scripts/bench.sh" "$build" "$outdir/bench.json"
/usr/bin/python3 "$root/scripts/bench_torch.py" --json "$outdir/torch.json" --reps "$reps" \
  --sizes "$sizes" --filter "$filter" >"$outdir/torch.txt"
/usr/bin/python3 "$root/scripts/plot_bench.py" "$outdir/bench.json" "$outdir/torch.json" \
  --table --sizes "$sizes" --targets --target-size "${sizes##*,}" >"$outdir/peers.md"
cat "$outdir/peers.md"
echo "wrote $outdir/peers.md (JSON: $outdir/bench.json, $outdir/torch.json)"
