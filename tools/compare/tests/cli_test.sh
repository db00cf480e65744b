#!/usr/bin/env bash
# Runs aclnn-cpu-compare on files written here and checks exit status and output.
# usage: cli_test.sh BINARY CASE WORKDIR
set -u
bin=$1 case=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1

fail() { echo "FAILED ($case): $*"; echo "--- stdout"; cat out.txt; echo "--- stderr"; cat err.txt; exit 1; }
# run STATUS ARGS...: runs the tool, demands the exit status.
run() {
  local want=$1; shift
  "$bin" "$@" >out.txt 2>err.txt
  local got=$?
  [ "$got" = "$want" ] || fail "exit status $got, expected $want for: $*"
}
# has FILE TEXT: FILE contains TEXT literally.
has() { grep -qF -- "$2" "$1" || fail "$1 lacks: $2"; }
# f32 HEX...: little-endian bytes of 32-bit words; h16 HEX...: of 16-bit words.
f32() { for w in "$@"; do printf "\\x${w:6:2}\\x${w:4:2}\\x${w:2:2}\\x${w:0:2}"; done; }
h16() { for w in "$@"; do printf "\\x${w:2:2}\\x${w:0:2}"; done; }
# npy DESCR SHAPE: a version-1 .npy header (padded to 64 bytes) for a C-order array.
npy() {
  local dict="{'descr': '$1', 'fortran_order': False, 'shape': $2, }"
  local len=$(( (10 + ${#dict} + 1 + 63) / 64 * 64 - 10 ))
  printf '\x93NUMPY\x01\x00'
  printf "\\x$(printf %02x $((len % 256)))\\x$(printf %02x $((len / 256)))"
  printf '%s' "$dict"
  printf "%$((len - ${#dict} - 1))s\n" ''
}

ONES6="3f800000 40000000 40400000 40800000 40a00000 40c00000"  # 1..6 as FLOAT
case $case in
identical_pass)
  f32 $ONES6 >a.bin; cp a.bin b.bin
  run 0 --dtype FLOAT --shape 2,3 a.bin b.bin
  has out.txt "elements             6"
  has out.txt "max absolute error   0.000000e+00"
  has out.txt "       0             6  100.000%"
  has out.txt "PASS: mean relative error 0.000000e+00 < T, max relative error 0.000000e+00 < 10*T"
  ;;
one_ulp_fp32_pass)
  f32 $ONES6 >golden.bin
  f32 3f800000 40000000 40400000 40800000 40a00000 40c00001 >npu.bin  # 6 + 2^-21
  run 0 --dtype float32 --shape 2x3 npu.bin golden.bin
  has out.txt "max absolute error   4.768372e-07  at [1, 2]"
  has out.txt "max relative error   7.947286e-08  at [1, 2]"
  has out.txt "       1             1   16.667%"
  has out.txt "       0             5   83.333%"
  has out.txt "outside threshold    0"
  has out.txt "PASS: "
  ;;
bf16_off_fail)
  h16 3f80 4000 c080 3f00 >golden.bin  # 1, 2, -4, 0.5
  h16 3f84 4004 c084 3f04 >npu.bin     # each (1 + 2^-5) times larger: 4 bf16 steps
  run 1 --dtype BF16 npu.bin golden.bin
  has out.txt "     3-4             4  100.000%"
  has out.txt "outside threshold    4"
  has out.txt "  [2]  actual -4.125  expected -4  abs 1.250e-01  rel 3.125e-02"
  has out.txt "FAIL: mean relative error 3.125000e-02 >= T, max relative error 3.125000e-02 < 10*T, T = 2^-7"
  ;;
nan_mismatch)
  f32 7fc00000 3f800000 7fc00000 7f800000 >golden.bin  # NaN 1 NaN inf
  f32 7fc00000 7fc00000 3f800000 7f800000 >npu.bin     # NaN NaN 1 inf
  run 1 --dtype FLOAT npu.bin golden.bin
  has out.txt "NaN mismatches       2"
  has out.txt "inf mismatches       0"
  has out.txt "  [1]  actual nan  expected 1  NaN mismatch"
  has out.txt "FAIL: 2 NaN mismatch(es); "
  ;;
size_mismatch)
  f32 $ONES6 >a.bin; f32 $ONES6 3f800000 3f800000 >b.bin
  run 2 --dtype FLOAT a.bin b.bin
  has err.txt "aclnn-cpu-compare: error: the tensors differ in size: ACTUAL 'a.bin' has 6 elements [6], EXPECTED 'b.bin' has 8 [8] (FLOAT)"
  run 2 --dtype FLOAT --shape 2,3 a.bin b.bin
  has err.txt "aclnn-cpu-compare: error: EXPECTED 'b.bin' has 32 bytes, but FLOAT x [2, 3] needs 24 (6 elements of 4 bytes)"
  [ ! -s out.txt ] || fail "a size error printed a report"
  ;;
