// UCI's words for the shared protocol loop (session.cpp).
#include "tools/engine/go.hpp"

namespace vari::engine {

const Dialect UCI{
    .protocol = notation::Protocol::uci,
    .words = notation::UCI_WORDS,
    .hash_option = "Hash",
    .ponder_option = "Ponder",
    .offers_hash_and_ponder = true,
    .no_move = "(none)",  // as Stockfish answers in a position without moves
    .mate_in_plies = false,
    .offers_variants = true,
    .game_over = "",
};

}  // namespace vari::engine
