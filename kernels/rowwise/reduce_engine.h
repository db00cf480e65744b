// The reduce engine: runs one op (reduce_ops.h) over one line (row mode: the reduced axis is
// the vector axis) or over one tile of up to kMaxTile lines side by side (column mode: the
// vector axis is another dim, so every access of the R passes walks memory contiguously).
// Every value goes through the same packet arithmetic whatever its position, so a line's
// result does not depend on where the partition cut the work.
#pragma once

// GCC 12 flags its own _mm512_undefined_* placeholders (inlined from AVX-512 intrinsics and
// Eigen's packet math) as uninitialized; the pragmas must precede the first include of Eigen.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include <Eigen/Core>
#include <algorithm>
#include <cstdint>

#include "rowwise/elem_io.h"
#include "rowwise/packet_util.h"
#include "rowwise/reduce_ops.h"

namespace aclcpu {
namespace kernels {
namespace rowwise {

constexpr int64_t kRowChunk = 1024;  // values per row-mode pass step (multiple of every packet)
constexpr int64_t kMaxTile = 1024;   // lines per column-mode tile
// Column mode: a pass that reads a tile from memory fetches the head (kPrefetchHead bytes) of
// the row kPrefetchRows ahead, which starts the hardware's stream for that row early. Fetching
// whole rows ahead (as sessions 12-23 did for an AMD EPYC) took 5-30 % more time on an Intel Xeon
// with its large L3 (its line fill buffers then wait on the prefetches); the head is neutral there.
constexpr int64_t kPrefetchRows = 6;
constexpr int64_t kPrefetchHead = 128;
// A packed tile's rows (64 lines: 256 bytes) are fetched whole, this many rows ahead: 16M fp32
// [1024, 16384] at 2 threads, Softmax / LogSoftmax 3.71 / 3.63 ms with the head 6 ahead, 3.18 /
// 3.11 whole 1-4 ahead, 3.41 / 3.32 whole 8 ahead.
constexpr int64_t kPackFetchRows = 3;

template <typename C, typename Op>
class ReduceEngine {
 public:
  using P = typename ei::packet_traits<C>::type;
  static constexpr int64_t kLanes = ei::unpacket_traits<P>::size;
  static constexpr int kPorts = Op::kIn + Op::kOut + (Op::kLineOut ? 1 : 0);
  // The next line is fetched during the last reduction pass when there are several (the exp
  // pass of the softmax family: the longest, so the fetch has time to land), else during the
  // map pass.
  static constexpr bool kFetchInLastStage = Op::kStages > 1;
  // Pipelined lines of a max-then-sum op (Softmax, LogSoftmax): the next line's max is taken in
  // this line's last pass, so no line but a task's first has a max pass of its own.
  static constexpr bool kFusedMax = Op::kStages == 2 && Op::kIn == 1 &&
                                    std::is_same<typename Op::template Stage<0>, MaxStage>::value;

  // ports: inputs, outputs, then the per-line output when the op has one.
  explicit ReduceEngine(const Port* ports) {
    for (int k = 0; k < kPorts; ++k) ports_[k] = ports[k];
  }

  // Where the last stage may keep its per-value terms (Op::kSaveTerm): `count` values of C, or
  // nullptr. A line (R values) or a tile (R x padded values) that fits keeps them there, so that
  // the map pass reads them back from cache instead of computing them again.
  void SetScratch(C* scratch, int64_t count) {
    scratch_ = scratch;
    scratchCount_ = scratch != nullptr ? count : 0;
  }
  // Outputs written in place (contiguous, no conversion) use streaming stores: the tensor is far
  // larger than the caches and the map pass never reads them back.
  void SetStream(bool stream) { stream_ = stream; }

