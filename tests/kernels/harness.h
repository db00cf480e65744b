// The generic kernel tester: runs one kernel-list row over one strided layout with inputs from
// its Reference, and checks every output element against the Reference plus the untouched gaps
// of the output storage.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "elementwise/driver.h"
#include "ref_api.h"
#include "thread_pool.h"

namespace reftest {

using aclcpu::kernels::Precision;
using aclcpu::kernels::ThreadPool;

struct TestView {
  std::vector<int64_t> strides;
  int64_t offset = 0;   // element of index (0, ..., 0) within the storage
  int64_t storage = 1;  // storage elements
};

// Operand views in the output's coordinates (a broadcast input has stride 0 there).
struct TestLayout {
  std::string name;
  std::vector<int64_t> shape;
  TestView out[2];
  TestView in[3];
  int alias = -1;  // k >= 0: output 0 is input k (same storage and view)
};

inline std::vector<int64_t> ContigStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int d = static_cast<int>(shape.size()) - 2; d >= 0; --d) s[d] = s[d + 1] * shape[d + 1];
  return s;
}

inline TestView MakeView(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
                         int64_t pad = 0) {
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
  v.offset += pad;
  v.storage = v.offset + hi + 1 + pad;
  for (int64_t s : shape) {
    if (s == 0) v.storage = 1;
  }
  return v;
}

inline TestLayout Uniform(std::string name, const std::vector<int64_t>& shape,
                          const std::vector<int64_t>& strides, int64_t pad = 0) {
  TestLayout l;
  l.name = std::move(name);
  l.shape = shape;
  const TestView v = MakeView(shape, strides, pad);
  for (auto& o : l.out) o = v;
  for (auto& i : l.in) i = v;
  return l;
}
inline TestLayout Contiguous(const std::vector<int64_t>& shape, int64_t pad = 0) {
  return Uniform("contiguous" + std::to_string(pad), shape, ContigStrides(shape), pad);
}

// Worst error per row and mode, printed at exit by the test binary.
inline std::map<std::string, double>& WorstUlps() {
  static std::map<std::string, double> m;
  return m;
}
inline std::mutex& StatsMutex() {
  static std::mutex m;
  return m;
}

struct CaseData {
  std::vector<std::vector<uint8_t>> in;   // storages as they were before the call
  std::vector<std::vector<uint8_t>> out;  // storages after the call (alias: the input storage)
};

// The parameters and the input source of one case: random values, or the cartesian product of
// the Reference's special values (over a 1-D layout of that many elements).
struct CaseSpec {
  uint32_t seed = 1;
  bool specials = false;
  KernelParams params;
};

template <OpId op>
struct RowTester {
  using Ref = Reference<op>;

  static void Fill(const KernelRow& row, const TestLayout& l, const CaseSpec& c, int nIn,
                   CaseData* d) {
    const size_t isz = aclcpu::kernels::DTypeSize(row.dtype);
    std::mt19937 rng(c.seed);
    d->in.resize(nIn);
    std::vector<std::vector<double>> sp(nIn);
    for (int k = 0; k < nIn; ++k) sp[k] = Ref::Specials(k);
    for (int k = 0; k < nIn; ++k) {
      d->in[k].assign(l.in[k].storage * isz, 0);
      for (int64_t e = 0; e < l.in[k].storage; ++e) {
        double v;
        if (c.specials) {  // element e -> digit k of e in mixed radix
          int64_t q = e - l.in[k].offset;
          for (int j = 0; j < k; ++j) q /= static_cast<int64_t>(sp[j].size());
          v = sp[k][static_cast<size_t>(std::max<int64_t>(q, 0)) % sp[k].size()];
        } else {
          v = Ref::Input(k, row, c.params, rng);
        }
        Encode(row.dtype, ToDType(row.dtype, v), &d->in[k][e * isz]);
      }
    }
  }

  static CaseData Run(const KernelRow& row, Precision prec, const TestLayout& l, const CaseSpec& c,
                      ThreadPool* pool) {
    const auto& info = aclcpu::kernels::GetOpInfo(op);
    const size_t isz = aclcpu::kernels::DTypeSize(row.dtype);
    CaseData d;
    Fill(row, l, c, info.numIn, &d);
    std::vector<std::vector<uint8_t>> work = d.in;
    d.out.resize(info.numOut);
    for (int k = 0; k < info.numOut; ++k) d.out[k].assign(l.out[k].storage * isz, 0xA5);
    aclcpu::kernels::ElementwiseProblem p;
    p.ndim = static_cast<int>(l.shape.size());
    p.shape = l.shape.data();
    p.numIn = info.numIn;
    p.numOut = info.numOut;
    for (int k = 0; k < info.numIn; ++k) {
      p.in[k] = {work[k].data() + l.in[k].offset * isz, l.in[k].strides.data(), row.dtype};
    }
    for (int k = 0; k < info.numOut; ++k) {
      uint8_t* base = (k == 0 && l.alias >= 0) ? work[l.alias].data() : d.out[k].data();
      p.out[k] = {base + l.out[k].offset * isz, l.out[k].strides.data(), row.dtype};
    }
    aclcpu::kernels::RunElementwise(row, prec, p, c.params, pool);
    if (l.alias >= 0) d.out[0] = work[l.alias];
    return d;
  }

