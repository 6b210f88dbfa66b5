// Placeholder until `vari show` lands.
#include "tools/commands.hpp"
namespace vari::tools {
int run_show(int, char**) { return static_cast<int>(Exit::usage); }
}  // namespace vari::tools