  // Row mode: the line whose operands start at base[k] (bytes), R values at strideR.
  // `next`: where the next line's operands start (nullptr: unknown). Its first input and first
  // output are fetched while this line's map pass computes, so that its passes find them in
  // cache.
  void Line(char* const* base, int64_t R, char* const* next = nullptr) {
    const Port& o = ports_[Op::kIn];
    next_ = next != nullptr && ports_[0].strideR == 1 ? next[0] : nullptr;
    // A streamed output is never fetched (that would read it for ownership).
    nextOut_ = next != nullptr && o.strideR == 1 && !stream_ ? next[Op::kIn] : nullptr;
    C st[kMaxStats] = {};
    P stp[kMaxStats];
    // The terms go to the scratch when the line fits, else into a contiguous fp32 / fp64
    // output (read back by the map pass), else they are computed again.
    keep_ = nullptr;
    if (Op::kSaveTerm && scratch_ != nullptr && R <= scratchCount_) {
      keep_ = scratch_;
    } else if (Op::kSaveTerm && o.strideR == 1 && InPlace<C>(o.storage, o.via)) {
      keep_ = reinterpret_cast<C*>(base[Op::kIn]);
    }
    saveTerm_ = keep_ != nullptr;
    RowStages<0>(base, R, st, stp);
    Op::Finish(st);
    for (int s = 0; s < kMaxStats; ++s) stp[s] = ei::pset1<P>(st[s]);
    P lineAcc[4] = {ei::pzero(stp[0]), ei::pzero(stp[0]), ei::pzero(stp[0]), ei::pzero(stp[0])};
    for (int64_t r0 = 0; r0 < R; r0 += kRowChunk) {
      const int64_t n = std::min(kRowChunk, R - r0);
      const int64_t body = n / kLanes * kLanes;
      if (body > 0) RowMap(base, r0, body, body, stp, lineAcc, false);
      if (n > body) RowMap(base, r0 + body, n - body, kLanes, stp, lineAcc, true);
    }
    if (Op::kLineOut) {
      const P sum = ei::padd(ei::padd(lineAcc[0], lineAcc[1]), ei::padd(lineAcc[2], lineAcc[3]));
      const Port& lp = ports_[kPorts - 1];
      StoreOne<C>(base[kPorts - 1], lp.storage, RoundVia<C>(Horizontal<SumStage>(sum), lp.via));
    }
  }

  // Row mode, pipelined: whether lines of R values can go through LinePipelined. Every operand
  // walks the line contiguously in its compute type, R is whole groups of 4 packets, and an op
  // that keeps its terms has room for two lines of them in the scratch.
  bool Pipelinable(int64_t R) const {
    if (Op::kLineOut || R % (4 * kLanes) != 0) return false;
    // A one-pass op (the backwards) gains only when its stores stream to memory: in cache its
    // map pass is as fast alone (measured: SoftmaxBackward 1K rows in cache 1.1x slower).
    if (Op::kStages == 1 && !stream_) return false;
    for (int k = 0; k < kPorts; ++k) {
      if (ports_[k].strideR != 1 || !InPlace<C>(ports_[k].storage, ports_[k].via)) return false;
    }
    return !Op::kSaveTerm || (scratch_ != nullptr && 2 * R <= scratchCount_);
  }

  // Row mode, pipelined: the line's reduction passes run now; its map pass is deferred and runs
  // inside the next line's last reduction pass (or in Flush), packet group by packet group, so
  // that its stores spread over the longest pass instead of leaving in one burst. Same
  // arithmetic per value as Line. Every line of a sequence has the same R; end with Flush.
  void LinePipelined(char* const* base, int64_t R, char* const* next) {
    next_ = next != nullptr ? next[0] : nullptr;
    nextOut_ = next != nullptr && !stream_ ? next[Op::kIn] : nullptr;
    // A two-stage op (max, then the exp sum) takes the next line's max in this line's last pass.
    nextIn_ = kFusedMax && next != nullptr ? reinterpret_cast<const C*>(next[0]) : nullptr;
    Pending line;
    for (int k = 0; k < Op::kIn; ++k) line.in[k] = reinterpret_cast<const C*>(base[k]);
    for (int k = 0; k < Op::kOut; ++k) line.out[k] = reinterpret_cast<C*>(base[Op::kIn + k]);
    // The two lines in flight keep their terms in the two halves of the scratch.
    line.keep = Op::kSaveTerm ? scratch_ + (pendingHalf_ ? R : 0) : nullptr;
    pendingHalf_ = !pendingHalf_;
    C st[kMaxStats] = {};
    PipeStages<0>(line, R, st);
    Op::Finish(st);
    for (int s = 0; s < kMaxStats; ++s) line.st[s] = ei::pset1<P>(st[s]);
    pending_ = line;
    hasPending_ = true;
  }

  // Runs the deferred map pass of the last pipelined line, if any.
  void Flush(int64_t R) {
    if (!hasPending_) return;
    const Pending line = pending_;
    for (int64_t i = 0; i < R; i += 4 * kLanes) PendingMap(line, i, stream_);
    hasPending_ = false;
    haveMax_ = false;
  }

  // Column mode, pipelined: whether tiles of n lines can go through TilePipelined: a
  // max-then-sum op (Softmax, LogSoftmax) whose operands walk a tile's rows contiguously in the
  // compute type, n whole packets, and room for two packed tiles (R x n each) in the scratch.
  bool TilePipelinable(int64_t R, int64_t n) const {
    if (!kFusedMax || n % kLanes != 0 || n > kMaxTile) return false;
    for (int k = 0; k < kPorts; ++k) {
      if (ports_[k].strideV != 1 || !InPlace<C>(ports_[k].storage, ports_[k].via)) return false;
    }
    return scratch_ != nullptr && 2 * R * n <= scratchCount_;
  }

