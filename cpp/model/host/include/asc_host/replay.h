// Runs asc's host tiling (python -m asc.cprog.replay) for a C++ program:
// the vendor's host tiling API is a library the program calls; on the Model
// its algorithm is asc.lib.host's (one definition, docs/host-tiling.md), so
// the C++ objects record their calls and replay them there. The Python and
// its path are the ones asc-cc recorded when it linked the program
// (asc_program_config::kPython / kPythonPath); $ASC_PYTHON overrides.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>

namespace asc_program_config {
// Defined in the source asc-cc generates at link time; weak so a program
// linked another way still builds (then python3 from PATH is used).
extern const char* const kPython __attribute__((weak));
extern const char* const kPythonPath __attribute__((weak));
extern const char* const kPlatform __attribute__((weak));
}  // namespace asc_program_config

namespace asc_host {

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

// The platform the program was built for (--npu-arch), else Ascend910B1.
inline std::string default_soc() {
  if (&asc_program_config::kPlatform != nullptr && asc_program_config::kPlatform) return asc_program_config::kPlatform;
  return "Ascend910B1";
}

// Runs the replay module with `args`; true and the integers of its one output
// line on success, false with an [ERROR] line printed otherwise.
inline bool replay(const std::vector<std::string>& args, std::vector<long long>* out) {
  std::string py = "python3", path;
  const char* forced = std::getenv("ASC_PYTHON");  // settings.program_python
  if (forced && *forced) py = forced;
  else if (&asc_program_config::kPython != nullptr && asc_program_config::kPython) py = asc_program_config::kPython;
  if (&asc_program_config::kPythonPath != nullptr && asc_program_config::kPythonPath)
    path = asc_program_config::kPythonPath;
  std::string cmd;
  // asc-cc's light launcher runs the module without importing the whole asc
  // package (its native module and the language): ~0.2 s instead of ~1.5 s.
  std::string light = path.empty() ? std::string() : path + "/asc/cprog/light.py";
  if (!light.empty() && access(light.c_str(), R_OK) == 0 && !(forced && *forced)) {
    cmd = shell_quote(py) + " -I -S " + shell_quote(light) + " asc.cprog.replay";
  } else {
    // The shell extends the caller's PYTHONPATH (popen runs /bin/sh).
    if (!path.empty()) cmd = "PYTHONPATH=" + shell_quote(path) + "${PYTHONPATH:+:$PYTHONPATH} ";
    cmd += shell_quote(py) + " -m asc.cprog.replay";
  }
  for (const auto& a : args) cmd += " " + shell_quote(a);
  std::FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    std::fprintf(stderr, "[ERROR] asc host tiling: cannot run %s\n", py.c_str());
    return false;
  }
  std::string text;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, n);
  int rc = pclose(p);
  if (rc != 0) {
    std::fprintf(stderr, "[ERROR] asc host tiling: `%s -m asc.cprog.replay %s` failed (status %d)\n",
                 py.c_str(), args.empty() ? "" : args[0].c_str(), rc);
    return false;
  }
  std::istringstream in(text);
  long long v;
  out->clear();
  while (in >> v) out->push_back(v);
  return true;
}

}  // namespace asc_host
