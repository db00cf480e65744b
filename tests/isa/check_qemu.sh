#!/usr/bin/env bash
# One default build on other x86-64 CPUs: both doc samples under qemu-x86_64 with `-cpu qemu64`
# (SSE2 only: the baseline kernels) and `-cpu max` (whatever qemu emulates, AVX2 on qemu 7):
# the right values and the expected variant in the trace. Skipped (exit 0 with a note) where
# qemu-x86_64 is absent. (valgrind on the same build: scripts/run_valgrind.sh.)
# Usage: check_qemu.sh <check_output.sh> <sample> <expected> [<sample> <expected> ...]
set -u
check_output=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ "$(uname -m)" = x86_64 ] || { echo "not x86-64: nothing to check"; exit 0; }
runs=()
command -v qemu-x86_64 >/dev/null && runs+=("qemu64|baseline|qemu-x86_64 -cpu qemu64" "max|any|qemu-x86_64 -cpu max")
[ ${#runs[@]} -gt 0 ] || { echo "qemu-x86_64 not installed (Debian: qemu-user): skipped"; exit 0; }
while [ $# -ge 2 ]; do
  sample=$1 expected=$2
  shift 2
  for r in "${runs[@]}"; do
    IFS='|' read -r name want cmd <<<"$r"
    wrapper=$tmp/run_$name
    printf '#!/usr/bin/env bash\nexec %s "%s"\n' "$cmd" "$sample" >"$wrapper"
    chmod +x "$wrapper"
    ACLNN_CPU_TRACE="$tmp/trace" bash "$check_output" "$wrapper" "$expected" >"$tmp/out" ||
      fail "$(basename "$sample") under $name: $(cat "$tmp/out")"
    variant=$(sed -n 's/.* numerics, \([a-z0-9_]*\) kernels)$/\1/p' "$tmp/trace" | head -1)
    [ -n "$variant" ] || fail "$(basename "$sample") under $name: no completion line in the trace"
    [ "$want" = any ] || [ "$variant" = "$want" ] ||
      fail "$(basename "$sample") under $name ran the $variant kernels, expected $want"
    rm -f "$tmp/trace"
    echo "$(basename "$sample") under $name: right values, $variant kernels"
  done
done