  // Column mode, pipelined. A tile whose rows are far apart in memory is read from there once:
  // the pass that takes its max copies it into one half of the scratch (rows n apart), where its
  // exp pass reads it and leaves its terms. That pass also runs the previous tile's map pass row
  // by row from the other half, so that the stores overlap the reads and arithmetic, and takes
  // the next tile's max and copies it into that half, each row right after the map has read it
  // (`next`: the next tile's bases, nullptr when it does not follow this way).
  // Each line's values are accumulated in row order, as in Tile: the same bits. Every tile of a
  // sequence has the same R and n; end with FlushTile.
  void TilePipelined(char* const* base, int64_t R, int64_t n, char* const* next) {
    PendingTile tile;
    for (int k = 0; k < kPorts; ++k) tile.base[k] = base[k];
    tile.n = n;
    tile.pack = scratch_ + packSlot_ * R * n;
    const int nextSlot = (packSlot_ + 1) % 2;
    const char* nextIn = next != nullptr ? next[0] : nullptr;
    C* nextPack = next != nullptr ? scratch_ + nextSlot * R * n : nullptr;
    alignas(64) C st[kMaxStats][kMaxTile];
    PipeTileStages<0>(tile, R, st, nextIn, nextPack);
    packSlot_ = nextSlot;
    FinishColumns(st, pst_, n);
    pendingTile_ = tile;
    hasPendingTile_ = true;
  }

  // Runs the deferred map pass of the last pipelined tile, if any.
  void FlushTile(int64_t R) {
    if (!hasPendingTile_) return;
    for (int64_t r = 0; r < R; ++r) PendingTileRow(r, stream_);
    hasPendingTile_ = false;
    haveTileMax_ = false;
  }

  // Column mode: n <= kMaxTile lines whose operands start at base[k] and are strideV apart.
  // `cached`: the tile's R x n values stay in cache between the passes, so keeping the last
  // stage's terms in the output costs no memory traffic.
  void Tile(char* const* base, int64_t R, int64_t n, bool cached) {
    const int64_t padded = (n + kLanes - 1) / kLanes * kLanes;
    const Port& o = ports_[Op::kIn];
    cached_ = cached;
    // The terms go to the scratch when the tile fits (a tile that small is still in the L3 when
    // its rows alias in the L2), else into a contiguous fp32 / fp64 output when the tile stays
    // cached, else they are computed again.
    keep_ = nullptr;
    keepRow_ = 0;
    if (Op::kSaveTerm && scratch_ != nullptr && R * padded <= scratchCount_) {
      keep_ = scratch_;
      keepRow_ = padded * static_cast<int64_t>(sizeof(C));
    } else if (Op::kSaveTerm && cached && n == padded && o.strideV == 1 &&
               InPlace<C>(o.storage, o.via)) {
      keep_ = reinterpret_cast<C*>(base[Op::kIn]);
      keepRow_ = o.strideR * o.item;
    }
    saveTerm_ = keep_ != nullptr;
    alignas(64) C st[kMaxStats][kMaxTile];
    TileStages<0>(base, R, n, padded, st);
    FinishColumns(st, st, padded);
    alignas(64) C lineAcc[kMaxTile];
    std::fill(lineAcc, lineAcc + padded, C(0));
    alignas(64) C inBuf[Op::kIn][kMaxTile];
    alignas(64) C outBuf[Op::kOut][kMaxTile];
    for (int64_t r = 0; r < R; ++r) {
      const C* in[Op::kIn] = {};
      C* out[Op::kOut];
      bool direct[Op::kOut];
      if (!saveTerm_) {
        for (int k = 0; k < Op::kIn; ++k) {
          const Port& p = ports_[k];
          in[k] = LoadRun<C>(p, base[k] + r * p.strideR * p.item, p.strideV, n, padded, inBuf[k]);
        }
      }
      for (int k = 0; k < Op::kOut; ++k) {
        const Port& p = ports_[Op::kIn + k];
        out[k] = StoreTarget<C>(p, base[Op::kIn + k] + r * p.strideR * p.item, p.strideV, n, padded,
                                outBuf[k]);
        direct[k] = stream_ && out[k] != outBuf[k];
      }
      if (saveTerm_) {  // the terms of the whole row are kept (whole packets)
        const C* terms = KeepRow(r);
        for (int64_t j = 0; j < padded; j += kLanes) {
          P stp[kMaxStats];
          for (int s = 0; s < kMaxStats; ++s) stp[s] = ei::pload<P>(&st[s][j]);
          PutPacket(out[0] + j, Op::MapSaved(ei::ploadu<P>(terms + j), stp), direct[0]);
        }
      } else {
        for (int64_t j = 0; j < padded; j += kLanes) {
          P x[Op::kIn];
          P y[Op::kOut];
          P stp[kMaxStats];
          for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(in[k] + j);
          for (int s = 0; s < kMaxStats; ++s) stp[s] = ei::pload<P>(&st[s][j]);
          P acc = ei::pload<P>(lineAcc + j);
          Op::Map(x, stp, y, &acc);
          if (Op::kLineOut) ei::pstore(lineAcc + j, acc);
          for (int k = 0; k < Op::kOut; ++k) PutPacket(out[k] + j, y[k], direct[k]);
        }
      }
      for (int k = 0; k < Op::kOut; ++k) {
        const Port& p = ports_[Op::kIn + k];
        FlushRun<C>(p, base[Op::kIn + k] + r * p.strideR * p.item, p.strideV, n, out[k], outBuf[k]);
      }
    }
    if (Op::kLineOut) {
      const Port& lp = ports_[kPorts - 1];
      for (int64_t j = 0; j < n; ++j) {
        StoreOne<C>(base[kPorts - 1] + j * lp.strideV * lp.item, lp.storage,
                    RoundVia<C>(lineAcc[j], lp.via));
      }
    }
  }

