#!/usr/bin/env bash
# valgrind memcheck on the default build (the one users install): both vendor samples and a
# slice of the kernel suite pass only with 0 errors and 0 bytes definitely (or indirectly) lost.
#   scripts/run_valgrind.sh [build-dir]   (default: build/test, the test command's build)
# No special build: the run-time ISA choice picks the variant valgrind decodes (it hides
# AVX-512 from cpuid, so the AVX2 kernels run).
set -euo pipefail
root_dir=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root_dir/build/test}
[ -f "$build/CMakeCache.txt" ] ||
  cmake -S "$root_dir" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON > /dev/null
cmake --build "$build" -j "${JOBS:-$(nproc)}" --target sample_swish_backward sample_selu_backward \
  test_kernels > "$build.valgrind-build.log" 2>&1 || { tail -30 "$build.valgrind-build.log"; exit 1; }
status=0
# Small thread pools keep valgrind (which serialises threads) fast; results do not depend on it.
export ACLNN_CPU_NUM_THREADS=2
for s in swish_backward selu_backward; do
  log=$build/valgrind_$s.log
  ACLNN_CPU_TRACE="$log.trace" valgrind --tool=memcheck --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect --track-origins=yes \
    --log-file="$log" "$build/tests/examples/sample_$s" > /dev/null || status=1
  variant=$(sed -n 's/.* numerics, \([a-z0-9_]*\) kernels)$/\1/p' "$log.trace" | head -1)
  errors=$(grep -Eo "ERROR SUMMARY: [0-9]+ errors" "$log" | tail -1)
  lost=$(grep -Eo "definitely lost: [0-9,]+ bytes" "$log" | tail -1 || true)
  echo "sample_$s: $errors; ${lost:-definitely lost: 0 bytes}; ${variant:-?} kernels"
done
# The kernel suite's generic tester on a few operators (every layout, both precisions, 1 and 2
# threads): valgrind runs ~50x slower, so a slice.
log=$build/valgrind_test_kernels.log
valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
  --show-leak-kinds=definite,indirect --log-file="$log" "$build/tests/kernels/test_kernels" \
  --gtest_filter='AllRows/RowSweep.*/SeluBackward*:AllRows/RowSweep.*/SwishBackwardAnyF32*:AllRows/RowSweep.*/GeluAnyF32*' \
  > "$log.stdout" || status=1
errors=$(grep -Eo "ERROR SUMMARY: [0-9]+ errors" "$log" | tail -1)
echo "test_kernels (slice): $(grep -Eo "[0-9]+ tests? from [0-9]+ test suites? ran" "$log.stdout" | tail -1); $errors; $(grep -Eo "PASSED.*" "$log.stdout" | tail -1)"
exit $status