npy_round_trip)
  { npy '<f4' '(2, 3)'; f32 $ONES6; } >golden.npy
  f32 $ONES6 >npu.bin
  run 0 npu.bin golden.npy  # the raw dump takes dtype and shape from the .npy
  has out.txt "ACTUAL               npu.bin  (FLOAT [2, 3])"
  has out.txt "EXPECTED (reference) golden.npy  (FLOAT [2, 3])"
  { npy '<f2' '(2, 2)'; h16 3c00 4000 4200 4400; } >golden16.npy  # 1 2 3 4
  { npy '<f2' '(2, 2)'; h16 3c00 4000 4201 4400; } >npu16.npy    # 3 + 2^-9
  run 0 npu16.npy golden16.npy
  has out.txt "max absolute error   1.953125e-03  at [1, 0]"
  has out.txt "outside threshold    0"
  run 0 --threshold 1e-4 npu16.npy golden16.npy
  has out.txt "outside threshold    1"
  has out.txt "  [1, 0]  actual 3.00195312  expected 3"
  run 2 --dtype FLOAT npu16.npy golden16.npy
  has err.txt "--dtype FLOAT disagrees with ACTUAL 'npu16.npy', whose .npy header says FLOAT16 ('<f2')"
  ;;
int32_exact)
  f32 00000005 fffffffd 00000064 >golden.bin  # 5 -3 100
  f32 00000005 fffffffe 00000064 >npu.bin     # 5 -2 100
  run 1 --dtype ACL_INT32 npu.bin golden.bin
  has out.txt "absolute difference, max 1:"
  has out.txt "  [1]  actual -2  expected -3  abs 1.000e+00"
  has out.txt "FAIL: 1 of 3 elements differ (INT32: exact equality)"
  run 0 --dtype int32 golden.bin golden.bin
  has out.txt "PASS: all elements equal (INT32: exact equality)"
  ;;
allclose)
  f32 3f800000 3f800000 >golden.bin
  f32 3f801062 3f800000 >npu.bin  # 1.0005 (relative 5e-4: over the FLOAT mean bar 2^-13)
  run 1 --dtype FLOAT npu.bin golden.bin
  run 0 --dtype FLOAT --rtol 1e-3 npu.bin golden.bin
  has out.txt "PASS: every element satisfies |actual - expected| <= atol + rtol*|expected| (rtol 0.001, atol 0)"
  run 1 --dtype FLOAT --rtol 1e-4 --atol=1e-5 npu.bin golden.bin
  has out.txt "FAIL: 1 of 2 elements fail |actual - expected| <= atol + rtol*|expected| (rtol 0.0001, atol 1e-05)"
  ;;
usage_errors)
  f32 $ONES6 >a.bin
  run 2
  has err.txt "aclnn-cpu-compare: error: expected two files, ACTUAL and EXPECTED; got 0"
  has err.txt "usage: aclnn-cpu-compare [options] ACTUAL EXPECTED"
  run 2 --dtype float8 a.bin a.bin
  has err.txt "aclnn-cpu-compare: error: unknown dtype 'float8'; known: FLOAT, FLOAT16, BFLOAT16, DOUBLE"
  run 2 a.bin a.bin
  has err.txt "aclnn-cpu-compare: error: ACTUAL 'a.bin' is a raw dump: give its dtype with --dtype (e.g. --dtype FLOAT)"
  run 2 --dtype FLOAT16 --shape 2,2 a.bin a.bin
  has err.txt "ACTUAL 'a.bin' has 24 bytes, but FLOAT16 x [2, 2] needs 8 (4 elements of 2 bytes)"
  ;;
help)
  run 0 --help
  has out.txt "usage: aclnn-cpu-compare [options] ACTUAL EXPECTED"
  has out.txt "exit status: 0 PASS, 1 FAIL, 2 usage or input error"
  ;;
malformed_npy)
  printf '\x93NUMPY\x01\x00\x50\x00{'"'"'descr'"'"': ' >bad.npy
  f32 $ONES6 >a.bin
  run 2 --dtype FLOAT a.bin bad.npy
  has err.txt "aclnn-cpu-compare: error: EXPECTED 'bad.npy': malformed .npy: the header claims 80 bytes but the file has 10 after the preamble"
  { npy '<c8' '(3,)'; f32 00000000 00000000 00000000 00000000 00000000 00000000; } >complex.npy
  run 2 complex.npy complex.npy
  has err.txt "ACTUAL 'complex.npy' has .npy dtype '<c8', which is not supported"
  ;;
unreadable_file)
  f32 $ONES6 >a.bin
  run 2 --dtype FLOAT a.bin missing.bin
  has err.txt "aclnn-cpu-compare: error: cannot read EXPECTED 'missing.bin': No such file or directory"
  mkdir adir
  run 2 --dtype FLOAT adir a.bin
  has err.txt "aclnn-cpu-compare: error: cannot read ACTUAL 'adir': it is a directory"
  ;;
*)
  echo "unknown case $case"; exit 1 ;;
esac
echo "ok ($case)"
