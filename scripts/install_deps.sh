#!/usr/bin/env bash
# Installs the Debian 12 packages aclnn-cpu builds and tests with (skips what is present).
set -eu
pkgs=(cmake g++ make pkgconf libeigen3-dev libgtest-dev libgmock-dev)
# The reliability runs of scripts/run_tests.sh: valgrind, clang's libFuzzer and sanitizers.
[ "${ACLNN_CPU_SKIP_SANITIZERS:-0}" = 1 ] || pkgs+=(valgrind clang-14 libclang-rt-14-dev)
# The AArch64 cross build run under qemu (scripts/run_aarch64.sh; GoogleTest from libgtest-dev's
# sources): part of the reliability runs, or skipped alone with ACLNN_CPU_SKIP_AARCH64=1.
[ "${ACLNN_CPU_SKIP_SANITIZERS:-0}" = 1 ] || [ "${ACLNN_CPU_SKIP_AARCH64:-0}" = 1 ] ||
  pkgs+=(g++-aarch64-linux-gnu qemu-user)
[ "${ACLNN_CPU_WITH_BENCH:-0}" = 1 ] && pkgs+=(libbenchmark-dev)
# The benchmark's peers (docs/performance.md): oneDNN 2.x and PyTorch. Optional, never by default.
[ "${ACLNN_CPU_WITH_PEERS:-0}" = 1 ] && pkgs+=(libbenchmark-dev libdnnl-dev python3-torch)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
