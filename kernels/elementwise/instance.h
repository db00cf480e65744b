// Turns kernel-list rows into KernelRow entries; included by instances/<group>.cpp only, after
// the group's functor headers:
//   ACLCPU_KERNEL(op, gen, dtype, npuIo, goldenIo, Functor)    generic fp32-compute row
//   ACLCPU_KERNEL_EXACT(op, gen, dtype, CType, Functor)         exact integer arithmetic
//   ACLCPU_KERNEL_TUNED(op, gen, dtype, npuFn, goldenIo, Functor) hand-tuned npu function that
//                                                   overrides the generic row of the same key
#pragma once

#include <type_traits>
#include <utility>

#include "elementwise/chunked.h"
#include "elementwise/registry.h"

namespace aclcpu {
namespace kernels {

template <OpId op>
struct Arity;
#define ACLCPU_OP(name, nIn, nOut)    \
  template <>                         \
  struct Arity<OpId::k##name> {       \
    static constexpr int kIn = nIn;   \
    static constexpr int kOut = nOut; \
  };
#include "elementwise/ops.inc"
#undef ACLCPU_OP

// Whether a row may use streaming stores once the call is larger than the LLC: not where its
// functor says kComputeBound. Streaming stores keep a loop from overlapping its arithmetic with
// the memory traffic; they pay where the loop is little more than the traffic, and cost 6-30 %
// at 16M elements and 2 threads in the heavy rows that carry the flag (chosen row by row by
// that measure; docs/performance.md, twentieth session). The bits are the same either way.
template <typename Op, typename = void>
struct StreamsStores : std::true_type {};
template <typename Op>
struct StreamsStores<Op, std::void_t<decltype(Op::kComputeBound)>>
    : std::bool_constant<!Op::kComputeBound> {};

// A functor whose body branches on params.mode may give each mode its own loop: it declares
// `static constexpr int kLoopModes = N` and `template <int M> V Apply(...) const`, the body for
// mode M (0 <= M < N; its operator() is Apply<mode>). The npu rows then run Apply<M> for the
// call's mode, so that a loop holds one form only (GELU tanh / erf: both forms inlined into one
// loop ran its 16-bit rows up to 10 % slower, the operator out of line costs a call a packet).
template <typename Op, typename = void>
struct LoopModes : std::integral_constant<int, 0> {};
template <typename Op>
struct LoopModes<Op, std::void_t<decltype(Op::kLoopModes)>>
    : std::integral_constant<int, Op::kLoopModes> {};

// Such a functor may also pick the loop from its scalars, not only the mode: `static int
// LoopModeOf(const KernelParams&)` returns the M to run (loops past the operator's own modes,
// e.g. ELU's for α = scale = inputScale = 1, whose multiplications by 1 it skips).
template <typename Fn, typename = void>
struct HasLoopModeOf : std::false_type {};
template <typename Fn>
struct HasLoopModeOf<Fn, std::void_t<decltype(Fn::LoopModeOf(std::declval<const KernelParams&>()))>>
    : std::true_type {};
template <typename Fn>
int LoopModeOf(const KernelParams& p) {
  if constexpr (HasLoopModeOf<Fn>::value) {
    return Fn::LoopModeOf(p);
  } else {
    return p.mode;
  }
}

// A functor with both kLoopModes and kTwoPass (chunked.h) has `template <int M> Front(...)` and
// `template <int M> Back(...)` too, and `static constexpr bool TwoPassAt(int mode)`: the modes
// whose loops take two passes.
template <typename Fn, typename = void>
struct HasTwoPassAt : std::false_type {};
template <typename Fn>
struct HasTwoPassAt<Fn, std::void_t<decltype(Fn::TwoPassAt(0))>> : std::true_type {};
template <typename Fn, int M>
constexpr bool TwoPassAtMode() {
  if constexpr (HasTwoPassAt<Fn>::value) {
    return TwoPass<Fn>::value && Fn::TwoPassAt(M);
  } else {
    return TwoPass<Fn>::value;
  }
}

template <typename Fn, int M>
struct AtMode : Fn {
  using Fn::Fn;
  static constexpr bool kTwoPass = TwoPassAtMode<Fn, M>();
  template <typename... A>
  EIGEN_ALWAYS_INLINE auto operator()(const A&... a) const {
    return Fn::template Apply<M>(a...);
  }
  template <typename... A>
  EIGEN_ALWAYS_INLINE auto Front(const A&... a) const {
    return Fn::template Front<M>(a...);
  }
  template <typename F, typename... A>
  EIGEN_ALWAYS_INLINE auto Back(const F& front, const A&... a) const {
    return Fn::template Back<M>(front, a...);
  }
};

// A mode without its own loop runs operator() one packet at a time.
template <typename Fn>
struct OnePass : Fn {
  using Fn::Fn;
  static constexpr bool kTwoPass = false;
};

template <typename Io, int NIn, int NOut, typename Fn, int M>
void RunAtMode(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
               bool stream, int loop) {
  if constexpr (M < LoopModes<Fn>::value) {
    if (loop == M) {
      RunNpu<Io, NIn, NOut>(out, in, n, AtMode<Fn, M>(p), stream);
      return;
    }
    RunAtMode<Io, NIn, NOut, Fn, M + 1>(out, in, n, p, stream, loop);
  } else {
    RunNpu<Io, NIn, NOut>(out, in, n, OnePass<Fn>(p), stream);  // a mode without its own loop
  }
}

template <typename Io, int NIn, int NOut, template <typename> class F>
void NpuKernel(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
               bool stream) {
  using Fn = F<Packet>;
  const bool s = stream && StreamsStores<Fn>::value;
  if constexpr (LoopModes<Fn>::value > 0) {
    RunAtMode<Io, NIn, NOut, Fn, 0>(out, in, n, p, s, LoopModeOf<Fn>(p));
  } else {
    RunNpu<Io, NIn, NOut>(out, in, n, Fn(p), s);
  }
}

template <typename GIo, int NIn, int NOut, template <typename> class F>
void GoldenKernel(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                  bool /*stream*/) {
  RunGolden<GIo, NIn, NOut>(out, in, n, F<PacketD>(p), p.goldenWideOut);
}

template <typename T, int NIn, int NOut, template <typename> class F>
void ExactKernel(void* const* out, const void* const* in, int64_t n, const KernelParams& p,
                 bool /*stream*/) {
  RunExact<T, NIn, NOut>(out, in, n, F<T>(p));
}

}  // namespace kernels
}  // namespace aclcpu

