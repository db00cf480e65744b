#!/usr/bin/env bash
# valgrind memcheck on both vendor samples: passes only with 0 errors and 0 bytes definitely
# (or indirectly) lost.
#   scripts/run_valgrind.sh [build-dir]   (default: build-valgrind)
# The build uses ACLNN_CPU_NATIVE=OFF: valgrind does not decode every instruction that
# -march=native may emit (AVX-512 on this machine → SIGILL under valgrind).
set -euo pipefail
root_dir=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root_dir/build-valgrind}
cmake -S "$root_dir" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DACLNN_CPU_NATIVE=OFF > /dev/null
cmake --build "$build" -j "${JOBS:-$(nproc)}" --target sample_swish_backward sample_selu_backward \
  > "$build.build.log" 2>&1 || { tail -30 "$build.build.log"; exit 1; }
status=0
# Small thread pools keep valgrind (which serialises threads) fast; results do not depend on it.
export ACLNN_CPU_NUM_THREADS=2
for s in swish_backward selu_backward; do
  log=$build/valgrind_$s.log
  valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --show-leak-kinds=definite,indirect --track-origins=yes --log-file="$log" \
    "$build/tests/examples/sample_$s" > /dev/null || status=1
  errors=$(grep -Eo "ERROR SUMMARY: [0-9]+ errors" "$log" | tail -1)
  lost=$(grep -Eo "definitely lost: [0-9,]+ bytes" "$log" | tail -1 || true)
  echo "sample_$s: $errors; ${lost:-definitely lost: 0 bytes}"
done
exit $status
