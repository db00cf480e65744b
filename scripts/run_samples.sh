#!/usr/bin/env bash
# First command of the README: install dependencies, build, install into ./out/ascend in CANN's
# layout, then build the vendor's doc samples against it (the vendor's own g++ line) and run them.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${ACLNN_CPU_PREFIX:-$root/out/ascend}
build=${ACLNN_CPU_BUILD_DIR:-$root/build/release}
ACLNN_CPU_SKIP_SANITIZERS=1 bash "$root/scripts/install_deps.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DACLNN_CPU_BUILD_BENCH=OFF >/dev/null
echo "building (log: $build/build.log) ..."
cmake --build "$build" -j"$(nproc)" >"$build/build.log" 2>&1 || { tail -40 "$build/build.log"; exit 1; }
cmake --install "$build" --prefix "$prefix" >/dev/null
echo "installed into $prefix"
bin=$root/out/samples
mkdir -p "$bin"
P=$prefix
for s in swish_backward selu_backward; do
  g++ "$root/examples/test_aclnn_$s.cpp" -I"$P/include" -I"$P/include/aclnnop" -L"$P/lib64" \
    -lopapi -lascendcl -lnnopbase -o "$bin/test_aclnn_$s"
  echo "== test_aclnn_${s}.cpp (ACLNN_CPU_SOC=${ACLNN_CPU_SOC:-Ascend910B1}) =="
  LD_LIBRARY_PATH="$P/lib64" "$bin/test_aclnn_$s"
done
