#!/usr/bin/env bash
# Builds and runs a user project against an installed aclnn-cpu prefix, the way users do:
#   run_consumer.sh install <build dir> <prefix>            installs the build tree into prefix
#   run_consumer.sh vendor_style <prefix> <src> <work> <check_output.sh> <expected dir>
#   run_consumer.sh find_package|pkg_config <prefix> <src> <work>
#   run_consumer.sh symbols <lib dir> <abi dir>             exported symbols of the three libraries
#   run_consumer.sh prefix_only <prefix> <src> <work>       find_package with only CMAKE_PREFIX_PATH
#   run_consumer.sh deb <build dir> <work> <examples> <check_output.sh> <expected dir> <find_package src>
#                                                           cpack -G DEB, unpack, build + run samples
# Consumer builds start from a clean environment plus `source <prefix>/set_env.sh` (prefix_only:
# without it).
set -eu
mode=$1
shift
cxx=${CXX:-g++}

fresh_env() {  # run "$@" with only what set_env.sh exports on top of a minimal environment
  env -i PATH="$PATH" HOME="${HOME:-/tmp}" CXX="$cxx" bash -c \
    'set -eu; set +u; source "$0/set_env.sh"; set -u; shift 0; "$@"' "$1" "${@:2}"
}

case $mode in
  install)
    build=$1 P=$2
    rm -rf "$P"
    cmake --install "$build" --prefix "$P" >/dev/null
    for f in lib64/cmake/aclnn_cpu/aclnn_cpu-config.cmake lib64/cmake/aclnn_cpu/aclnn_cpu-config-version.cmake \
      lib64/cmake/aclnn_cpu/aclnn_cpu-targets.cmake share/cmake/aclnn_cpu/aclnn_cpu-config.cmake \
      share/cmake/aclnn_cpu/aclnn_cpu-config-version.cmake share/cmake/aclnn_cpu/aclnn_cpu-targets.cmake \
      lib64/pkgconfig/aclnn_cpu.pc set_env.sh bin/setenv.bash \
      lib64/libacl_rt.so lib64/libopapi_nn.so lib64/libopapi_math.so bin/aclnn-cpu-compare \
      lib64/libopapi_transformer.so lib64/libopapi_cv.so lib64/libopapi_legacy.so \
      runtime/include/acl/acl.h runtime/lib64/libascendcl.so lib64/stub/libascendcl.so \
      lib64/stub/libnnopbase.so lib64/stub/libopapi.so "$(uname -m)-linux/lib64/libopapi.so" \
      "$(uname -m)-linux/include/aclnnop/aclnn_relu.h"; do
      [ -e "$P/$f" ] || { echo "missing $P/$f"; exit 1; }
    done
    # set_env.sh also parses under POSIX sh (dash), as Dockerfile RUN lines source it (there it
    # cannot name itself: ASCEND_HOME_PATH falls back to the installed or packaged prefix).
    if command -v dash >/dev/null; then
      got=$(cd / && env -i PATH="$PATH" dash -c ". '$P/set_env.sh' && echo sourced")
      [ "$got" = sourced ] || { echo "set_env.sh does not source under dash: $got"; exit 1; }
    fi
    echo "installed into $P"
    ;;
  vendor_style)
    P=$1 src=$2 work=$3 check=$4 expected=$5
    rm -rf "$work"
    # Exactly the vendor's steps: source set_env.sh, cmake with -DCMAKE_SKIP_RPATH=TRUE, make.
    fresh_env "$P" cmake -S "$src" -B "$work" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_SKIP_RPATH=TRUE >/dev/null
    fresh_env "$P" cmake --build "$work" -j2 >/dev/null
    for exe in "$work"/bin/opapi_test_*; do
      if readelf -d "$exe" | grep -qE 'RPATH|RUNPATH'; then echo "$exe has an RPATH"; exit 1; fi
      case $exe in *swish*) want=swish_backward.txt ;; *) want=selu_backward_legacy.txt ;; esac
      echo "== $(basename "$exe")"
      fresh_env "$P" env -u ACLNN_CPU_SOC bash "$check" "$exe" "$expected/$want"
    done
    # The _v2 programs name CANN's newer libraries; they resolve to ours.
    readelf -d "$work/bin/opapi_test_swish_backward_v2" | grep -q 'libascendcl.so' ||
      { echo "the _v2 program does not depend on libascendcl.so"; exit 1; }
    ;;
  find_package | pkg_config)
    P=$1 src=$2 work=$3
    rm -rf "$work"
    fresh_env "$P" cmake -S "$src" -B "$work" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
    fresh_env "$P" cmake --build "$work" -j2 >/dev/null
    for exe in "$work"/consumer*; do
      [ -x "$exe" ] && [ -f "$exe" ] || continue
      echo "== $(basename "$exe")"
      fresh_env "$P" "$exe"
    done
    if [ "$mode" = pkg_config ]; then
      # And the plain compiler line users write with pkg-config.
      fresh_env "$P" bash -c '$CXX "$0" $(pkg-config --cflags --libs aclnn_cpu) -o "$1" && "$1"' \
        "$src/../consumer.cpp" "$work/consumer_gxx"
    fi
    ;;
  prefix_only)
    # What a CI job or a distribution user does: no set_env.sh, only -DCMAKE_PREFIX_PATH; the
    # programs run through the RPATH CMake gives them (no LD_LIBRARY_PATH either).
    P=$1 src=$2 work=$3
    rm -rf "$work"
    env -i PATH="$PATH" HOME="${HOME:-/tmp}" cmake -S "$src" -B "$work" -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_PREFIX_PATH="$P" > "$work.configure.log" 2>&1 || { cat "$work.configure.log"; exit 1; }
    grep -q "aclnn_cpu_DIR:PATH=$P/share/cmake/aclnn_cpu" "$work/CMakeCache.txt" || {
      grep aclnn_cpu_DIR "$work/CMakeCache.txt"; echo "found in an unexpected place"; exit 1; }
    env -i PATH="$PATH" HOME="${HOME:-/tmp}" cmake --build "$work" -j2 >/dev/null
    for exe in "$work"/consumer*; do
      [ -x "$exe" ] && [ -f "$exe" ] || continue
      echo "== $(basename "$exe")"
      env -i PATH="$PATH" "$exe"
    done
    ;;
  deb)
    build=$1 work=$2 examples=$3 check=$4 expected=$5 fpsrc=$6
    command -v dpkg-deb >/dev/null || { echo "dpkg-deb not found: skipped"; exit 77; }
    rm -rf "$work"
    mkdir -p "$work"
    (cd "$build" && cpack -G DEB -B "$work/cpack" > "$work/cpack.log" 2>&1) || {
      tail -30 "$work/cpack.log"; exit 1; }
    deb=$(ls "$work"/cpack/*.deb)
    echo "== $(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"
    dpkg-deb -f "$deb" Package Version Architecture
    dpkg-deb -x "$deb" "$work/root"
    P=$work/root/usr/local/Ascend/aclnn-cpu
    for f in set_env.sh bin/setenv.bash include/acl/acl.h include/aclnnop/aclnn_swish_backward.h \
      lib64/libascendcl.so lib64/libacl_rt.so lib64/libnnopbase.so lib64/libopapi.so \
      lib64/libopapi_nn.so lib64/libaclnn_cpu_core.so lib64/cmake/aclnn_cpu/aclnn_cpu-config.cmake \
      share/cmake/aclnn_cpu/aclnn_cpu-config.cmake lib64/pkgconfig/aclnn_cpu.pc; do
      [ -e "$P/$f" ] || { echo "the package lacks /usr/local/Ascend/aclnn-cpu/$f"; exit 1; }
    done
    stray=$(cd "$work/root" && find . -type f -o -type l | grep -v '^\./usr/local/Ascend/aclnn-cpu/' || true)
    [ -z "$stray" ] || { echo "files outside the prefix:"; echo "$stray"; exit 1; }
    # The vendor's g++ line against the unpacked tree, after sourcing its set_env.sh.
    for pair in swish_backward:swish_backward.txt selu_backward:selu_backward_legacy.txt; do
      s=${pair%%:*}
      fresh_env "$P" bash -c '$CXX "$0" -I"$ASCEND_HOME_PATH/include" -I"$ASCEND_HOME_PATH/include/aclnnop" \
        -L"$ASCEND_HOME_PATH/lib64" -lopapi -lascendcl -lnnopbase -o "$1"' \
        "$examples/test_aclnn_$s.cpp" "$work/$s"
      echo "== $s"
      out=$(fresh_env "$P" env -u ACLNN_CPU_SOC bash "$check" "$work/$s" "$expected/${pair#*:}") ||
        { echo "$out"; exit 1; }
      echo "${out##*$'\n'}"
    done
    # And a CMake project that only knows the prefix.
    bash "$0" prefix_only "$P" "$fpsrc" "$work/find_package"
    ;;
  symbols)
    libdir=$1 abi=$2
    status=0
    for lib in ascendcl nnopbase opapi; do
      so=$libdir/lib$lib.so
      soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
      [ "$soname" = "lib$lib.so" ] || { echo "lib$lib.so: SONAME is '$soname'"; status=1; }
      nm -D --defined-only "$so" | awk '{print $NF}' | sort >"$libdir/.exported_$lib"
      stray=$(grep -vE '^(acl|Acl)' "$libdir/.exported_$lib" || true)
      [ -z "$stray" ] || { echo "lib$lib.so exports non-CANN symbols:"; echo "$stray"; status=1; }
      case $lib in ascendcl) inc=runtime ;; nnopbase) inc=nnopbase ;; opapi) inc=ops ;; esac
      lists="$abi/abi_fns_$inc.inc"
      [ "$inc" = ops ] && lists=$(ls "$abi"/ops/*.inc)
      # shellcheck disable=SC2086
      sed -n 's/^ABI_FN([^,]*, *\([A-Za-z0-9_]*\),.*/\1/p' $lists | sort >"$libdir/.wanted_$lib"
      missing=$(comm -23 "$libdir/.wanted_$lib" "$libdir/.exported_$lib")
      [ -z "$missing" ] || { echo "lib$lib.so lacks:"; echo "$missing"; status=1; }
      extra=$(comm -13 "$libdir/.wanted_$lib" "$libdir/.exported_$lib")
      [ -z "$extra" ] || { echo "lib$lib.so exports names no public header declares:"; echo "$extra"; status=1; }
      echo "lib$lib.so: SONAME $soname, $(wc -l <"$libdir/.exported_$lib") symbols, all CANN names"
      rm -f "$libdir/.exported_$lib" "$libdir/.wanted_$lib"
    done
    exit $status
    ;;
  *)
    echo "unknown mode $mode"
    exit 2
    ;;
esac
