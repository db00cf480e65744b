#!/usr/bin/env bash
# Second command of the README (and what CI runs): install dependencies, build with tests,
# run the whole suite.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ACLNN_CPU_TEST_BUILD_DIR:-$root/build/test}
bash "$root/scripts/install_deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON >/dev/null
cmake --build "$build" -j"$(nproc)"
cd "$build"
ctest --output-on-failure -j"$(nproc)" --timeout 600
