// The split-and-gate formulas, one functor per kernel Op (split_problem.h), each a template over
// the packet type: fp32 Eigen packets (the vendor's arithmetic), or scalar double (the DOUBLE
// operators Glu / GluBackward, and golden mode, where split_math.h's double overloads give the
// exact functions and drop the intermediate roundings).
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
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params&) const {
    const P one = Set<P>(1.0);
    const P silu = ei::pdiv(in[0], ei::padd(one, Exp(ei::pnegate(in[0]))));
    out[0] = ei::pmul(silu, in[1]);
  }
};

template <bool kHalfSteps>
struct GluFn {  // up * sigmoid(gate); legacy fp16: sigmoid rounded to fp16, fp16 product
  static constexpr int kIn = 2, kOut = 1;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params&) const {
    P s = Sigmoid(in[0]);
    if constexpr (kHalfSteps) s = RoundHalf(s);
    out[0] = ei::pmul(in[1], s);
  }
};

template <bool kErf, bool kHalfGelu>
struct GeGluFn {  // out (up * gelu(gate), gelu(gate)); fp16: gelu rounded before the multiply
  static constexpr int kIn = 2, kOut = 2;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params&) const {
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
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params& p) const {
    const P one = Set<P>(1.0);
    const P& dy = in[0];
    const P& a = in[1];
    const P& b = in[2];
    const P s = Sigmoid(a);
    const P dys = ei::pmul(dy, s);
    out[0] =
        ei::pmul(ei::pmul(dys, ei::padd(one, ei::pmul(a, OneMinusSigmoid(a, s, p.golden)))), b);
    out[1] = ei::pmul(dys, a);
  }
};

template <bool kBf16Steps>
struct GluGradFn {  // gate = b, up = a: dA = dy s, dB = dA (a - a s), s = sigmoid(b)
  static constexpr int kIn = 3, kOut = 2;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params& p) const {
    const P& dy = in[0];
    const P& b = in[1];
    const P& a = in[2];
    if constexpr (std::is_same<P, double>::value) {
      if (p.golden) {  // a (1 - s) as a sigmoid(-b): no cancellation, no bf16 steps
        const double gradA = dy * Sigmoid(b);
        out[0] = gradA * (a * OneMinusSigmoid(b, 0.0, true));
        out[1] = gradA;
        return;
      }
    }
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
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params&) const {
    const P& dy = in[0];
    const P& gate = in[1];
    const P& up = in[2];
    const P& gelu = in[3];
    const P d = kErf ? GeluErfGrad(gate) : GeluTanhGrad(gate);
    out[0] = ei::pmul(d, ei::pmul(dy, up));
    out[1] = ei::pmul(dy, gelu);
  }
};

// ---- the other forwards ----

template <bool kErf>
struct GeluMulFn {  // gelu(gate) * up; "none" is the exact erf form
  static constexpr int kIn = 2, kOut = 1;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params&) const {
    const P g = kErf ? GeluErfExact(in[0]) : GeluTanh(in[0]);
    out[0] = ei::pmul(g, in[1]);
  }
};

struct FatreluMulFn {  // strict '>' as the kernel's CMPMODE::GT; NaN gates give 0
  static constexpr int kIn = 3, kOut = 1;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params&) const {
    const P kept = ei::pselect(ei::pcmp_lt(in[2], in[0]), in[0], ei::pzero(in[0]));
    out[0] = ei::pmul(kept, in[1]);
  }
};

struct SituGluFn {
  static constexpr int kIn = 2, kOut = 1;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params& p) const {
    // The vendor's order: (tanh(gate · 1/β) · β) · sigmoid(gate), then · up'.
    const P beta = Set<P>(p.beta);
    const P situ = ei::pmul(ei::pmul(Tanh(DivByAttr(in[0], p.beta)), beta), Sigmoid(in[0]));
    P up = in[1];
    if (Attr<P>(p.linearBeta) > 0) {
      up = ei::pmul(Tanh(DivByAttr(up, p.linearBeta)), Set<P>(p.linearBeta));
    }
    out[0] = ei::pmul(situ, up);
  }
};

