// ListTensorDesc::Init (asc_model/api/list_tensor.h): it reads the list's shape words
// into a vector whatever the element type, so it is compiled once, here, not in every
// kernel's translation unit.
#include "asc_model/api/list_tensor.h"

#include <utility>
#include <vector>

namespace AscendC {

void ListTensorDesc::Init(__gm__ void* data, uint32_t length, uint32_t shapeSize, const char* asc_file, int asc_line) {
  asc_model::Call op("ListTensorDesc::Init", PIPE_S, ASC_LOC);
  asc_model::Core& c = op.core();
  if (!data) op.fault("data is null");
  uint64_t limit = length == asc_model::kListNoLimit ? 0 : length;
  uint64_t off = asc_model::list_word(op, data, limit, 0);
  if (off < 8 || off % 8)
    c.fault(ASC_LOC, "ListTensorDesc::Init", "dataPtrOffset %llu is not a multiple of 8 bytes >= 8", (unsigned long long)off);
  uint64_t table = off / 8;
  std::vector<uint32_t> shapes;
  uint64_t w = 1;
  while (shapeSize != asc_model::kListNoLimit ? shapes.size() < shapeSize : w < table) {
    if (w >= table)
      c.fault(ASC_LOC, "ListTensorDesc::Init", "tensor %zu: its shape starts at word %llu, at the data-pointer table (word %llu)",
              shapes.size(), (unsigned long long)w, (unsigned long long)table);
    uint64_t d = asc_model::list_word(op, data, limit, w) & 0xFFFFFFFFu;
    if (d == 0 || d > asc_model::kListMaxDim)
      c.fault(ASC_LOC, "ListTensorDesc::Init", "tensor %zu: dim %llu at word %llu (1..8)", shapes.size(), (unsigned long long)d,
              (unsigned long long)w);
    if (w + 1 + d > table)
      c.fault(ASC_LOC, "ListTensorDesc::Init", "tensor %zu: its shape (words %llu..%llu) runs into the data-pointer table (word %llu)",
              shapes.size(), (unsigned long long)w, (unsigned long long)(w + d), (unsigned long long)table);
    shapes.push_back(static_cast<uint32_t>(w));
    w += 1 + d;
  }
  if (!shapes.empty()) (void)asc_model::list_word(op, data, limit, table + shapes.size() - 1);  // table in bounds
  op.elems(shapes.size()).run();
  base_ = static_cast<uint64_t*>(data);
  limit_ = limit;
  table_ = table;
  shapes_ = std::move(shapes);
}

}  // namespace AscendC
