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
# The kernel variants this CPU cannot run are compiled as a check only, at -O0
# (kernels/CMakeLists.txt, ACLNN_CPU_CHECK_ONLY_ISAS): on a CPU without AVX-512 that halves the
# kernels' compile time; on one with it every variant is built and tested.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON \
  -DACLNN_CPU_CHECK_ONLY_ISAS=auto >/dev/null
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
  # The fuzz run (one thread for 60 s) and the AArch64 phase (link steps, qemu) leave a core idle
  # at times: they run side by side, each into its own log, shown when both are done.
  mkdir -p "$root/build"
  bash "$root/scripts/run_fuzz.sh" "${ACLNN_CPU_FUZZ_SECONDS:-60}" "$root/build/fuzz" \
    > "$root/build/fuzz.phase.log" 2>&1 &
  fuzz_pid=$!
  arm_status=0
  if [ "${ACLNN_CPU_SKIP_AARCH64:-0}" != 1 ]; then
    bash "$root/scripts/run_aarch64.sh" "$root/build/aarch64" > "$root/build/aarch64.phase.log" 2>&1 ||
      arm_status=$?
  fi
  fuzz_status=0
  wait $fuzz_pid || fuzz_status=$?
  echo "--- fuzz"
  cat "$root/build/fuzz.phase.log"
  if [ "${ACLNN_CPU_SKIP_AARCH64:-0}" != 1 ]; then
    echo "--- AArch64"
    cat "$root/build/aarch64.phase.log"
  fi
  [ $fuzz_status -eq 0 ] && [ $arm_status -eq 0 ] || exit 1
  phase_done "fuzz + AArch64 cross build and qemu (side by side)"
  bash "$root/scripts/run_sanitizers.sh" "$root/build/sanitizers"
  phase_done "ASan+UBSan and TSan"
fi