#define ACLCPU_ROW_NAME(op, gen, dtype) #op "/" #gen "/" #dtype
#define ACLCPU_KERNEL(op, gen, dtype, npuIo, goldenIo, F)                         \
  {OpId::k##op,                                                                   \
   Generation::gen,                                                               \
   DType::dtype,                                                                  \
   &NpuKernel<npuIo, Arity<OpId::k##op>::kIn, Arity<OpId::k##op>::kOut, F>,       \
   &GoldenKernel<goldenIo, Arity<OpId::k##op>::kIn, Arity<OpId::k##op>::kOut, F>, \
   ACLCPU_ROW_NAME(op, gen, dtype),                                               \
   false},
#define ACLCPU_KERNEL_EXACT(op, gen, dtype, CType, F)                                       \
  {OpId::k##op,  Generation::gen,                                                           \
   DType::dtype, &ExactKernel<CType, Arity<OpId::k##op>::kIn, Arity<OpId::k##op>::kOut, F>, \
   nullptr,      ACLCPU_ROW_NAME(op, gen, dtype),                                           \
   false},
#define ACLCPU_KERNEL_TUNED(op, gen, dtype, npuFn, goldenIo, F)                   \
  {OpId::k##op,                                                                   \
   Generation::gen,                                                               \
   DType::dtype,                                                                  \
   &npuFn,                                                                        \
   &GoldenKernel<goldenIo, Arity<OpId::k##op>::kIn, Arity<OpId::k##op>::kOut, F>, \
   ACLCPU_ROW_NAME(op, gen, dtype) "/tuned",                                      \
   true},