 private:
  template <typename Stage>
  static C Horizontal(const P& p) {
#if defined(__AVX__)
    // The same pairing in registers (fp32): lanes i and i + width merged for width = 8, 4, 2, 1.
    if constexpr (sizeof(C) == 4 && (sizeof(P) == 64 || sizeof(P) == 32)) {
      __m256 v8;
      if constexpr (sizeof(P) == 32) {
        v8 = p;
      } else {
#if defined(__AVX512F__)
        const __m256 hi = _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(p), 1));
        v8 = HMerge<Stage>(_mm512_castps512_ps256(p), hi);
#else
        static_assert(sizeof(P) == 32, "a 64-byte fp32 packet without AVX-512");
#endif
      }
      const __m128 v4 = HMerge<Stage>(_mm256_castps256_ps128(v8), _mm256_extractf128_ps(v8, 1));
      const __m128 v2 = HMerge<Stage>(v4, _mm_movehl_ps(v4, v4));
      const __m128 v1 = HMerge<Stage>(v2, _mm_shuffle_ps(v2, v2, 1));
      return _mm_cvtss_f32(v1);
    }
#endif
    alignas(64) C v[kLanes];
    ei::pstore(v, p);
    for (int64_t width = kLanes / 2; width >= 1; width /= 2) {
      for (int64_t i = 0; i < width; ++i) v[i] = Stage::MergeScalar(v[i], v[i + width]);
    }
    return v[0];
  }

  // Column mode: Op::Finish on each of the n lines' stats in `st`, written to `dst` (may be st).
  static void FinishColumns(const C (*st)[kMaxTile], C (*dst)[kMaxTile], int64_t n) {
    for (int64_t j = 0; j < n; ++j) {
      C line[kMaxStats];
      for (int s = 0; s < kMaxStats; ++s) line[s] = st[s][j];
      Op::Finish(line);
      for (int s = 0; s < kMaxStats; ++s) dst[s][j] = line[s];
    }
  }

  // A stage's four accumulator chains as one value: pairwise, then across the lanes. The one
  // order every pass of a line uses, so that a line's result does not depend on which pass
  // reduced it.
  template <typename Stage>
  static C Reduced(const P* acc) {
    return Horizontal<Stage>(
        Stage::Merge(Stage::Merge(acc[0], acc[1]), Stage::Merge(acc[2], acc[3])));
  }

  static P TailMask(int64_t n) {
    return ei::pcmp_lt(ei::plset<P>(C(0)), ei::pset1<P>(static_cast<C>(n)));
  }

