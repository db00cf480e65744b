#include "elementwise/registry.h"

#include <vector>

namespace aclcpu {
namespace kernels {

#define ACLCPU_GROUP(group) const KernelRow* Rows##group(size_t* count);
#include "elementwise/lists/groups.inc"
#undef ACLCPU_GROUP

namespace {

constexpr OpInfo kOps[] = {
#define ACLCPU_OP(name, nIn, nOut) {#name, nIn, nOut},
#include "elementwise/ops.inc"
#undef ACLCPU_OP
};

struct Table {
  std::vector<KernelRow> rows;
  // index [op][gen][dtype] -> row + 1 (0: none)
  std::vector<uint32_t> index;
  static size_t Key(OpId op, Generation gen, DType dtype) {
    return (static_cast<size_t>(op) * 3 + static_cast<size_t>(gen)) *
               static_cast<size_t>(DType::kCount) +
           static_cast<size_t>(dtype);
  }
};

const Table& GetTable() {
  static const Table table = [] {
    Table t;
#define ACLCPU_GROUP(group)                \
  {                                        \
    size_t n = 0;                          \
    const KernelRow* r = Rows##group(&n);  \
    t.rows.insert(t.rows.end(), r, r + n); \
  }
#include "elementwise/lists/groups.inc"
#undef ACLCPU_GROUP
    t.index.assign(static_cast<size_t>(OpId::kCount) * 3 * static_cast<size_t>(DType::kCount), 0);
    for (size_t i = 0; i < t.rows.size(); ++i) {
      const KernelRow& row = t.rows[i];
      uint32_t& slot = t.index[Table::Key(row.op, row.gen, row.dtype)];
      if (slot == 0 || row.tuned) slot = static_cast<uint32_t>(i + 1);
    }
    return t;
  }();
  return table;
}

}  // namespace

const OpInfo& GetOpInfo(OpId op) { return kOps[static_cast<size_t>(op)]; }

const KernelRow* KernelRows(size_t* count) {
  const Table& t = GetTable();
  *count = t.rows.size();
  return t.rows.data();
}

const KernelRow* FindKernel(OpId op, Generation gen, DType dtype) {
  if (op >= OpId::kCount || dtype >= DType::kCount) return nullptr;
  const Table& t = GetTable();
  uint32_t slot = t.index[Table::Key(op, gen, dtype)];
  if (slot == 0 && gen != Generation::Any) slot = t.index[Table::Key(op, Generation::Any, dtype)];
  return slot == 0 ? nullptr : &t.rows[slot - 1];
}

}  // namespace kernels
}  // namespace aclcpu
