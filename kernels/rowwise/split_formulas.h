// The split-and-gate formulas, one functor per kernel Op (split_problem.h), each a template over
// the packet type: fp32 Eigen packets, or scalar double for the double-precision operators.
// Operation order follows the vendor's kernels (spec/activations/structured.md section 3).
#pragma once

#include "rowwise/split_math.h"

namespace aclcpu {
namespace kernels {
namespace split {

// ---- forward: in (gate, up) ----

struct SwiGluFn {  // silu(gate) * up, silu(a) = a / (1 + exp(-a))
  static constexpr int kIn = 2, kOut = 1;
  template <typename P>
  void operator()(const P* in, P* out, const Params&) const {
    const P one = Set<P>(1.0);
    const P silu = ei::pdiv(in[0], ei::padd(one, Exp(ei::pnegate(in[0]))));
    out[0] = ei::pmul(silu, in[1]);
  }
};

template <bool kHalfSteps>
struct GluFn {  // up * sigmoid(gate); legacy fp16: sigmoid rounded to fp16, fp16 product
  static constexpr int kIn = 2, kOut = 1;
  template <typename P>
  void operator()(const P* in, P* out, const Params&) const {
    P s = Sigmoid(in[0]);
    if constexpr (kHalfSteps) s = RoundHalf(s);
    out[0] = ei::pmul(in[1], s);
  }
};

template <bool kErf, bool kHalfGelu>
struct GeGluFn {  // out (up * gelu(gate), gelu(gate)); fp16: gelu rounded before the multiply
  static constexpr int kIn = 2, kOut = 2;
  template <typename P>
  void operator()(const P* in, P* out, const Params&) const {
    P gelu = kErf ? GeluErf(in[0]) : GeluTanh(in[0]);
    if constexpr (kHalfGelu) gelu = RoundHalf(gelu);
    out[0] = ei::pmul(in[1], gelu);
    out[1] = gelu;
  }
};

// ---- backward: in (dy, gate, up[, saved]), out (dGate, dUp) ----

struct SwiGluGradFn {
  static constexpr int kIn = 3, kOut = 2;
  template <typename P>
  void operator()(const P* in, P* out, const Params&) const {
    const P one = Set<P>(1.0);
    const P& dy = in[0];
    const P& a = in[1];
    const P& b = in[2];
    const P s = Sigmoid(a);
    const P dys = ei::pmul(dy, s);
    out[0] = ei::pmul(ei::pmul(dys, ei::padd(one, ei::pmul(a, ei::psub(one, s)))), b);
    out[1] = ei::pmul(dys, a);
  }
};

template <bool kBf16Steps>
struct GluGradFn {  // gate = b, up = a: dA = dy s, dB = dA (a - a s), s = sigmoid(b)
  static constexpr int kIn = 3, kOut = 2;
  template <typename P>
  void operator()(const P* in, P* out, const Params&) const {
    const P& dy = in[0];
    const P& b = in[1];
    const P& a = in[2];
    if constexpr (kBf16Steps) {  // the composite chain, each op's result in bf16
      const P s = RoundBf16(Sigmoid(b));
      const P gradA = RoundBf16(ei::pmul(dy, s));
      const P diff = RoundBf16(ei::psub(a, RoundBf16(ei::pmul(a, s))));
      out[0] = ei::pmul(gradA, diff);
      out[1] = gradA;
    } else {
      const P s = Sigmoid(b);
      const P gradA = ei::pmul(dy, s);
      out[0] = ei::pmul(gradA, ei::psub(a, ei::pmul(a, s)));
      out[1] = gradA;
    }
  }
};

template <bool kErf>
struct GeGluGradFn {  // in (dy, gate, up, gelu): dUp = dy gelu, dGate = gelu'(gate) (dy up)
  static constexpr int kIn = 4, kOut = 2;
  template <typename P>
  void operator()(const P* in, P* out, const Params&) const {
    const P& dy = in[0];
    const P& gate = in[1];
    const P& up = in[2];
    const P& gelu = in[3];
    const P d = kErf ? GeluErfGrad(gate) : GeluTanhGrad(gate);
    out[0] = ei::pmul(d, ei::pmul(dy, up));
    out[1] = ei::pmul(dy, gelu);
  }
};

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