  template <int S>
  void RowStages(char* const* base, int64_t R, C* st, P* stp) {
    if constexpr (S < Op::kStages) {
      using Stage = typename Op::template Stage<S>;
      const P id = ei::pset1<P>(Stage::template Identity<C>());
      P acc[4] = {id, id, id, id};
      alignas(64) C buf[Op::kIn][kRowChunk];
      // (The members read at each use here: in locals they cost the exp pass of Softmax ~3 %.)
      const auto fetch = [this](int64_t r) __attribute__((always_inline)) { MakeFetcher()(r); };
      for (int64_t r0 = 0; r0 < R; r0 += kRowChunk) {
        const int64_t n = std::min(kRowChunk, R - r0);
        const int64_t body = n / kLanes * kLanes;
        const C* in[Op::kIn];
        if (body > 0) {
          for (int k = 0; k < Op::kIn; ++k) in[k] = RowLoad(k, base, r0, body, body, buf[k]);
          int64_t i = 0;
          if (S + 1 == Op::kStages && saveTerm_) {
            // Keep each term; the map pass reads it back.
            C* keep = keep_ + r0;
            for (; i + 4 * kLanes <= body; i += 4 * kLanes) {
              if (kFetchInLastStage) {
                for (int u = 0; u < 4; ++u) fetch(r0 + i + u * kLanes);
              }
              for (int u = 0; u < 4; ++u) {
                P x[Op::kIn];
                for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(in[k] + i + u * kLanes);
                const P term = Op::Term(x, stp);
                ei::pstoreu(keep + i + u * kLanes, term);
                acc[u] = ei::padd(acc[u], term);
              }
            }
          }
          for (; i + 4 * kLanes <= body; i += 4 * kLanes) {
            if (kFetchInLastStage && S + 1 == Op::kStages) {
              for (int u = 0; u < 4; ++u) fetch(r0 + i + u * kLanes);
            }
            for (int u = 0; u < 4; ++u) {
              P x[Op::kIn];
              for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(in[k] + i + u * kLanes);
              acc[u] = Op::template Accum<S>(acc[u], x, stp);
            }
          }
          for (int u = 0; i < body; i += kLanes, ++u) {
            P x[Op::kIn];
            for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(in[k] + i);
            acc[u] = Op::template Accum<S>(acc[u], x, stp);
          }
        }
        if (n > body) {
          for (int k = 0; k < Op::kIn; ++k)
            in[k] = RowLoad(k, base, r0 + body, n - body, kLanes, buf[k]);
          P x[Op::kIn];
          for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(in[k]);
          acc[0] = ei::pselect(TailMask(n - body), Op::template Accum<S>(acc[0], x, stp), acc[0]);
        }
      }
      st[S] = Reduced<Stage>(acc);
      stp[S] = ei::pset1<P>(st[S]);
      RowStages<S + 1>(base, R, st, stp);
    }
  }

  const C* RowLoad(int k, char* const* base, int64_t r0, int64_t n, int64_t padded, C* buf) {
    const Port& p = ports_[k];
    return LoadRun<C>(p, base[k] + r0 * p.strideR * p.item, p.strideR, n, padded, buf);
  }

  void RowMap(char* const* base, int64_t r0, int64_t n, int64_t padded, const P* stp, P* lineAcc,
              bool tail) {
    alignas(64) C inBuf[Op::kIn][kRowChunk];
    alignas(64) C outBuf[Op::kOut][kRowChunk];
    const C* in[Op::kIn] = {};
    C* out[Op::kOut];
    bool direct[Op::kOut];
    // The terms of whole groups of 4 packets were kept by the last stage.
    const int64_t kept = saveTerm_ && !tail ? n / (4 * kLanes) * (4 * kLanes) : 0;
    if (kept < padded) {
      for (int k = 0; k < Op::kIn; ++k) in[k] = RowLoad(k, base, r0, n, padded, inBuf[k]);
    }
    for (int k = 0; k < Op::kOut; ++k) {
      const Port& p = ports_[Op::kIn + k];
      out[k] = StoreTarget<C>(p, base[Op::kIn + k] + r0 * p.strideR * p.item, p.strideR, n, padded,
                              outBuf[k]);
      direct[k] = stream_ && out[k] != outBuf[k];
    }
    const Fetcher fetch = MakeFetcher();
    P st[kMaxStats];  // in registers: the loop's stores may alias stp
    for (int s = 0; s < kMaxStats; ++s) st[s] = stp[s];
    int64_t i = 0;
    if (kept > 0) {
      const C* terms = keep_ + r0;
      for (; i < kept; i += kLanes) {
        if (!kFetchInLastStage) fetch(r0 + i);
        PutPacket(out[0] + i, Op::MapSaved(ei::ploadu<P>(terms + i), st), direct[0]);
      }
    }
    for (int64_t u = 0; i < padded; i += kLanes, u = (u + 1) & 3) {
      P x[Op::kIn];
      P y[Op::kOut];
      if (!kFetchInLastStage) fetch(r0 + i);
      for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(in[k] + i);
      P acc = lineAcc[u];
      Op::Map(x, st, y, &acc);
      if (Op::kLineOut) lineAcc[u] = tail ? ei::pselect(TailMask(n), acc, lineAcc[u]) : acc;
      for (int k = 0; k < Op::kOut; ++k) PutPacket(out[k] + i, y[k], direct[k]);
    }
    for (int k = 0; k < Op::kOut; ++k) {
      const Port& p = ports_[Op::kIn + k];
      FlushRun<C>(p, base[Op::kIn + k] + r0 * p.strideR * p.item, p.strideR, n, out[k], outBuf[k]);
    }
  }

