#!/usr/bin/env bash
# Builds fuzz/fuzz_api with clang (libFuzzer + ASan + UBSan, the library instrumented too) and
# runs it for N seconds (default 60) on a copy of the committed seed corpus.
#   scripts/run_fuzz.sh [seconds] [build-dir]
# Prints libFuzzer's final line (executions, coverage "cov:", features "ft:").
set -euo pipefail
root_dir=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
build=${2:-$root_dir/build-fuzz}
cxx=${CXX_FUZZ:-$(command -v clang++-14 || command -v clang++)}
cc=${CC_FUZZ:-$(command -v clang-14 || command -v clang)}
# -O1 -g1 (line tables): libFuzzer's advice, and half the build time of RelWithDebInfo's -O2 -g.
cmake -S "$root_dir/fuzz" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" -DACLNN_CPU_ISAS=baseline > "$build.configure.log" 2>&1 || {
  cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "${JOBS:-$(nproc)}" --target fuzz_api > "$build.build.log" 2>&1 || {
  tail -50 "$build.build.log"; exit 1; }
work=$build/corpus
mkdir -p "$work"
cp -n "$root_dir"/fuzz/corpus/* "$work"/ 2>/dev/null || true
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# Operators refuse most inputs with an ERROR log line; keep the output readable.
export ASCEND_GLOBAL_LOG_LEVEL=4
set +e
"$build/fuzz_api" -max_total_time="$seconds" -max_len=512 -timeout=20 -rss_limit_mb=4096 \
  -artifact_prefix="$build/" -print_final_stats=1 "$work" > "$build.run.log" 2>&1
rc=$?
set -e
grep -E "^#[0-9]+[[:space:]]+(DONE|INITED)|stat::|ERROR|SUMMARY|runtime error" "$build.run.log" | tail -20
echo "fuzz_api exit status $rc (log: $build.run.log)"
exit $rc
