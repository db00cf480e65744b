#!/usr/bin/env bash
# Builds and runs a user project against an installed aclnn-cpu prefix, the way users do:
#   run_consumer.sh install <build dir> <prefix>            installs the build tree into prefix
#   run_consumer.sh vendor_style <prefix> <src> <work> <check_output.sh> <expected dir>
#   run_consumer.sh find_package|pkg_config <prefix> <src> <work>
#   run_consumer.sh symbols <lib dir> <abi dir>             exported symbols of the three libraries
# Consumer builds start from a clean environment plus `source <prefix>/set_env.sh`.
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
      lib64/cmake/aclnn_cpu/aclnn_cpu-targets.cmake lib64/pkgconfig/aclnn_cpu.pc set_env.sh bin/setenv.bash \
      lib64/libacl_rt.so lib64/libopapi_nn.so lib64/libopapi_math.so bin/aclnn-cpu-compare; do
      [ -e "$P/$f" ] || { echo "missing $P/$f"; exit 1; }
    done
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
