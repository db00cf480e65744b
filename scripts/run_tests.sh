#!/usr/bin/env bash
# Second command of the README (and what CI runs): install dependencies, build with tests,
# run the whole suite.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ACLNN_CPU_TEST_BUILD_DIR:-$root/build/test}
start=$(date +%s)
last=$start
# One line per phase with its wall time (CI's budget is 40 minutes on 2 cores).
phase_done() {
  local now
  now=$(date +%s)
  echo "=== $1: $((now - last)) s (total $((now - start)) s)"
  last=$now
}
bash "$root/scripts/install_deps.sh"
bash "$root/scripts/check_layers.sh"
phase_done "dependencies + layering check"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON >/dev/null
cmake --build "$build" -j"$(nproc)"
phase_done "Release build"
(cd "$build" && ctest --output-on-failure -j"$(nproc)" --timeout 600)
phase_done "Release suite"
# Reliability runs (ACLNN_CPU_SKIP_SANITIZERS=1 skips them all): valgrind memcheck on both
# samples, a 60 s libFuzzer run on the committed corpus, the AArch64 cross build with its kernel
# tests and both samples under qemu (ACLNN_CPU_SKIP_AARCH64=1 skips it alone), then the whole
# suite under ASan+UBSan and under TSan. The sanitizer summary comes last.
if [ "${ACLNN_CPU_SKIP_SANITIZERS:-0}" != 1 ]; then
  bash "$root/scripts/run_valgrind.sh" "$build"
  phase_done "valgrind"
  bash "$root/scripts/run_fuzz.sh" "${ACLNN_CPU_FUZZ_SECONDS:-60}" "$root/build/fuzz"
  phase_done "fuzz"
  if [ "${ACLNN_CPU_SKIP_AARCH64:-0}" != 1 ]; then
    bash "$root/scripts/run_aarch64.sh" "$root/build/aarch64"
    phase_done "AArch64 cross build + qemu"
  fi
  bash "$root/scripts/run_sanitizers.sh" "$root/build/sanitizers"
  phase_done "ASan+UBSan and TSan"
fi
