// aclnn-cpu-compare: compares a tensor dump against a reference; see UsageText() in options.cpp.
#include <exception>
#include <iostream>

#include "errors.h"
#include "options.h"
#include "report.h"
#include "stats.h"
#include "tensor_file.h"

namespace {

constexpr int kPass = 0, kFail = 1, kError = 2;

int Run(int argc, const char* const* argv) {
  using namespace aclcpu::compare;
  const Options options = ParseOptions(argc, argv);
  if (options.help) {
    std::cout << UsageText();
    return kPass;
  }
  TensorFile actualFile = ReadTensorFile("ACTUAL", options.actualPath);
  TensorFile expectedFile = ReadTensorFile("EXPECTED", options.expectedPath);
  Tensor actual, expected;
  Resolve(std::move(actualFile), std::move(expectedFile), options.layout, &actual, &expected);
  const Criterion criterion = MakeCriterion(options, actual.dtype);
  const Stats stats = Compute(actual, expected, criterion);
  const Verdict verdict = Judge(stats, actual.dtype, criterion);
  PrintReport(std::cout, actual, expected, stats, criterion, verdict);
  return verdict.pass ? kPass : kFail;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return Run(argc, argv);
  } catch (const aclcpu::compare::InputError& e) {
    std::cerr << "aclnn-cpu-compare: error: " << e.what()
              << "\n(usage: aclnn-cpu-compare [options] ACTUAL EXPECTED; --help for more)\n";
  } catch (const std::exception& e) {
    std::cerr << "aclnn-cpu-compare: error: " << e.what() << '\n';
  }
  return kError;
}
