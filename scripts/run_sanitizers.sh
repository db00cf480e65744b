#!/usr/bin/env bash
# Builds the tree and its tests with ASan+UBSan (everything; the whole suite but the packaging and
# header-compile tests) and with TSan (the threaded suites only), and runs ctest in each.
# Exit status: non-zero if a build fails or a test fails or a sanitizer reports.
#   scripts/run_sanitizers.sh [build-root] [-- extra ctest args]
# Environment: JOBS (default: nproc), SANITIZERS (default "address,undefined thread").
set -euo pipefail
root_dir=$(cd "$(dirname "$0")/.." && pwd)
build_root=${1:-$root_dir/build-sanitizers}
shift $(( $# > 0 ? 1 : 0 ))
[[ "${1:-}" == "--" ]] && shift
jobs=${JOBS:-$(nproc)}
supp=$root_dir/tests/reliability/tsan.supp
status=0
mkdir -p "$build_root"

for san in ${SANITIZERS:-address,undefined thread}; do
  dir=$build_root/${san//,/-}
  echo "=== $san: configure + build in $dir"
  t0=$(date +%s)
  # -O1 keeps build and run times down; -g1 (line tables: reports keep file:line) compiles
  # ~40% faster than -g under the sanitizers. One kernel variant, for this machine
  # (-march=native): the ISA choice itself is tested by the default build.
  cmake -S "$root_dir" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DACLNN_CPU_SANITIZE="$san" -DACLNN_CPU_BUILD_BENCH=OFF -DACLNN_CPU_NATIVE=ON \
    -DACLNN_CPU_TEST_SHARDS="${ACLNN_CPU_TEST_SHARDS:-4}" -DACLNN_CPU_BUILD_EXAMPLES=OFF \
    > "$dir.configure.log" 2>&1 || {
    cat "$dir.configure.log"; exit 1; }
  # TSan runs the threaded suites only (see below): build just those.
  targets=()
  [[ "$san" == *thread* ]] &&
    targets=(--target test_kernels test_runtime test_runtime_inline test_nnopbase test_reliability)
  cmake --build "$dir" -j "$jobs" "${targets[@]}" > "$dir.build.log" 2>&1 || {
    tail -50 "$dir.build.log"; exit 1; }
  t1=$(date +%s)
  echo "=== $san: built in $((t1 - t0)) s; ctest"
  # halt_on_error makes any report fail the test that produced it.
  # The sample programs are linked like user programs (no -fsanitize): let the ASan runtime
  # come in with the libraries.
  export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=1:verify_asan_link_order=0
  export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
  export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$supp"
  # The concurrency tests scale down under the (slow) sanitizers.
  export RELIABILITY_ITERS=${RELIABILITY_ITERS:-150}
  # The vendor samples are linked like user programs, without -fsanitize; TSan (unlike ASan)
  # cannot be brought in by the libraries alone, so they run under ASan only.
  # The consumer tests build separate programs against an installed prefix, as users do,
  # without -fsanitize: packaging is not what these builds check.
  # Each GoogleTest program runs as ACLNN_CPU_TEST_SHARDS processes (cmake/AclcpuGTest.cmake), not
  # one process per case: a sanitized process costs ~0.3 s to start and end, more than most cases.
  # The abi_header_* tests run the compiler on each public header: nothing of ours executes.
  select=(-E '^(consumers\.|abi_header_)')
  # The whole-range accuracy sweeps of the table exp, log and erf (every float of a range through
  # the vector form, one thread, registers only: ~1 s each in the Release suite) cost 20-30 s
  # each under a sanitizer, a third of test_kernels' time under ASan and half under TSan, and
  # have nothing for either to find: the Release suite runs them.
  sweeps='ExpTable.Within*:ExpTableAvx2.Within*:LogTable.Within*:LogTableAvx2.Within*'
  sweeps+=':ErfPieces.Within*:ErfPiecesAvx2.Within*'
  export GTEST_FILTER="-$sweeps"
  # TSan runs the suites with threads of their own: the runtime (streams, events, the launch
  # thread), nnopbase (executors), reliability (concurrent API use, phase 2 from many threads,
  # operators end to end) and the kernels (the pool; every kernel-list row, the row-wise and
  # split drivers on pools of 1, 2 and 3 threads). The operator suites and example programs run
  # the same pool and launch paths one call at a time and stay with ASan. The generic kernel
  # tester keeps its threaded case only: the single-threaded layout sweeps find no races.
  if [[ "$san" == *thread* ]]; then
    select=(-R '^(test_kernels|test_runtime|test_runtime_inline|test_nnopbase)\.shard|^reliability\.')
    export GTEST_FILTER="-$sweeps:AllRows/RowSweep.SizesAround*:AllRows/RowSweep.Strided*:AllRows/RowSweep.SpecialValues*:AllRows/RowSweep.GoldenMode*:AllRows/RowSweep.CheckerRejects*"
  fi
  if ! (cd "$dir" && ctest -j "$jobs" --timeout 600 "${select[@]}" "$@" > "$dir.ctest.log" 2>&1); then
    status=1
  fi
  grep -E "tests passed|FAILED|\(Failed\)|\(Timeout\)" "$dir.ctest.log" || true
  echo "=== $san: ctest $(($(date +%s) - t1)) s"
done
exit $status
