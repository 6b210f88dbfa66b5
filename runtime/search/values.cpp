// Piece values derived from the rules.
#include "runtime/search/search.hpp"

namespace vari::search {

std::vector<PieceValue> piece_values(const CompiledGame& game) {
    std::vector<PieceValue> values(game.ir().pieces.size());
    for (std::size_t t = 0; t < values.size(); ++t)
        if (!game.ir().pieces[t].royal) values[t] = {100, 100, false};
    return values;
}

}  // namespace vari::search
