#!/usr/bin/env bash
# Runs a doc sample with ACLNN_CPU_TRACE=<file> and checks the trace: every line has the
# documented format, the API calls are exactly the sample's calls in order (expected/*.calls),
# arguments are decoded (tensors, scalars, memory by allocation, enums by name), phase 2 reports
# its completion time before the synchronisation returns, and the sample's own output is intact.
# Usage: check_trace.sh <sample> <expected.calls> <expected output> <check_output.sh> <op>
set -u
exe=$1 calls=$2 expected_out=$3 check_output=$4 op=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; echo "--- trace:"; cat "$tmp/trace" 2>/dev/null; exit 1; }

ACLNN_CPU_TRACE="$tmp/trace" bash "$check_output" "$exe" "$expected_out" >"$tmp/stdout" ||
  fail "sample output changed under tracing: $(cat "$tmp/stdout")"
[ -s "$tmp/trace" ] || fail "no trace written"

prefix='\[aclnn_cpu trace\] '
call_re="^${prefix}(acl[A-Za-z0-9_]*|Acl[A-Za-z0-9_]*)\((.*)\) = (.+)$"
done_re="^${prefix}(aclnn[A-Za-z0-9]+) completed in [0-9]+ us \(executor#[0-9]+ on stream#[0-9]+, (npu|golden) numerics, (baseline|avx2|avx512|avx512_bf16|neon|native) kernels\)$"
: >"$tmp/names"
n=0 completed_at=0 launch_at=0 sync_at=0
while IFS= read -r line; do
  n=$((n + 1))
  if [[ $line =~ $done_re ]]; then
    [ "${BASH_REMATCH[1]}" = "$op" ] || fail "line $n: completion of ${BASH_REMATCH[1]}, not $op"
    completed_at=$n
    continue
  fi
  [[ $line =~ $call_re ]] || fail "line $n does not have the trace format: $line"
  name=${BASH_REMATCH[1]} result=${BASH_REMATCH[3]}
  echo "$name" >>"$tmp/names"
  # Every call of the sample succeeds: a status 0 with its name, or a created object.
  [[ $result =~ ^0\ \((ACL_SUCCESS|ACLNN_SUCCESS)\)(\;\ .*)?$ || $result =~ ^(tensor|scalar)#[0-9]+ ]] ||
    fail "line $n: unexpected result '$result'"
  [ "$name" = "$op" ] && launch_at=$n
  [ "$name" = aclrtSynchronizeStream ] && sync_at=$n
done <"$tmp/trace"

diff -u "$calls" "$tmp/names" || fail "the calls traced differ from the sample's calls"
[ $completed_at -gt $launch_at ] && [ $completed_at -lt $sync_at ] ||
  fail "'$op completed' must come after the $op line ($launch_at) and before the sync ($sync_at)"

need() { grep -qE -- "$1" "$tmp/trace" || fail "no line matches: $1"; }
need "aclrtMalloc\(devPtr=&out, size=[0-9]+, policy=ACL_MEM_MALLOC_HUGE_FIRST\) = 0 \(ACL_SUCCESS\); \*devPtr=dev#1$"
need "aclrtMemcpy\(dst=dev#1, destMax=[0-9]+, src=0x[0-9a-f]+, count=[0-9]+, kind=ACL_MEMCPY_HOST_TO_DEVICE\)"
need "aclCreateTensor\(viewDims=\[[0-9,]+\], viewDimsNum=[0-9]+, dataType=ACL_FLOAT, stride=\[[0-9,]+\], offset=0, format=ACL_FORMAT_ND, .*tensorData=dev#1\) = tensor#1$"
need "${op}GetWorkspaceSize\(gradOutput=tensor#[0-9]+\{FLOAT, shape=\[[0-9,]+\], strides=\[[0-9,]+\], offset=0, ND, storage=\[[0-9,]+\], data=dev#[0-9]+\}, .*\) = 0 \(ACLNN_SUCCESS\); \*workspaceSize=0, \*executor=executor#1$"
need "${op}\(workspace=NULL, workspaceSize=0, executor=executor#1, stream=stream#1\) = 0 \(ACLNN_SUCCESS\)$"
need "aclrtMemcpy\(dst=0x[0-9a-f]+, destMax=[0-9]+, src=dev#3, count=[0-9]+, kind=ACL_MEMCPY_DEVICE_TO_HOST\)"
need "aclrtFree\(devPtr=dev#3\) = 0 \(ACL_SUCCESS\)$"
if [ "$op" = aclnnSwishBackward ]; then
  need "aclCreateScalar\(value=0x[0-9a-f]+, dataType=ACL_FLOAT\) = scalar#1\{FLOAT 1.1\}$"
  need "betaOptional=scalar#1\{FLOAT 1.1\}"
fi

# ACLNN_CPU_TRACE=1 writes the same lines to stderr; unset, nothing is traced.
ACLNN_CPU_TRACE=1 "$exe" >/dev/null 2>"$tmp/stderr"
[ "$(grep -c "^${prefix}" "$tmp/stderr")" = "$n" ] || fail "ACLNN_CPU_TRACE=1: expected $n lines on stderr"
env -u ACLNN_CPU_TRACE "$exe" >/dev/null 2>"$tmp/quiet"
! grep -q "aclnn_cpu trace" "$tmp/quiet" || fail "traced although ACLNN_CPU_TRACE is unset"
echo "trace OK: $n lines, $(wc -l <"$calls") calls in order"
