#!/usr/bin/env bash
# Logging follows CANN's environment variables: ASCEND_GLOBAL_LOG_LEVEL (0 debug .. 3 error,
# the default, 4 none; anything else is the default), ASCEND_LOG_PRINT_TO_STDOUT (new name, wins)
# / ASCEND_SLOG_PRINT_TO_STDOUT (legacy, deprecated), and the log directory
# ASCEND_PROCESS_LOG_PATH > ASCEND_WORK_PATH/log > $HOME/ascend/log (files in debug/plog/).
set -u
probe=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
clean_env=(env -u ASCEND_GLOBAL_LOG_LEVEL -u ASCEND_LOG_PRINT_TO_STDOUT -u ASCEND_SLOG_PRINT_TO_STDOUT
  -u ASCEND_PROCESS_LOG_PATH -u ASCEND_WORK_PATH -u ACLNN_CPU_TRACE HOME="$tmp/home")
# [LEVEL] ACLNN_CPU(pid,process):YYYY-MM-DD-hh:mm:ss.mmm.uuu [file:line]tid message
line_re='^\[(DEBUG|INFO|WARNING|ERROR)\] ACLNN_CPU\([0-9]+,log_probe\):[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}\.[0-9]{3} (\[[A-Za-z0-9_.]+:[0-9]+\])?[0-9]+ .+$'

check_format() {  # every line of file $1 has the CANN-like layout
  local n=0
  while IFS= read -r l; do
    n=$((n + 1))
    [[ $l =~ $line_re ]] || fail "$2: line $n has not the log format: $l"
  done <"$1"
}
run() {  # run <case> [VAR=value ...]: stdout to $tmp/<case>.out
  local name=$1
  shift
  "${clean_env[@]}" "$@" "$probe" >"$tmp/$name.out" 2>"$tmp/$name.err" || fail "$name: probe failed"
}
logs_in() { find "$1" -name 'plog-*.log' 2>/dev/null; }

# 1. Defaults: ERROR only, into a file under ASCEND_PROCESS_LOG_PATH/debug/plog, nothing on stdout.
run default ASCEND_PROCESS_LOG_PATH="$tmp/p1"
f=$(logs_in "$tmp/p1")
[ -n "$f" ] && [ "$(dirname "$f")" = "$tmp/p1/debug/plog" ] || fail "default: no log file in $tmp/p1/debug/plog"
[[ $(basename "$f") =~ ^plog-[0-9]+_[0-9]{14}\.log$ ]] || fail "default: file name $(basename "$f")"
check_format "$f" default
grep -q '^\[ERROR\].*probe error 3' "$f" || fail "default: the app's ERROR line is missing"
grep -q '^\[ERROR\].*aclrtSetDevice.*12345' "$f" || fail "default: the runtime's ERROR line is missing"
! grep -qE '^\[(DEBUG|INFO|WARNING)\]' "$f" || fail "default: lines below ERROR were logged"
! grep -q 'ACLNN_CPU(' "$tmp/default.out" || fail "default: log lines on stdout"

# 2. Level 0 to stdout (new name): every level, in order, and no file anywhere.
run debug_stdout ASCEND_GLOBAL_LOG_LEVEL=0 ASCEND_LOG_PRINT_TO_STDOUT=1 ASCEND_PROCESS_LOG_PATH="$tmp/p2"
grep 'ACLNN_CPU(' "$tmp/debug_stdout.out" >"$tmp/debug_lines"
check_format "$tmp/debug_lines" debug_stdout
for lv in DEBUG INFO WARNING ERROR; do
  grep -q "^\[$lv\].*probe" "$tmp/debug_lines" || fail "debug_stdout: no $lv line"
done
[ -z "$(logs_in "$tmp/p2")" ] || fail "debug_stdout: a log file was written although printing to stdout"

# 3. Level 2 with the legacy switch: WARNING and up, plus the deprecation warning.
run legacy ASCEND_GLOBAL_LOG_LEVEL=2 ASCEND_SLOG_PRINT_TO_STDOUT=1
grep -q '^\[WARNING\].*probe warning 2' "$tmp/legacy.out" || fail "legacy: no WARNING line"
grep -q '^\[WARNING\].*ASCEND_SLOG_PRINT_TO_STDOUT is deprecated' "$tmp/legacy.out" ||
  fail "legacy: no deprecation warning"
! grep -q '^\[INFO\]' "$tmp/legacy.out" || fail "legacy: INFO logged at level 2"

# 4. The new name wins over the legacy one.
run both ASCEND_LOG_PRINT_TO_STDOUT=0 ASCEND_SLOG_PRINT_TO_STDOUT=1 ASCEND_PROCESS_LOG_PATH="$tmp/p4"
! grep -q 'ACLNN_CPU(' "$tmp/both.out" || fail "both: ASCEND_LOG_PRINT_TO_STDOUT=0 did not win"
[ -n "$(logs_in "$tmp/p4")" ] || fail "both: no log file"

# 5. Level 4 logs nothing; an invalid level means the default (3).
run none ASCEND_GLOBAL_LOG_LEVEL=4 ASCEND_LOG_PRINT_TO_STDOUT=1
! grep -q 'ACLNN_CPU(' "$tmp/none.out" || fail "none: level 4 still logged"
run invalid ASCEND_GLOBAL_LOG_LEVEL=7 ASCEND_LOG_PRINT_TO_STDOUT=1
grep -q '^\[ERROR\]' "$tmp/invalid.out" && ! grep -qE '^\[(DEBUG|INFO|WARNING)\]' "$tmp/invalid.out" ||
  fail "invalid: level 7 is not treated as 3"

# 6. Directory fallbacks: ASCEND_WORK_PATH/log, then $HOME/ascend/log.
run work ASCEND_WORK_PATH="$tmp/work"
[ -n "$(logs_in "$tmp/work/log/debug/plog")" ] || fail "work: nothing under ASCEND_WORK_PATH/log"
run home
[ -n "$(logs_in "$tmp/home/ascend/log/debug/plog")" ] || fail "home: nothing under \$HOME/ascend/log"
echo "logging OK"
