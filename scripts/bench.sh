#!/usr/bin/env bash
# Builds and runs aclnn_cpu_bench; writes Google Benchmark JSON (every repetition kept, so the
# tables can give median and min-max). One process per thread count for the process-level
# benchmarks (end to end, oneDNN): the runtime reads ACLNN_CPU_NUM_THREADS once per process.
# Usage: scripts/bench.sh [build-dir] [out.json]   (REPS=5, FILTER=regex to narrow the run)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=${2:-$build/bench.json}
reps=${REPS:-5}
filter=${FILTER:-.}
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target aclnn_cpu_bench -j"$(nproc)" >/dev/null
bin=$build/bench/aclnn_cpu_bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
common=(--benchmark_repetitions="$reps" --benchmark_display_aggregates_only=true
        --benchmark_out_format=json)
# Process 1: kernel level and roofline (pools of 1 and 2 threads inside), end to end and
# oneDNN at 1 thread. Process 2: end to end and oneDNN at 2 threads.
ACLNN_CPU_NUM_THREADS=1 OMP_NUM_THREADS=1 "$bin" "${common[@]}" \
  --benchmark_filter="$filter" --benchmark_out="$tmp/t1.json"
# The filter is searched inside the names and joined to this pattern; one anchored with ^ cannot
# be (the 2-thread process is then skipped, with a message: leave the ^ out, the names start with
# the row kind anyway). A failed process leaves the 1-thread results, not nothing.
if [ "${filter#^}" != "$filter" ]; then
  echo "bench.sh: FILTER starts with ^: no 2-thread e2e/oneDNN process" >&2
else
  ACLNN_CPU_NUM_THREADS=2 OMP_NUM_THREADS=2 "$bin" "${common[@]}" \
    --benchmark_filter="^(e2e|onednn)/.*($filter)" --benchmark_out="$tmp/t2.json" ||
    echo "bench.sh: the 2-thread process failed; writing the 1-thread results only" >&2
fi
/usr/bin/python3 - "$tmp/t1.json" "$tmp/t2.json" "$out" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
try:
    a["benchmarks"] += json.load(open(sys.argv[2]))["benchmarks"]
except (OSError, ValueError):
    print("bench.sh: no 2-thread results to merge", file=sys.stderr)
json.dump(a, open(sys.argv[3], "w"), indent=1)
PY
echo "wrote $out"
