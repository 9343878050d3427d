// LocalTensor's operator overloads, the vendor's "symbol override" API
// (kernel_tensor.h, impl/basic_api/kernel_operator_symbol_override_impl.h):
// `dst = a + b;` runs Add(dst, a, b, dst.GetSize()) (Sub Mul Div And Or alike),
// `mask = a < b;` runs Compare(mask, a, b, CMPMODE::LT, a.GetSize()). An operand
// object holds its two sources; the assignment runs the instruction into its left
// side. And/Or of 32-bit integers run on the 16-bit halves (twice the count), as
// the vendor's. The operators take no location parameters (a binary operator has
// no room for them), so the assignment reads its caller's line from its return
// address (asc_model::call_site, as printf does).
#pragma once
#include "asc_model/api/add.h"
#include "asc_model/api/vector.h"
#include "asc_model/debug.h"

namespace AscendC {

namespace detail_symbol {
template <class T>
struct Sources {
  Sources(const LocalTensor<T>& a, const LocalTensor<T>& b) : src0_(a), src1_(b) {}
  LocalTensor<T> src0_, src1_;  // copies: `d = a[off] + b;` binds temporaries
};
}  // namespace detail_symbol

// BITS: And / Or, whose 32-bit integer forms run on the 16-bit halves (twice the count).
#define ASC_SYMBOL_OVERRIDE(Name, Api, BITS)                                                         \
  template <class T>                                                                                 \
  class SymbolOverride##Name : detail_symbol::Sources<T> {                                           \
   public:                                                                                           \
    SymbolOverride##Name(const LocalTensor<T>& src0, const LocalTensor<T>& src1)                     \
        : detail_symbol::Sources<T>(src0, src1) {}                                                   \
    void Process(const LocalTensor<T>& dst, ASC_LOC_PARAMS) const {                                 \
      if constexpr (BITS && (std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>)) {           \
        using H = std::conditional_t<std::is_same_v<T, int32_t>, int16_t, uint16_t>;                 \
        Api(dst.template ReinterpretCast<H>(), this->src0_.template ReinterpretCast<H>(),            \
            this->src1_.template ReinterpretCast<H>(), int32_t(dst.GetSize() * 2), ASC_LOC);         \
      } else {                                                                                       \
        Api(dst, this->src0_, this->src1_, int32_t(dst.GetSize()), ASC_LOC);                         \
      }                                                                                              \
    }                                                                                                \
  };
ASC_SYMBOL_OVERRIDE(Add, Add, false)
ASC_SYMBOL_OVERRIDE(Sub, Sub, false)
ASC_SYMBOL_OVERRIDE(Mul, Mul, false)
ASC_SYMBOL_OVERRIDE(Div, Div, false)
ASC_SYMBOL_OVERRIDE(And, And, true)
ASC_SYMBOL_OVERRIDE(Or, Or, true)
#undef ASC_SYMBOL_OVERRIDE

template <class T>
class SymbolOverrideCompare : detail_symbol::Sources<T> {
 public:
  SymbolOverrideCompare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode)
      : detail_symbol::Sources<T>(src0, src1), cmpMode_(cmpMode) {}
  template <class U>
  void Process(const LocalTensor<U>& dst, ASC_LOC_PARAMS) const {
    Compare(dst, this->src0_, this->src1_, cmpMode_, uint32_t(this->src0_.GetSize()), ASC_LOC);
  }

 private:
  CMPMODE cmpMode_;
};

#define ASC_SYMBOL_ASSIGN(Kind)                                                                      \
  template <class T>                                                                                 \
  __attribute__((noinline)) void LocalTensor<T>::operator=(const Kind& e) {                          \
    const auto at = asc_model::call_site(__builtin_return_address(0));                               \
    e.Process(*this, at.first, at.second);                                                           \
  }
ASC_SYMBOL_ASSIGN(SymbolOverrideAdd<T>)
ASC_SYMBOL_ASSIGN(SymbolOverrideSub<T>)
ASC_SYMBOL_ASSIGN(SymbolOverrideMul<T>)
ASC_SYMBOL_ASSIGN(SymbolOverrideDiv<T>)
ASC_SYMBOL_ASSIGN(SymbolOverrideOr<T>)
ASC_SYMBOL_ASSIGN(SymbolOverrideAnd<T>)
ASC_SYMBOL_ASSIGN(SymbolOverrideCompare<float>)
ASC_SYMBOL_ASSIGN(SymbolOverrideCompare<half>)
#undef ASC_SYMBOL_ASSIGN

#define ASC_SYMBOL_OP(op, Kind)                                                                      \
  template <class T>                                                                                 \
  Kind<T> LocalTensor<T>::operator op(const LocalTensor<T>& src1) const {                            \
    return Kind<T>(*this, src1);                                                                     \
  }
ASC_SYMBOL_OP(+, SymbolOverrideAdd)
ASC_SYMBOL_OP(-, SymbolOverrideSub)
ASC_SYMBOL_OP(*, SymbolOverrideMul)
ASC_SYMBOL_OP(/, SymbolOverrideDiv)
ASC_SYMBOL_OP(|, SymbolOverrideOr)
ASC_SYMBOL_OP(&, SymbolOverrideAnd)
#undef ASC_SYMBOL_OP

#define ASC_SYMBOL_CMP(op, mode)                                                                     \
  template <class T>                                                                                 \
  SymbolOverrideCompare<T> LocalTensor<T>::operator op(const LocalTensor<T>& src1) const {           \
    return SymbolOverrideCompare<T>(*this, src1, CMPMODE::mode);                                     \
  }
ASC_SYMBOL_CMP(<, LT)
ASC_SYMBOL_CMP(>, GT)
ASC_SYMBOL_CMP(!=, NE)
ASC_SYMBOL_CMP(==, EQ)
ASC_SYMBOL_CMP(<=, LE)
ASC_SYMBOL_CMP(>=, GE)
#undef ASC_SYMBOL_CMP

}  // namespace AscendC
