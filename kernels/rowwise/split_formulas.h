// The split-and-gate formulas, one functor per kernel Op (split_problem.h). Those with a DOUBLE
// operator (Glu, GluBackward) and the GeGlu / SwiGlu ones are templates over the packet type (fp32
// Eigen packets, or scalar double); the others take fp32 packets only.
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
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params&) const {
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
  EIGEN_ALWAYS_INLINE void operator()(const P* in, P* out, const Params&) const {
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
  EIGEN_ALWAYS_INLINE void operator()(const PF* in, PF* out, const Params&) const {
    const PF g = kErf ? GeluErfExact(in[0]) : GeluTanh(in[0]);
    out[0] = ei::pmul(g, in[1]);
  }
};

struct FatreluMulFn {  // strict '>' as the kernel's CMPMODE::GT; NaN gates give 0
  static constexpr int kIn = 3, kOut = 1;
  EIGEN_ALWAYS_INLINE void operator()(const PF* in, PF* out, const Params&) const {
    const PF kept = ei::pselect(ei::pcmp_lt(in[2], in[0]), in[0], ei::pzero(in[0]));
    out[0] = ei::pmul(kept, in[1]);
  }
};

struct SituGluFn {
  static constexpr int kIn = 2, kOut = 1;
  EIGEN_ALWAYS_INLINE void operator()(const PF* in, PF* out, const Params& p) const {
    const PF beta = Set<PF>(p.beta);
    const PF situ = ei::pmul(ei::pmul(beta, Tanh(ei::pdiv(in[0], beta))), Sigmoid(in[0]));
    PF up = in[1];
    if (p.linearBeta > 0.0f) {
      const PF lb = Set<PF>(p.linearBeta);
      up = ei::pmul(lb, Tanh(ei::pdiv(up, lb)));
    }
    out[0] = ei::pmul(situ, up);
  }
};

struct ClippedSwigluFn {
  static constexpr int kIn = 2, kOut = 1;
  EIGEN_ALWAYS_INLINE void operator()(const PF* in, PF* out, const Params& p) const {
    const PF l = Set<PF>(p.limit);
    const PF a = ei::pmin(in[0], l);
    const PF b = ei::pmax(ei::pmin(in[1], l), ei::pnegate(l));
    const PF s = Sigmoid(ei::pmul(Set<PF>(p.alpha), a));
    out[0] = ei::pmul(ei::pmul(a, s), ei::padd(b, Set<PF>(p.bias)));
  }
};

struct ClippedSwigluMode1Fn {
  static constexpr int kIn = 2, kOut = 1;
  EIGEN_ALWAYS_INLINE void operator()(const PF* in, PF* out, const Params& p) const {
    const PF l = Set<PF>(p.limit);
    const PF silu = ei::pmul(in[0], Sigmoid(in[0]));
    const PF b = ei::pmax(ei::pmin(in[1], l), ei::pnegate(l));
    out[0] = ei::pmul(ei::pmin(silu, l), b);
  }
};

template <bool kWeighted>
struct SwigluGroupFn {
  static constexpr int kIn = kWeighted ? 3 : 2, kOut = 1;
  EIGEN_ALWAYS_INLINE void operator()(const PF* in, PF* out, const Params& p) const {
    PF a = in[0];
    PF b = in[1];
    if (p.limit > 0.0f) {
      const PF l = Set<PF>(p.limit);
      a = ei::pmin(a, l);
      b = ei::pmax(ei::pmin(b, l), ei::pnegate(l));
    }
    const PF silu = ei::pdiv(a, ei::padd(Set<PF>(1.0), Exp(ei::pnegate(a))));
    PF y = ei::pmul(silu, b);
    if constexpr (kWeighted) y = ei::pmul(y, in[2]);
    out[0] = y;
  }
};

// ---- the other backwards: in (dy, gate, up), out (dGate, dUp) ----

struct SituGluGradFn {
  static constexpr int kIn = 3, kOut = 2;
  EIGEN_ALWAYS_INLINE void operator()(const PF* in, PF* out, const Params& p) const {
    const PF one = Set<PF>(1.0);
    const PF beta = Set<PF>(p.beta);
    const PF& dy = in[0];
    const PF t = Tanh(ei::pdiv(in[1], beta));
    const PF s = Sigmoid(in[1]);
    const PF situ = ei::pmul(ei::pmul(beta, t), s);
    PF up = in[2];
    PF dUpFactor = one;
    if (p.linearBeta > 0.0f) {
      const PF lb = Set<PF>(p.linearBeta);
      const PF tu = Tanh(ei::pdiv(up, lb));
      up = ei::pmul(lb, tu);
      dUpFactor = ei::psub(one, ei::pmul(tu, tu));
    }
    const PF inner =
        ei::padd(ei::psub(one, ei::pmul(t, t)), ei::pmul(ei::pmul(beta, t), ei::psub(one, s)));
    out[0] = ei::pmul(ei::pmul(ei::pmul(dy, up), s), inner);
    out[1] = ei::pmul(ei::pmul(dy, situ), dUpFactor);
  }
};

struct ClippedSwigluGradFn {  // inclusive masks: gradient passes at |x| = limit
  static constexpr int kIn = 3, kOut = 2;
  EIGEN_ALWAYS_INLINE void operator()(const PF* in, PF* out, const Params& p) const {
    const PF one = Set<PF>(1.0);
    const PF l = Set<PF>(p.limit);
    const PF nl = ei::pnegate(l);
    const PF alpha = Set<PF>(p.alpha);
    const PF& dy = in[0];
    const PF x0 = ei::pmin(in[1], l);
    const PF x1 = ei::pmax(ei::pmin(in[2], l), nl);
    const PF s = Sigmoid(ei::pmul(alpha, x0));
    const PF g0 = ei::pmul(ei::pmul(ei::pmul(dy, ei::padd(x1, Set<PF>(p.bias))), s),
                           ei::padd(one, ei::pmul(ei::pmul(alpha, x0), ei::psub(one, s))));
    const PF g1 = ei::pmul(ei::pmul(dy, x0), s);
    const PF zero = ei::pzero(dy);
    out[0] = ei::pselect(ei::pcmp_le(in[1], l), g0, zero);
    out[1] = ei::pselect(ei::pand(ei::pcmp_le(nl, in[2]), ei::pcmp_le(in[2], l)), g1, zero);
  }
};

}  // namespace split
}  // namespace kernels
}  // namespace aclcpu
