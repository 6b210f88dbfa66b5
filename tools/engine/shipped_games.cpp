// The shipped games a protocol can carry.
#include "tools/engine/shipped_games.hpp"

#include "dsl/dsl.hpp"

namespace vari::engine {

void for_each_expressible_game(
    notation::Protocol protocol, const std::string& skipped,
    const std::function<void(const std::string& name, const std::string& path,
                             const CompiledGame& game)>& offer) {
    for (const std::string& shipped : dsl::shipped_games()) {
        if (shipped == skipped) continue;
        const auto path = dsl::resolve_game(shipped);
        if (!path) continue;
        auto loaded = dsl::load_file(*path);
        if (loaded.game && !notation::ProtocolText::refusal(*loaded.game, protocol))
            offer(shipped, *path, *loaded.compiled);
    }
}

}  // namespace vari::engine
