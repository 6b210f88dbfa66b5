// Internal to runtime/: the file and rank parts of a cell's name, as notation and drawings use
// them.
#pragma once

#include <string>

namespace vari::runtime {

// The file part (`rank` false) or the rank part (`rank` true) of a cell's name: "e10" is file e,
// rank 10; "7g" is file 7, rank g. Empty when the name is not one run of letters and one of
// digits.
std::string name_part(const std::string& name, bool rank);

}  // namespace vari::runtime
