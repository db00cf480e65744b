# Cross build for 64-bit Arm Linux with Debian's cross compiler (apt-get install
# g++-aarch64-linux-gnu qemu-user):
#   cmake -S . -B build/aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
#         -DACLNN_CPU_NATIVE=OFF [-DACLNN_CPU_GTEST_SOURCE_DIR=/usr/src/googletest]
# Programs (and ctest, gtest discovery) run through qemu-aarch64 with the Arm sysroot.
# scripts/run_aarch64.sh builds and runs the kernel tests and the doc samples this way.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(_aclcpu_triple aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${_aclcpu_triple}-gcc)
set(CMAKE_CXX_COMPILER ${_aclcpu_triple}-g++)
set(ACLCPU_SYSROOT /usr/${_aclcpu_triple} CACHE PATH "Target libraries for qemu-aarch64 -L")

# Libraries and headers come from the Arm sysroot only; programs (ccache, bash) from the host.
set(CMAKE_FIND_ROOT_PATH ${ACLCPU_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Eigen is header-only and the same for every architecture: use the host's libeigen3-dev.
if(NOT Eigen3_DIR AND EXISTS /usr/share/eigen3/cmake/Eigen3Config.cmake)
  set(Eigen3_DIR /usr/share/eigen3/cmake CACHE PATH "Eigen's CMake package (header-only)")
endif()

find_program(ACLCPU_QEMU_AARCH64 qemu-aarch64)
if(ACLCPU_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${ACLCPU_QEMU_AARCH64} -L ${ACLCPU_SYSROOT})
endif()
