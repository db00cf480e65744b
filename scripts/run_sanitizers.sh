#!/usr/bin/env bash
# Builds the whole tree and its test suite twice, with ASan+UBSan and with TSan, and runs
# ctest in each. Exit status: non-zero if a build fails or a test fails or a sanitizer reports.
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
  # -O1 keeps build and run times down; one kernel variant, for this machine (-march=native):
  # the ISA choice itself is tested by the default build.
  cmake -S "$root_dir" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" \
    -DACLNN_CPU_SANITIZE="$san" -DACLNN_CPU_BUILD_BENCH=OFF -DACLNN_CPU_NATIVE=ON > "$dir.configure.log" 2>&1 || {
    cat "$dir.configure.log"; exit 1; }
  cmake --build "$dir" -j "$jobs" > "$dir.build.log" 2>&1 || { tail -50 "$dir.build.log"; exit 1; }
  echo "=== $san: ctest"
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
  exclude=(-E '^consumers\.')
  # Under TSan the generic kernel tester keeps its threaded case only (every row on pools of 1, 2
  # and 3 threads): the single-threaded layout sweeps find no races and cost most of the time.
  [[ "$san" == *thread* ]] &&
    exclude=(-E '^(sample\.|consumers\.|coverage_readme|AllRows/RowSweep\.(SizesAround|Strided|SpecialValues|GoldenMode|CheckerRejects))')
  if ! (cd "$dir" && ctest -j "$jobs" --timeout 600 "${exclude[@]}" "$@" > "$dir.ctest.log" 2>&1); then
    status=1
  fi
  grep -E "tests passed|FAILED|\(Failed\)|\(Timeout\)" "$dir.ctest.log" || true
done
exit $status
