// How players are named in text: the one-character token of position strings and drawings.
#include <cctype>

#include "runtime/notation/notation.hpp"

namespace vari::notation {

char player_token(const ir::Game& game, int player) {
    auto initial = [&](int p) -> char {
        const std::string& name = game.players[p].name;
        const unsigned char c = name.empty() ? '\0' : static_cast<unsigned char>(name[0]);
        return std::isalpha(c) ? static_cast<char>(std::tolower(c)) : '\0';
    };
    const int count = static_cast<int>(game.players.size());
    bool distinct = true;
    for (int p = 0; p < count && distinct; ++p) {
        distinct = initial(p) != '\0';
        for (int q = 0; q < p && distinct; ++q) distinct = initial(p) != initial(q);
    }
    return distinct ? initial(player) : static_cast<char>('1' + player);
}

}  // namespace vari::notation