  // Number of wrong elements (0: pass); *first describes the first.
  static int64_t Check(const KernelRow& row, Precision prec, const TestLayout& l, const CaseSpec& c,
                       const CaseData& d, std::string* first, int64_t* nonzero = nullptr) {
    const auto& info = aclcpu::kernels::GetOpInfo(op);
    const size_t isz = aclcpu::kernels::DTypeSize(row.dtype);
    const bool golden = prec == Precision::Golden && row.golden != nullptr;
    int64_t bad = 0, nz = 0;
    double worst = 0;
    std::vector<std::vector<char>> touched(info.numOut);
    for (int k = 0; k < info.numOut; ++k) touched[k].assign(l.out[k].storage, 0);
    const int nd = static_cast<int>(l.shape.size());
    bool empty = false;
    for (int64_t s : l.shape) empty = empty || s == 0;
    std::vector<int64_t> idx(nd, 0);
    while (!empty) {
      double in[3] = {0, 0, 0};
      for (int k = 0; k < info.numIn; ++k) {
        int64_t e = l.in[k].offset;
        for (int i = 0; i < nd; ++i) e += idx[i] * l.in[k].strides[i];
        in[k] = Decode(row.dtype, &d.in[k][e * isz]);
      }
      Expect want;
      if (golden) {
        double exact[2] = {0, 0};
        Ref::Exact(in, c.params, row, exact);
        for (int k = 0; k < info.numOut; ++k) {
          want.value[k] = RoundToDType(row.dtype, exact[k]);
          // Correctly rounded but for ties: within half an ulp of the exact value (+ a hair).
          want.tol[k] = IsFloat(row.dtype) && std::isfinite(exact[k])
                            ? std::fabs(exact[k] - want.value[k]) +
                                  std::ldexp(Ulp(exact[k], FormatOf(row.dtype)), -20)
                            : 0;
        }
        want.exact = !IsFloat(row.dtype);
      } else {
        want = Ref::Npu(in, c.params, row);
      }
      for (int k = 0; k < info.numOut; ++k) {
        int64_t o = l.out[k].offset;
        for (int i = 0; i < nd; ++i) o += idx[i] * l.out[k].strides[i];
        touched[k][o] = 1;
        const double got = Decode(row.dtype, &d.out[k][o * isz]);
        if (got != 0) ++nz;
        double ulps = 0;
        if (!Matches(row, want, k, got, golden, &ulps) && bad++ == 0) {
          char buf[320];
          std::snprintf(buf, sizeof buf,
                        "output %d at index %lld: inputs (%.9g, %.9g, %.9g) -> got %.9g, want "
                        "%.9g (tol %.3g)",
                        k, static_cast<long long>(o), in[0], in[1], in[2], got, want.value[k],
                        want.tol[k]);
          *first = buf;
        }
        worst = std::max(worst, ulps);
      }
      int i = nd - 1;
      while (i >= 0 && ++idx[i] == l.shape[i]) idx[i--] = 0;
      if (i < 0) break;
    }
    // Gaps between the output's elements keep what was there before.
    for (int k = 0; k < info.numOut; ++k) {
      const std::vector<uint8_t>* before = (k == 0 && l.alias >= 0) ? &d.in[l.alias] : nullptr;
      for (int64_t e = 0; e < l.out[k].storage; ++e) {
        if (touched[k][e]) continue;
        for (size_t b = 0; b < isz; ++b) {
          const uint8_t want = before != nullptr ? (*before)[e * isz + b] : 0xA5;
          if (d.out[k][e * isz + b] != want) {
            if (bad++ == 0) *first = "storage gap " + std::to_string(e) + " was written";
            break;
          }
        }
      }
    }
    if (bad == 0) {  // a failing case (or the checker's own test) says nothing about accuracy
      std::lock_guard<std::mutex> lock(StatsMutex());
      double& w = WorstUlps()[std::string(row.name) + (golden ? " golden" : " npu")];
      w = std::max(w, worst);
    }
    if (nonzero != nullptr) *nonzero = nz;
    return bad;
  }

  static bool Matches(const KernelRow& row, const Expect& e, int k, double got, bool golden,
                      double* ulps) {
    *ulps = 0;
    const double want = e.value[k];
    if (std::isnan(want)) return std::isnan(got);
    if (std::isnan(got)) return false;
    if (e.exact || e.tol[k] == 0) {
      return got == want && (std::signbit(got) == std::signbit(want) || !IsFloat(row.dtype));
    }
    if (std::isinf(want) || std::isinf(got)) {
      // Overflow is right when the value rounds to the same infinity within the tolerance.
      return got == want || (!golden && std::isinf(got) && !std::isinf(want) &&
                             std::fabs(want) + e.tol[k] >= FormatOf(row.dtype).maxFinite);
    }
    const double err = std::fabs(got - want);
    if (IsFloat(row.dtype)) *ulps = err / Ulp(want, FormatOf(row.dtype));
    return err <= e.tol[k];
  }
};

}  // namespace reftest
