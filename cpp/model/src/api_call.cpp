// The non-template part of Call (asc_model/call.h), compiled once into the
// runtime object: inline in the header, it was compiled again into every API
// instantiation of every kernel library.
#include "asc_model/call.h"

#include <exception>

namespace asc_model {

PrecisionHooks precision_hooks{};

void Call::enter() {
  core_.poll(file_, line_);
  core_.tick();
  if (precision_hooks.on_call) precision_hooks.on_call(core_);  // --precision-trace builds only
}

Call::~Call() {
  if (core_.has_staged()) core_.end_staged(std::uncaught_exceptions() == 0);
}

uint8_t* Call::range(const TensorRef& r, uint64_t byte_off, uint64_t nbytes, bool write, bool align) {
  Access a;
  if (core_.observed()) {  // (asc-debug names the tensor and the pipe by these)
    core_.operand = operand_of(r, write);
    core_.call_pipe = pipe_;
  }
  uint8_t* p = core_.check(r, byte_off, nbytes, write, align, api_, file_, line_, &a);
  a.operand = core_.operand;
  a.repeat = repeat_;
  if (precision_hooks.on_range) precision_hooks.on_range(core_, r, byte_off, nbytes, write);
  if (core_.observed()) acc_.push_back(a);  // plain runs never allocate
  if (r.mem == Mem::GM && r.cache_mode && kind_ == EventKind::Api) event_ = r.cache_mode;  // L2 hint (cycle model)
  bytes_ += nbytes;
  return p;
}

Call& Call::buffer(Mem m, uint64_t addr, uint64_t nbytes) {
  if (core_.observed()) acc_.push_back(Access{m, false, -1, addr, nbytes});
  return *this;
}

void Call::report() {
  Event e{kind_, api_, pipe_, file_, line_, core_.block_idx(), elems_, bytes_, acc_.data(), acc_.size(), event_, id_};
  core_.emit(e);
}

uint8_t Call::operand_of(const TensorRef& r, bool write) {
  int d = write ? 1 : 0;
  for (uint8_t i = 0; i < seen_n_[d]; ++i)
    if (seen_[d][i] == r.addr) return i;
  if (seen_n_[d] < kSeen) seen_[d][seen_n_[d]++] = r.addr;
  return uint8_t(seen_n_[d] - 1);
}

}  // namespace asc_model
