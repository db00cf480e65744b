#include <gtest/gtest.h>

#include "op_test_util.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new optest::AclEnvironment());
  return RUN_ALL_TESTS();
}
