#!/usr/bin/env bash
# Runs a sample and compares its stdout line by line with an expected file, where a line may
# list alternatives separated by '|' (values that are equally right within fp32 error).
set -u
exe=$1
expected=$2
actual=$("$exe")
rc=$?
if [ $rc -ne 0 ]; then
  echo "sample exited with $rc; output:"; echo "$actual"; exit 1
fi
mapfile -t want <"$expected"
mapfile -t got <<<"$actual"
if [ ${#got[@]} -ne ${#want[@]} ]; then
  echo "expected ${#want[@]} lines, got ${#got[@]}:"; echo "$actual"; exit 1
fi
for i in "${!want[@]}"; do
  ok=0
  IFS='|' read -ra alts <<<"${want[$i]}"
  prefix=${alts[0]% *}
  for alt in "${alts[@]}"; do
    case "$alt" in *" "*) candidate=$alt ;; *) candidate="$prefix $alt" ;; esac
    [ "${got[$i]}" = "$candidate" ] && ok=1
  done
  if [ $ok -ne 1 ]; then
    echo "line $((i + 1)): expected '${want[$i]}', got '${got[$i]}'"; exit 1
  fi
done
printf '%s\n' "$actual"
echo "output matches $expected"