struct ClippedSwigluFn {
  static constexpr int kIn = 2, kOut = 1;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params& p) const {
    const P l = Set<P>(p.limit);
    const P a = ei::pmin(in[0], l);
    const P b = ei::pmax(ei::pmin(in[1], l), ei::pnegate(l));
    const P s = Sigmoid(ei::pmul(Set<P>(p.alpha), a));
    out[0] = ei::pmul(ei::pmul(a, s), ei::padd(b, Set<P>(p.bias)));
  }
};

struct ClippedSwigluMode1Fn {
  static constexpr int kIn = 2, kOut = 1;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params& p) const {
    const P l = Set<P>(p.limit);
    const P silu = ei::pmul(in[0], Sigmoid(in[0]));
    const P b = ei::pmax(ei::pmin(in[1], l), ei::pnegate(l));
    out[0] = ei::pmul(ei::pmin(silu, l), b);
  }
};

template <bool kWeighted>
struct SwigluGroupFn {
  static constexpr int kIn = kWeighted ? 3 : 2, kOut = 1;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params& p) const {
    P a = in[0];
    P b = in[1];
    if (Attr<P>(p.limit) > 0) {
      const P l = Set<P>(p.limit);
      a = ei::pmin(a, l);
      b = ei::pmax(ei::pmin(b, l), ei::pnegate(l));
    }
    const P silu = ei::pdiv(a, ei::padd(Set<P>(1.0), Exp(ei::pnegate(a))));
    P y = ei::pmul(silu, b);
    if constexpr (kWeighted) y = ei::pmul(y, in[2]);
    out[0] = y;
  }
};

// ---- the other backwards: in (dy, gate, up), out (dGate, dUp) ----

struct SituGluGradFn {
  static constexpr int kIn = 3, kOut = 2;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params& p) const {
    // The vendor's order (situ_glu_grad.hpp): z = gate · 1/β, situ = (t · β) · s,
    // inner = (1 - t·t) + ((1 - s) · t) · β, dGate = ((dy · up') · s) · inner,
    // dUp = (dy · situ) · (1 - tu·tu).
    const P one = Set<P>(1.0);
    const P beta = Set<P>(p.beta);
    const P& dy = in[0];
    const P z = DivByAttr(in[1], p.beta);
    const P t = Tanh(z);
    const P s = Sigmoid(in[1]);
    const P situ = ei::pmul(ei::pmul(t, beta), s);
    P up = in[2];
    P dUpFactor = one;
    if (Attr<P>(p.linearBeta) > 0) {
      const P zu = DivByAttr(up, p.linearBeta);
      const P tu = Tanh(zu);
      up = ei::pmul(tu, Set<P>(p.linearBeta));
      dUpFactor = OneMinusTanhSquared(zu, tu, p.golden);
    }
    const P inner = ei::padd(OneMinusTanhSquared(z, t, p.golden),
                             ei::pmul(ei::pmul(OneMinusSigmoid(in[1], s, p.golden), t), beta));
    out[0] = ei::pmul(ei::pmul(ei::pmul(dy, up), s), inner);
    out[1] = ei::pmul(ei::pmul(dy, situ), dUpFactor);
  }
};

struct ClippedSwigluGradFn {  // inclusive masks: gradient passes at |x| = limit
  static constexpr int kIn = 3, kOut = 2;
  template <typename P>
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params& p) const {
    const P one = Set<P>(1.0);
    const P l = Set<P>(p.limit);
    const P nl = ei::pnegate(l);
    const P alpha = Set<P>(p.alpha);
    const P& dy = in[0];
    const P x0 = ei::pmin(in[1], l);
    const P x1 = ei::pmax(ei::pmin(in[2], l), nl);
    const P s = Sigmoid(ei::pmul(alpha, x0));
    const P g0 = ei::pmul(
        ei::pmul(ei::pmul(dy, ei::padd(x1, Set<P>(p.bias))), s),
        ei::padd(one,
                 ei::pmul(ei::pmul(alpha, x0), OneMinusSigmoid(ei::pmul(alpha, x0), s, p.golden))));
    const P g1 = ei::pmul(ei::pmul(dy, x0), s);
    const P zero = ei::pzero(dy);
    out[0] = ei::pselect(ei::pcmp_le(in[1], l), g0, zero);
    out[1] = ei::pselect(ei::pand(ei::pcmp_le(nl, in[2]), ei::pcmp_le(in[2], l)), g1, zero);
  }
};

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