  template <int S>
  void TileStages(char* const* base, int64_t R, int64_t n, int64_t padded, C (*st)[kMaxTile]) {
    if constexpr (S < Op::kStages) {
      using Stage = typename Op::template Stage<S>;
      std::fill(st[S], st[S] + padded, Stage::template Identity<C>());
      alignas(64) C buf[Op::kIn][kMaxTile];
      for (int64_t r = 0; r < R; ++r) {
        const C* in[Op::kIn];
        for (int k = 0; k < Op::kIn; ++k) {
          const Port& p = ports_[k];
          in[k] = LoadRun<C>(p, base[k] + r * p.strideR * p.item, p.strideV, n, padded, buf[k]);
        }
        if ((S == 0 || !cached_) && r + kPrefetchRows < R) {
          FetchRow(base[0], r + kPrefetchRows, kPrefetchHead);
        }
        C* keep = saveTerm_ ? KeepRow(r) : nullptr;
        for (int64_t j = 0; j < padded; j += kLanes) {
          P x[Op::kIn];
          P stp[kMaxStats];
          for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(in[k] + j);
          for (int s = 0; s < S; ++s) stp[s] = ei::pload<P>(&st[s][j]);
          if (S + 1 == Op::kStages && saveTerm_) {
            const P term = Op::Term(x, stp);
            ei::pstoreu(keep + j, term);
            ei::pstore(&st[S][j], ei::padd(ei::pload<P>(&st[S][j]), term));
          } else {
            ei::pstore(&st[S][j], Op::template Accum<S>(ei::pload<P>(&st[S][j]), x, stp));
          }
        }
      }
      TileStages<S + 1>(base, R, n, padded, st);
    }
  }

  // A pipelined tile whose map pass is still to run; its finished stats are pst_.
  struct PendingTile {
    char* base[kPorts];
    C* pack;  // its input, then (Op::kSaveTerm) its terms, rows n apart
    int64_t n;
  };

  // The map pass of the pending tile over its row r.
  void PendingTileRow(int64_t r, bool stream) {
    const PendingTile& t = pendingTile_;
    const Port& o = ports_[Op::kIn];
    C* out = reinterpret_cast<C*>(t.base[Op::kIn] + r * o.strideR * o.item);
    const C* row = t.pack + r * t.n;
    for (int64_t j = 0; j < t.n; j += kLanes) {
      P stp[kMaxStats];
      for (int s = 0; s < kMaxStats; ++s) stp[s] = ei::pload<P>(&pst_[s][j]);
      P y[Op::kOut];
      if (Op::kSaveTerm) {
        y[0] = Op::MapSaved(ei::pload<P>(row + j), stp);
      } else {
        const P x = ei::pload<P>(row + j);
        P acc = ei::pzero(stp[0]);
        Op::Map(&x, stp, y, &acc);
      }
      PutPacket(out + j, y[0], stream);
    }
  }

  // Packed column mode: copies row r of the tile at `tile` (n values, fetching the row
  // kPackFetchRows ahead) into `pack` (rows n apart) and takes it into the running max `max`.
  EIGEN_ALWAYS_INLINE void PackRow(const char* tile, C* pack, int64_t r, int64_t R, int64_t n,
                                   C* max) const {
    if (r + kPackFetchRows < R) {
      FetchRow(tile, r + kPackFetchRows, n * static_cast<int64_t>(sizeof(C)));
    }
    const C* in = reinterpret_cast<const C*>(tile + r * ports_[0].strideR * ports_[0].item);
    C* row = pack + r * n;
    for (int64_t j = 0; j < n; j += kLanes) {
      const P x = ei::ploadu<P>(in + j);
      ei::pstore(row + j, x);
      ei::pstore(max + j, Op::template Accum<0>(ei::pload<P>(max + j), &x, &x));
    }
  }

