#!/usr/bin/env bash
# Run-time ISA dispatch, end to end: under every ACLNN_CPU_MAX_ISA cap the probe reports the
# best variant that is built, supported by this CPU and within the cap; a doc sample prints the
# same results and its trace and INFO log name that variant; an unknown cap is refused by aclInit.
# Usage: check_isa.sh <isa_probe> <sample> <expected output> <check_output.sh>
set -u
probe=$1 sample=$2 expected=$3 check_output=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
clean=(env -u ACLNN_CPU_MAX_ISA -u ACLNN_CPU_TRACE -u ASCEND_GLOBAL_LOG_LEVEL
  -u ASCEND_LOG_PRINT_TO_STDOUT -u ASCEND_SLOG_PRINT_TO_STDOUT ASCEND_PROCESS_LOG_PATH="$tmp/log")
case $(uname -m) in
  x86_64) order=(baseline avx2 avx512 avx512_bf16) ;;
  aarch64) order=(neon) ;;
  *) order=(baseline) ;;
esac
level() { local i; for i in "${!order[@]}"; do [ "${order[$i]}" = "$1" ] && echo "$i" && return; done; echo -1; }

"${clean[@]}" "$probe" >"$tmp/probe" || fail "probe failed"
built=$(sed -n 's/^built://p' "$tmp/probe")
supported=$(sed -n 's/^supported://p' "$tmp/probe")
best=$(sed -n 's/^selected: //p' "$tmp/probe")
echo "built:$built; supported:$supported; selected without a cap: $best"
case " $built " in *" native "*) echo "native build: no choice to check"; exit 0 ;; esac
for v in $supported; do last=$v; done
[ "$best" = "$last" ] || fail "without a cap the best supported variant ($last) must run, not $best"

caps=("${order[@]}")
[ "$(uname -m)" = aarch64 ] && caps=(baseline neon)
for cap in "${caps[@]}"; do
  capLevel=$(level "$cap")
  [ "$cap" = baseline ] && [ "$(uname -m)" = aarch64 ] && capLevel=0
  want=${order[0]}
  for v in $supported; do [ "$(level "$v")" -le "$capLevel" ] && want=$v; done
  got=$("${clean[@]}" ACLNN_CPU_MAX_ISA=$cap "$probe" | sed -n 's/^selected: //p')
  [ "$got" = "$want" ] || fail "ACLNN_CPU_MAX_ISA=$cap: selected '$got', expected '$want'"
  "${clean[@]}" ACLNN_CPU_MAX_ISA=$cap ACLNN_CPU_TRACE="$tmp/trace.$cap" \
    ASCEND_GLOBAL_LOG_LEVEL=1 ASCEND_LOG_PRINT_TO_STDOUT=0 \
    bash "$check_output" "$sample" "$expected" >"$tmp/out.$cap" ||
    fail "ACLNN_CPU_MAX_ISA=$cap: the sample's output differs: $(cat "$tmp/out.$cap")"
  grep -qE "completed in [0-9]+ us \(.*, (npu|golden) numerics, $want kernels\)$" "$tmp/trace.$cap" ||
    fail "ACLNN_CPU_MAX_ISA=$cap: no trace completion line naming '$want kernels'"
  grep -rqE "kernels: the $want variant \(the best this CPU runs; ACLNN_CPU_MAX_ISA $cap\)" "$tmp/log" ||
    fail "ACLNN_CPU_MAX_ISA=$cap: no INFO log line naming the $want variant"
  rm -rf "$tmp/log"
  echo "ACLNN_CPU_MAX_ISA=$cap: $want, sample output as expected"
done

"${clean[@]}" ACLNN_CPU_MAX_ISA=avx9000 "$probe" >"$tmp/bad"
grep -q '^aclInit: 100000 aclInit: ACLNN_CPU_MAX_ISA must be .*, but is "avx9000"' "$tmp/bad" ||
  fail "an unknown cap must be refused by aclInit with 100000 and a message: $(cat "$tmp/bad")"
echo "ACLNN_CPU_MAX_ISA=avx9000: refused ($(cat "$tmp/bad"))"
