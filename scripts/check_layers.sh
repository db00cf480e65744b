#!/usr/bin/env bash
# Dependencies point down only (DESIGN.md "Layers"): fails on an #include that points up.
#   kernels/      nothing from include/ or src/
#   src/common    no runtime/, nnopbase/, ops/
#   src/runtime   no nnopbase/, ops/
#   src/nnopbase  no ops/
set -u
cd "$(dirname "$0")/.."
status=0
check() {  # check <dir> <forbidden include regex>
  local hits
  hits=$(grep -rnE "^#include \"($2)" "$1" --include='*.h' --include='*.cpp' --include='*.inc')
  if [ -n "$hits" ]; then
    echo "layering: $1 must not include $2:"; echo "$hits"; status=1
  fi
}
check kernels 'acl/|aclnn/|aclnnop/|common/|runtime/|nnopbase/|ops/'
check src/common 'runtime/|nnopbase/|ops/'
check src/runtime 'nnopbase/|ops/'
check src/nnopbase 'ops/'
[ $status -eq 0 ] && echo "layering: every include points down"
exit $status