  // TileStages for a pipelined tile (max, then the sum): the same accumulation per line (row
  // order). Its max pass, when not taken ahead, reads the tile from memory and packs it; the sum
  // pass reads the packed tile, keeps the terms there, takes and packs the next tile's max and
  // maps the pending tile.
  template <int S>
  void PipeTileStages(const PendingTile& tile, int64_t R, C (*st)[kMaxTile], const char* nextIn,
                      C* nextPack) {
    if constexpr (S < Op::kStages) {
      using Stage = typename Op::template Stage<S>;
      const int64_t n = tile.n;
      if (S == 0) {
        if (haveTileMax_) {  // taken and packed in the previous tile's last pass
          std::copy(tileMax_, tileMax_ + n, st[0]);
          haveTileMax_ = false;
        } else {
          std::fill(st[0], st[0] + n, Stage::template Identity<C>());
          for (int64_t r = 0; r < R; ++r) PackRow(tile.base[0], tile.pack, r, R, n, st[0]);
        }
        return PipeTileStages<S + 1>(tile, R, st, nextIn, nextPack);
      }
      std::fill(st[S], st[S] + n, Stage::template Identity<C>());
      const bool fuseMax = nextIn != nullptr;
      using MaxStageOf = typename Op::template Stage<0>;
      if (fuseMax) std::fill(tileMax_, tileMax_ + n, MaxStageOf::template Identity<C>());
      const bool pend = hasPendingTile_;
      const bool stream = stream_;
      for (int64_t r = 0; r < R; ++r) {
        // The pending tile's row r first: the next tile's row r takes its place.
        if (pend) PendingTileRow(r, stream);
        if (fuseMax) PackRow(nextIn, nextPack, r, R, n, tileMax_);
        C* row = tile.pack + r * n;
        for (int64_t j = 0; j < n; j += kLanes) {
          const P x = ei::pload<P>(row + j);
          P stp[kMaxStats];
          for (int s = 0; s < S; ++s) stp[s] = ei::pload<P>(&st[s][j]);
          if (Op::kSaveTerm) {
            const P term = Op::Term(&x, stp);
            ei::pstore(row + j, term);
            ei::pstore(&st[S][j], ei::padd(ei::pload<P>(&st[S][j]), term));
          } else {
            ei::pstore(&st[S][j], Op::template Accum<S>(ei::pload<P>(&st[S][j]), &x, stp));
          }
        }
      }
      if (fuseMax) haveTileMax_ = true;
      PipeTileStages<S + 1>(tile, R, st, nextIn, nextPack);
    }
  }

  // A pipelined line whose map pass is still to run.
  struct Pending {
    const C* in[Op::kIn];
    C* out[Op::kOut];
    C* keep;  // its kept terms (Op::kSaveTerm)
    P st[kMaxStats];
  };

  // The map pass of `line` over its group of 4 packets at i.
  static EIGEN_ALWAYS_INLINE void PendingMap(const Pending& line, int64_t i, bool stream) {
    for (int u = 0; u < 4; ++u) {
      const int64_t j = i + u * kLanes;
      P y[Op::kOut];
      if (Op::kSaveTerm) {
        y[0] = Op::MapSaved(ei::ploadu<P>(line.keep + j), line.st);
      } else {
        P x[Op::kIn];
        for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(line.in[k] + j);
        P acc = ei::pzero(line.st[0]);
        Op::Map(x, line.st, y, &acc);
      }
      for (int k = 0; k < Op::kOut; ++k) PutPacket(line.out[k] + j, y[k], stream);
    }
  }

