#!/usr/bin/env bash
# Cross-builds aclnn-cpu for AArch64 (Debian's g++-aarch64-linux-gnu, GoogleTest from the sources
# Debian ships in /usr/src/googletest) and runs, under qemu-aarch64, the kernel tests and both
# vendor doc samples (output compared with tests/examples/expected). Only the targets needed.
#   scripts/run_aarch64.sh [build-dir]   (default: build/aarch64)
# Packages: scripts/install_deps.sh installs g++-aarch64-linux-gnu and qemu-user (unless
# ACLNN_CPU_SKIP_SANITIZERS=1 or ACLNN_CPU_SKIP_AARCH64=1).
set -euo pipefail
root_dir=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root_dir/build/aarch64}
sysroot=/usr/aarch64-linux-gnu
gtest_src=${ACLNN_CPU_GTEST_SOURCE_DIR:-/usr/src/googletest}
for tool in aarch64-linux-gnu-g++ qemu-aarch64; do
  command -v "$tool" >/dev/null || {
    echo "run_aarch64.sh: $tool not found (apt-get install g++-aarch64-linux-gnu qemu-user)"; exit 1; }
done
[ -f "$gtest_src/CMakeLists.txt" ] || { echo "run_aarch64.sh: no GoogleTest sources in $gtest_src"; exit 1; }
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
start=$(date +%s)
cmake -S "$root_dir" -B "$build" -DCMAKE_TOOLCHAIN_FILE="$root_dir/cmake/toolchains/aarch64-linux-gnu.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DACLNN_CPU_NATIVE=OFF -DBUILD_TESTING=ON -DACLNN_CPU_BUILD_BENCH=OFF \
  -DACLNN_CPU_GTEST_SOURCE_DIR="$gtest_src" "${launcher[@]}" > "$build.configure.log" 2>&1 || {
  cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j "${JOBS:-$(nproc)}" \
  --target test_kernels sample_swish_backward sample_selu_backward > "$build.build.log" 2>&1 || {
  tail -50 "$build.build.log"; exit 1; }
built=$(date +%s)
file "$build/tests/kernels/test_kernels" | grep -q "ARM aarch64" || {
  echo "run_aarch64.sh: test_kernels is not an AArch64 program"; exit 1; }

qemu=(qemu-aarch64 -L "$sysroot")
status=0
# Under qemu every instruction is emulated and the tests' long double references are software
# binary128 on AArch64, so the long sweeps (every kernel-list row at sizes up to a few blocks, the
# exhaustive 16-bit tests, golden mode) stay on the native run, and so do the cases whose logic
# does not depend on the instruction set (thread-count identity, the checker guard). Under qemu:
# every row's special values and strided / transposed / broadcast / 0-d / empty layouts (NEON
# packets, tails, the walk; the layouts with each operator's first parameter block: with the
# Erfinv reference's cheaper bisection, 224 s -> 116 s on a 2-core Zen 3); conversions, the pool,
# the split driver.
filter=${ACLNN_CPU_AARCH64_GTEST_FILTER:-*SpecialValues*:*StridedTransposed*:Convert.*:ThreadPool.*:RoundF64.*:SplitViews.*:SplitDriver.*:CacheInfoTest.*}
# Two shards in parallel (GoogleTest's sharding): qemu-user emulates on one host thread per guest
# thread, and the cases are mostly single-threaded.
shards=${JOBS:-$(nproc)}
pids=()
for ((i = 0; i < shards; ++i)); do
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i ACLNN_CPU_TEST_LAYOUT_PARAMS=1 "${qemu[@]}" "$build/tests/kernels/test_kernels" \
    --gtest_brief=1 --gtest_filter="$filter" > "$build/test_kernels.$i.log" 2>&1 &
  pids+=($!)
done
for ((i = 0; i < shards; ++i)); do
  if wait "${pids[$i]}"; then
    tail -2 "$build/test_kernels.$i.log"
  else
    status=1
    grep -E "FAILED|Failure" "$build/test_kernels.$i.log" | head -30 || true
  fi
done

# check_output.sh runs its argument directly: hand it a wrapper that starts the sample in qemu.
expected=$root_dir/tests/examples/expected
for pair in swish_backward:swish_backward.txt selu_backward:selu_backward_legacy.txt; do
  s=${pair%%:*}
  wrapper=$build/run_sample_$s.sh
  printf '#!/bin/sh\nexec %s "%s"\n' "${qemu[*]}" "$build/tests/examples/sample_$s" > "$wrapper"
  chmod +x "$wrapper"
  echo "== sample_$s (aarch64)"
  out=$(bash "$root_dir/tests/examples/check_output.sh" "$wrapper" "$expected/${pair#*:}") || status=1
  echo "${out##*$'\n'}"
done
echo "aarch64: build $((built - start)) s, tests $(($(date +%s) - built)) s, status $status"
exit $status
