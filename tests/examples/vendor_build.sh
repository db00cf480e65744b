#!/usr/bin/env bash
# Installs the build tree into a scratch prefix P, then builds the untouched samples exactly as
# the vendor documents: g++ sample.cpp -I$P/include -I$P/include/aclnnop -L$P/lib64 -lopapi
# -lascendcl -lnnopbase, and runs them with LD_LIBRARY_PATH=$P/lib64.
set -eu
build=$1 P=$2 examples=$3 expected=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$P"
cmake --install "$build" --prefix "$P" >/dev/null
for f in include/acl/acl.h include/acl/acl_base.h include/acl/acl_rt.h include/aclnn/acl_meta.h \
  include/aclnn/aclnn_base.h include/aclnnop/aclnn_swish_backward.h \
  include/aclnnop/aclnn_selu_backward.h lib64/libascendcl.so lib64/libacl_rt.so \
  lib64/libnnopbase.so lib64/libopapi.so lib64/libopapi_nn.so lib64/libopapi_math.so set_env.sh; do
  [ -e "$P/$f" ] || { echo "missing $P/$f"; exit 1; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for s in swish_backward selu_backward; do
  g++ "$examples/test_aclnn_$s.cpp" -I"$P/include" -I"$P/include/aclnnop" -L"$P/lib64" \
    -lopapi -lascendcl -lnnopbase -o "$out/$s"
done
LD_LIBRARY_PATH="$P/lib64" bash "$here/check_output.sh" "$out/swish_backward" "$expected/swish_backward.txt"
LD_LIBRARY_PATH="$P/lib64" bash "$here/check_output.sh" "$out/selu_backward" "$expected/selu_backward_legacy.txt"
# A user program probing the vendor's status codes, built against the prefix, on three chips.
g++ "$here/validation_probe.cpp" -I"$P/include" -I"$P/include/aclnnop" -L"$P/lib64" \
  -lopapi -lascendcl -lnnopbase -o "$out/validation_probe"
for soc in Ascend910B1 Ascend910B4 Ascend910A Ascend910PremiumA Ascend310P3 Ascend910_9391 \
  Ascend950PR_9599 Ascend950DT_9591; do
  ACLNN_CPU_SOC=$soc LD_LIBRARY_PATH="$P/lib64" "$out/validation_probe"
done
# set_env.sh must export the variables for this prefix.
( set +u; source "$P/set_env.sh"
  [ "$ASCEND_HOME_PATH" = "$(cd "$P" && pwd)" ] && [ "$ASCEND_TOOLKIT_HOME" = "$ASCEND_HOME_PATH" ] &&
  case ":$LD_LIBRARY_PATH:" in *":$ASCEND_HOME_PATH/lib64:"*) true ;; *) false ;; esac ) ||
  { echo "set_env.sh does not export the prefix"; exit 1; }
echo "vendor-style build OK"
