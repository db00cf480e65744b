#include "ops/split_checks.h"

#include <algorithm>

#include "aclnn/opdev/op_errno.h"
#include "common/dtype.h"
#include "common/error.h"
#include "nnopbase/op_checks.h"

namespace aclcpu {
namespace ops {
namespace splitcheck {

const SocProfile* Chip(const char* op, int* status) {
  std::string error;
  const SocProfile* soc = SelectedSoc(&error);
  *status = soc == nullptr ? Fail(ACLNN_ERR_RUNTIME_ERROR, std::string(op) + ": " + error) : 0;
  return soc;
}

int RefuseChip(const char* op, const SocProfile& soc, int code, const char* supported) {
  return Fail(code, std::string(op) + ": not supported on " + soc.name + " (" + soc.familyName +
                        "); the operator exists on " + supported + " only");
}

int DtypeOnChip(const char* op, const char* arg, aclDataType dtype,
                const std::vector<aclDataType>& allowed, const SocProfile& soc, int code) {
  if (std::find(allowed.begin(), allowed.end(), dtype) != allowed.end()) return ACLNN_SUCCESS;
  return Fail(code, std::string(op) + ": " + arg + " dtype " + DtypeName(dtype) +
                        " is not supported on " + soc.name + " (" + soc.familyName +
                        "); expected one of " + opcheck::DtypeList(allowed));
}

int DimInRange(const char* op, const char* dimArg, int64_t dim, int64_t rank, const char* ofArg,
               int code, int* normalized) {
  if (dim < -rank || dim >= rank) {
    return Fail(code, std::string(op) + ": " + dimArg + " " + std::to_string(dim) +
                          " is out of range [" + std::to_string(-rank) + ", " +
                          std::to_string(rank - 1) + "] for " + ofArg + " of rank " +
                          std::to_string(rank));
  }
  *normalized = static_cast<int>(dim < 0 ? dim + rank : dim);
  return ACLNN_SUCCESS;
}

int EvenSplit(const char* op, const char* arg, const aclTensor* t, int dim, int code) {
  const int64_t c = t->viewShape.empty() ? 1 : t->viewShape[static_cast<size_t>(dim)];
  if (c % 2 == 0) return ACLNN_SUCCESS;
  return Fail(code, std::string(op) + ": " + arg + " shape " + opcheck::ShapeString(t->viewShape) +
                        " has an odd length " + std::to_string(c) + " at the split dim " +
                        std::to_string(dim) + "; it must split into two equal halves");
}

int HalvedShape(const char* op, const char* xArg, const aclTensor* x, int dim, const char* outArg,
                const aclTensor* out, int code) {
  // Compared in place: the common (passing) case allocates nothing.
  bool same = out->viewShape.size() == x->viewShape.size();
  for (size_t i = 0; same && i < x->viewShape.size(); ++i) {
    const int64_t want = x->viewShape[i] / (static_cast<int>(i) == dim ? 2 : 1);
    same = out->viewShape[i] == want;
  }
  if (same) return ACLNN_SUCCESS;
  std::vector<int64_t> expect = x->viewShape;
  if (!expect.empty()) expect[static_cast<size_t>(dim)] /= 2;
  return Fail(
      code, std::string(op) + ": " + outArg + " shape " + opcheck::ShapeString(out->viewShape) +
                " must be " + opcheck::ShapeString(expect) + " (" + xArg + " shape " +
                opcheck::ShapeString(x->viewShape) + " halved at dim " + std::to_string(dim) + ")");
}

int RankAtMost(const char* op, const char* arg, const aclTensor* t, size_t maxRank, int code) {
  if (t->viewShape.size() <= maxRank) return ACLNN_SUCCESS;
  return Fail(code, std::string(op) + ": " + arg + " rank " + std::to_string(t->viewShape.size()) +
                        " exceeds the maximum of " + std::to_string(maxRank) + " (shape " +
                        opcheck::ShapeString(t->viewShape) + ")");
}

int LastDimSplit(const char* op, const char* arg, const aclTensor* t, int code) {
  const std::string head =
      std::string(op) + ": " + arg + " shape " + opcheck::ShapeString(t->viewShape);
  if (t->viewShape.size() < 2) return Fail(code, head + " needs at least 2 dims");
  const int64_t last = t->viewShape.back();
  if (last == 0) return Fail(code, head + " has an empty last dim");
  if (last > 1024) return Fail(code, head + " has a last dim over 1024");
  if (last % 2 != 0) return Fail(code, head + " has an odd last dim; it must split in halves");
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < t->viewShape.size(); ++i) rows *= t->viewShape[i];
  if (rows > 200000) return Fail(code, head + " has more than 200000 rows");
  return ACLNN_SUCCESS;
}

int HalfElements(const char* op, const char* xArg, const aclTensor* x, const char* outArg,
                 const aclTensor* out, int code) {
  if (Numel(out) * 2 == Numel(x)) return ACLNN_SUCCESS;
  return Fail(code, std::string(op) + ": " + outArg + " shape " +
                        opcheck::ShapeString(out->viewShape) + " holds " +
                        std::to_string(Numel(out)) + " elements; " + xArg + " shape " +
                        opcheck::ShapeString(x->viewShape) + " split in halves gives " +
                        std::to_string(Numel(x) / 2));
}

int GroupIndex(const char* op, const aclTensor* g, int dtypeCode, int shapeCode) {
  if (g->dtype != ACL_INT64) {
    return Fail(dtypeCode, std::string(op) + ": groupIndexOptional dtype " + DtypeName(g->dtype) +
                               " is not supported; expected INT64");
  }
  if (g->viewShape.size() != 1) {
    return Fail(shapeCode, std::string(op) + ": groupIndexOptional shape " +
                               opcheck::ShapeString(g->viewShape) + " must be 1-D");
  }
  return ACLNN_SUCCESS;
}

int64_t Numel(const aclTensor* t) {
  int64_t n = 1;
  for (int64_t d : t->viewShape) n *= d;
  return n;
}

}  // namespace splitcheck
}  // namespace ops
}  // namespace aclcpu