  // RowStages for a pipelined line: the same accumulation (four chains over groups of 4
  // packets); the last pass also keeps the terms and runs the pending line's map.
  template <int S>
  void PipeStages(const Pending& lineRef, int64_t R, C* st) {
    const Pending line = lineRef;  // in registers: the loops' stores may alias it
    if constexpr (S < Op::kStages) {
      using Stage = typename Op::template Stage<S>;
      const P id = ei::pset1<P>(Stage::template Identity<C>());
      P acc[4] = {id, id, id, id};
      P stp[kMaxStats];
      for (int s = 0; s < S; ++s) stp[s] = ei::pset1<P>(st[s]);
      if (S == 0 && kFusedMax && haveMax_) {
        // Taken in the previous line's last pass.
        st[0] = nextMax_;
        haveMax_ = false;
        return PipeStages<S + 1>(lineRef, R, st);
      }
      if constexpr (S + 1 == Op::kStages) {
        const Fetcher fetch = MakeFetcher();
        const bool pend = hasPending_;
        const Pending prev = pending_;
        const bool stream = stream_;
        // kFusedMax: the next line's max, with the same four chains as its own first pass would
        // take; its values are read here, so the fetch runs a chunk ahead of them.
        const C* nextIn = nextIn_;
        const int64_t fetchAhead = nextIn != nullptr ? kRowChunk : 0;
        using MaxStageOf = typename Op::template Stage<0>;
        const P maxId = ei::pset1<P>(MaxStageOf::template Identity<C>());
        P nacc[4] = {maxId, maxId, maxId, maxId};
        for (int64_t i = 0; i < R; i += 4 * kLanes) {
          for (int u = 0; u < 4; ++u) fetch(i + u * kLanes + fetchAhead);
          if (kFusedMax && nextIn != nullptr) {
            for (int u = 0; u < 4; ++u) {
              const P xn = ei::ploadu<P>(nextIn + i + u * kLanes);
              nacc[u] = Op::template Accum<0>(nacc[u], &xn, stp);
            }
          }
          for (int u = 0; u < 4; ++u) {
            P x[Op::kIn];
            for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(line.in[k] + i + u * kLanes);
            if (Op::kSaveTerm) {
              const P term = Op::Term(x, stp);
              ei::pstoreu(line.keep + i + u * kLanes, term);
              acc[u] = ei::padd(acc[u], term);
            } else {
              acc[u] = Op::template Accum<S>(acc[u], x, stp);
            }
          }
          if (pend) PendingMap(prev, i, stream);
        }
        if (kFusedMax && nextIn != nullptr) {
          nextMax_ = Reduced<MaxStageOf>(nacc);
          haveMax_ = true;
        }
      } else {
        for (int64_t i = 0; i < R; i += 4 * kLanes) {
          for (int u = 0; u < 4; ++u) {
            P x[Op::kIn];
            for (int k = 0; k < Op::kIn; ++k) x[k] = ei::ploadu<P>(line.in[k] + i + u * kLanes);
            acc[u] = Op::template Accum<S>(acc[u], x, stp);
          }
        }
      }
      st[S] = Reduced<Stage>(acc);
      PipeStages<S + 1>(lineRef, R, st);
    }
  }

  // Fetches one packet of the next line's first input (and output), at the position this one
  // has reached. A copy of the members, made before a loop: the loop's stores may alias the
  // engine, so members read in the loop would be read again after every store.
  struct Fetcher {
    const char* in;
    const char* out;
    int64_t inItem, outItem;
    EIGEN_ALWAYS_INLINE void operator()(int64_t r) const {
      if (in != nullptr) __builtin_prefetch(in + r * inItem);
      if (out != nullptr) __builtin_prefetch(out + r * outItem, 1);
    }
  };
  Fetcher MakeFetcher() const { return {next_, nextOut_, ports_[0].item, ports_[Op::kIn].item}; }

  // Column mode: fetches the first `bytes` of row r of the first input's tile at `tile` (when
  // the tile's rows are contiguous).
  EIGEN_ALWAYS_INLINE void FetchRow(const char* tile, int64_t r, int64_t bytes) const {
    const Port& p = ports_[0];
    if (p.strideV != 1) return;
    const char* row = tile + r * p.strideR * p.item;
    for (int64_t b = 0; b < bytes; b += 64) __builtin_prefetch(row + b);
  }

  // Column mode: where row r of the kept terms starts.
  C* KeepRow(int64_t r) const {
    return reinterpret_cast<C*>(reinterpret_cast<char*>(keep_) + r * keepRow_);
  }

  Port ports_[kPorts];
  const char* next_ = nullptr;
  const char* nextOut_ = nullptr;
  C* scratch_ = nullptr;
  int64_t scratchCount_ = 0;
  bool stream_ = false;
  bool cached_ = false;    // column mode: the tile stays in cache between passes
  bool saveTerm_ = false;  // this line or tile keeps the last stage's terms (at keep_)
  C* keep_ = nullptr;
  int64_t keepRow_ = 0;   // column mode: bytes from one row of kept terms to the next
  Pending pending_ = {};  // pipelined row mode: the line whose map pass is deferred
  bool hasPending_ = false;
  bool pendingHalf_ = false;
  PendingTile pendingTile_ = {};  // pipelined column mode: the tile whose map is deferred
  bool hasPendingTile_ = false;
  alignas(64) C pst_[kMaxStats][kMaxTile];  // ... its finished stats
  alignas(64) C tileMax_[kMaxTile];         // kFusedMax: the next tile's max, taken ahead
  bool haveTileMax_ = false;
  int packSlot_ = 0;           // which half of the scratch the next pipelined tile is packed into
  const C* nextIn_ = nullptr;  // kFusedMax: the next line's input, or nullptr
  bool haveMax_ = false;       // kFusedMax: nextMax_ is this line's max
  C nextMax_ = C(0);
};

}  // namespace rowwise
}  // namespace kernels
}  // namespace aclcpu
