// Placeholder until `vari play` lands.
#include "tools/commands.hpp"
namespace vari::tools {
int run_play(int, char**) { return static_cast<int>(Exit::usage); }
}  // namespace vari::tools
