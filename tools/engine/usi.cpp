// USI's words for the shared protocol loop (session.cpp).
#include "tools/engine/go.hpp"

namespace vari::engine {

const Dialect USI{
    .protocol = notation::Protocol::usi,
    .words = notation::USI_WORDS,
    .hash_option = "USI_Hash",
    .ponder_option = "USI_Ponder",
    .offers_hash_and_ponder = false,
    .no_move = "resign",
    .mate_in_plies = true,
    .offers_variants = false,
    .game_over = "gameover",
};

}  // namespace vari::engine
