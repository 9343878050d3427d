// Which pipes a synchronisation joins (hardware.md "Synchronisation"): a
// HardEvent's source and destination pipes, read from the enum's generated
// names ("MTE2_V"), and the flags a TQue at a position implies. The cycle
// model and asc-debug's racecheck both read them from here.
#pragma once
#include <string>

#include "asc_model/enums.h"

namespace asc_model {

// "S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX" -> pipe_t; -1 otherwise.
inline int pipe_by_name(const std::string& s) {
  if (s == "S") return PIPE_S;
  if (s == "V") return PIPE_V;
  if (s == "M") return PIPE_M;
  if (s == "MTE1") return PIPE_MTE1;
  if (s == "MTE2") return PIPE_MTE2;
  if (s == "MTE3") return PIPE_MTE3;
  if (s == "FIX") return PIPE_FIX;
  return -1;
}

// HardEvent "SRC_DST" -> (source pipe, destination pipe), from the enum's names.
inline bool hard_event_pipes(int ev, int* src, int* dst) {
  const char* n = EnumInfo<AscendC::HardEvent>::name(ev);
  if (!n) return false;
  std::string s(n);
  size_t u = s.find('_');
  if (u == std::string::npos) return false;
  *src = pipe_by_name(s.substr(0, u));
  *dst = pipe_by_name(s.substr(u + 1));
  return *src >= 0 && *dst >= 0;
}

// TPosition -> (producer pipe, consumer pipe) of the flags a TQue implies.
inline bool queue_pipes(int pos, int* prod, int* cons) {
  using P = AscendC::TPosition;
  switch (P(pos)) {
    case P::A1: case P::B1: case P::C1: *prod = PIPE_MTE2; *cons = PIPE_MTE1; return true;
    case P::A2: case P::B2: case P::C2: *prod = PIPE_MTE1; *cons = PIPE_M; return true;
    case P::CO1: *prod = PIPE_M; *cons = PIPE_FIX; return true;
    case P::CO2: *prod = PIPE_FIX; *cons = PIPE_MTE3; return true;
    case P::VECIN: *prod = PIPE_MTE2; *cons = PIPE_V; return true;
    case P::VECOUT: *prod = PIPE_V; *cons = PIPE_MTE3; return true;
    default: return false;
  }
}

}  // namespace asc_model
