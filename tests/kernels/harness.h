// Runs one kernel over one strided layout with random inputs and checks every output element
// against reference.h, plus the untouched gaps of the output storage.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "elementwise/driver.h"
#include "reference.h"
#include "thread_pool.h"

namespace reftest {

using aclcpu::kernels::ThreadPool;

struct TestView {
  std::vector<int64_t> strides;
  int64_t offset = 0;   // element of index (0, ..., 0) within the storage
  int64_t storage = 1;  // storage elements
};

struct TestLayout {
  std::string name;
  std::vector<int64_t> shape;
  TestView out, in0, in1;
  int alias = -1;  // 0: out is in0 (same storage and view), 1: out is in1
};

inline std::vector<int64_t> ContigStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int d = static_cast<int>(shape.size()) - 2; d >= 0; --d) s[d] = s[d + 1] * shape[d + 1];
  return s;
}

inline TestView MakeView(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides) {
  TestView v;
  v.strides = strides;
  int64_t hi = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    const int64_t span = (shape[d] - 1) * strides[d];
    if (span < 0)
      v.offset -= span;
    else
      hi += span;
  }
  v.storage = v.offset + hi + 1;
  return v;
}

inline TestLayout Contiguous(const std::vector<int64_t>& shape, std::string name = "contiguous") {
  const TestView v = MakeView(shape, ContigStrides(shape));
  return TestLayout{std::move(name), shape, v, v, v, -1};
}

// Worst error per kernel, printed at exit.
inline std::map<std::string, double>& WorstUlps() {
  static std::map<std::string, double> m;
  return m;
}
inline std::mutex& StatsMutex() {
  static std::mutex m;
  return m;
}
inline void RecordUlps(const std::string& key, double ulps) {
  std::lock_guard<std::mutex> lock(StatsMutex());
  double& w = WorstUlps()[key];
  w = std::max(w, ulps);
}

struct CaseData {
  std::vector<uint8_t> in0, in1, out;  // storages (inputs as they were before the call)
};

struct CheckResult {
  int64_t checked = 0, mismatches = 0, nonzero = 0;
  std::string first;
};

inline bool NeedsExactMathBound(const KernelDesc& k) {
  return k.op == Op::SeluBackward &&
         (k.dt == DT::BF16 || (k.dt == DT::F16 && k.gen == Gen::Current));
}

inline CheckResult CheckCase(const KernelDesc& k, const TestLayout& l, const CaseData& d,
                             float beta, bool record = true) {
  const size_t isz = aclcpu::kernels::KernelItemSize(k.id);
  const TestView& vo = l.out;
  const size_t storageOut = l.alias >= 0 ? (l.alias == 0 ? l.in0 : l.in1).storage : vo.storage;
  std::vector<char> touched(storageOut, 0);
  CheckResult r;
  const int nd = static_cast<int>(l.shape.size());
  std::vector<int64_t> idx(nd, 0);
  double worst = 0;
  for (;;) {
    int64_t o = vo.offset, a = l.in0.offset, b = l.in1.offset;
    for (int i = 0; i < nd; ++i) {
      o += idx[i] * vo.strides[i];
      a += idx[i] * l.in0.strides[i];
      b += idx[i] * l.in1.strides[i];
    }
    touched[o] = 1;
    const double g = Decode(k.dt, &d.in0[a * isz]);
    const double x = Decode(k.dt, &d.in1[b * isz]);
    const double out = Decode(k.dt, &d.out[o * isz]);
    const Expected e = Reference(k, g, x, beta);
    double ulps = 0;
    bool ok = Matches(k, e, out, &ulps);
    if (NeedsExactMathBound(k) && std::isfinite(e.exactMath)) {
      const double u = std::fabs(out - e.exactMath) / Ulp(e.exactMath, FormatOf(k.dt));
      ok = ok && u <= 1.0;
      ulps = std::max(ulps, u);
    }
    worst = std::max(worst, ulps);
    ++r.checked;
    if (out != 0) ++r.nonzero;
    if (!ok && r.mismatches++ == 0) {
      char buf[256];
      std::snprintf(buf, sizeof buf,
                    "element %lld: g=%.9g x=%.9g -> got %.9g, want %.9g (tol %.3g)",
                    static_cast<long long>(r.checked - 1), g, x, out, e.value, e.tol);
      r.first = buf;
    }
    int i = nd - 1;
    while (i >= 0 && ++idx[i] == l.shape[i]) idx[i--] = 0;
    if (i < 0) break;
  }
  // Gaps between the output's elements keep what was there before.
  const std::vector<uint8_t>& before = l.alias == 0 ? d.in0 : d.in1;
  for (size_t e = 0; e < storageOut; ++e) {
    if (touched[e]) continue;
    for (size_t byte = 0; byte < isz; ++byte) {
      const uint8_t want = l.alias >= 0 ? before[e * isz + byte] : 0xA5;
      if (d.out[e * isz + byte] != want) {
        if (r.mismatches++ == 0) r.first = "storage gap " + std::to_string(e) + " was written";
        break;
      }
    }
  }
  if (record) RecordUlps(std::string(k.name), worst);
  return r;
}

// Fills, runs and returns the case data (out = the output storage after the call).
inline CaseData RunCase(const KernelDesc& k, const TestLayout& l, uint32_t seed, double range,
                        float beta, ThreadPool* pool) {
  const size_t isz = aclcpu::kernels::KernelItemSize(k.id);
  std::mt19937 rng(seed);
  CaseData d;
  d.in0.resize(l.in0.storage * isz);
  d.in1.resize(l.in1.storage * isz);
  for (int64_t e = 0; e < l.in0.storage; ++e)
    Encode(k.dt, RandomInput(k, 0, range, rng), &d.in0[e * isz]);
  for (int64_t e = 0; e < l.in1.storage; ++e)
    Encode(k.dt, RandomInput(k, 1, range, rng), &d.in1[e * isz]);
  std::vector<uint8_t> work0 = d.in0, work1 = d.in1;
  std::vector<uint8_t> out(l.out.storage * isz, 0xA5);
  uint8_t* outBase = l.alias == 0 ? work0.data() : (l.alias == 1 ? work1.data() : out.data());
  aclcpu::kernels::BinaryProblem p;
  p.ndim = static_cast<int>(l.shape.size());
  p.shape = l.shape.data();
  p.in0 = {work0.data() + l.in0.offset * isz, l.in0.strides.data()};
  p.in1 = {work1.data() + l.in1.offset * isz, l.in1.strides.data()};
  p.out = outBase + l.out.offset * isz;
  p.outStrides = l.out.strides.data();
  aclcpu::kernels::KernelParams params;
  params.beta = beta;
  aclcpu::kernels::RunBinary(k.id, p, params, pool);
  d.out = l.alias == 0 ? work0 : (l.alias == 1 ? work1 : out);
  return d;
}

inline ::testing::AssertionResult RunAndCheck(const KernelDesc& k, const TestLayout& l,
                                              uint32_t seed, double range, float beta,
                                              ThreadPool* pool) {
  const CaseData d = RunCase(k, l, seed, range, beta, pool);
  const CheckResult r = CheckCase(k, l, d, beta);
  if (r.mismatches == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << k.name << " layout " << l.name << " seed " << seed << " range " << range << " beta "
         << beta << ": " << r.mismatches << " of " << r.checked << " wrong; first " << r.first;
}

}  // namespace reftest
