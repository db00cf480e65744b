#!/usr/bin/env bash
# Runs a dumping sample once with the NPU's numerics and once with the float64 golden, and
# compares the two dumps with aclnn-cpu-compare (docs/compare.md).
set -eu
sample=$1 compare=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
DUMP=$dir/npu.bin ACLNN_CPU_PRECISION=npu "$sample" >/dev/null
DUMP=$dir/golden.bin ACLNN_CPU_PRECISION=golden "$sample" >/dev/null
cmp -s "$dir/npu.bin" "$dir/golden.bin" && { echo "the two modes gave identical bytes"; exit 1; }
"$compare" --dtype FLOAT --shape 2,3 "$dir/npu.bin" "$dir/golden.bin"
