// The fault type every always-on check throws. Caught at the top of each core
// thread (runtime.cpp); the first one becomes the launch's error message.
#pragma once
#include <stdexcept>
#include <string>

namespace asc_model {

struct Fault : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown (not reported) when another core faulted first: the launch is over and
// this core unwinds at its next API call.
struct Cancelled {};

}  // namespace asc_model
