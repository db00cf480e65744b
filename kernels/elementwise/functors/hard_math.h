// Vector functions the hard group needs beyond vmath.h.
#pragma once

#include <cmath>

#include "elementwise/vmath.h"

namespace aclcpu {
namespace kernels {
namespace hardmath {

// exp with the whole fp32 range: vm::Exp (Eigen's fp32 exp) is accurate while the result is a
// normal number but clamps its argument at −88.72 (so exp(−inf) would be 2.9e−39); below −87
// this takes exp(z/4)⁴, which goes through the subnormals to 0 and gives exp(−inf) = 0.
// Golden mode: std::exp per lane.
template <typename V>
inline V FullExp(const V& z) {
  using namespace vm;
  if constexpr (kGolden<V>) {
    return Lanes(z, [](Scalar<V> v) { return static_cast<Scalar<V>>(std::exp(v)); });
  } else {
    const V q = Exp(Mul(z, Set<V>(0.25f)));
    const V q2 = Mul(q, q);
    return Select(Lt(z, Set<V>(-87.0f)), Mul(q2, q2), Exp(z));
  }
}

}  // namespace hardmath
}  // namespace kernels
}  // namespace aclcpu
