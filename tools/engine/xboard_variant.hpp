// Internal to tools/engine/: a game as XBoard is told of it: a variant XBoard knows by name, or
// an engine-defined variant that the engine sets up with `setup` and `piece` commands.
#pragma once

#include <string>
#include <vector>

#include "interpreter/interpreter.hpp"

namespace vari::engine {

struct XBoardVariant {
    std::string name;  // in `feature variants=...` and XBoard's `variant` command
    // XBoard knows the game by `name` (its own variants, such as normal): no setup is sent.
    bool standard = false;
    // "setup (PIECETOCHAR) WxH+HOLDINGS_fairy FEN": XBoard's piece images for the game's letters
    // (in XBoard's order of images, the royal piece's last), the board, the number of piece
    // types a hand holds, and the start. Empty when the game's pieces do not fit XBoard's images.
    std::string setup;
    std::vector<std::string> pieces;       // "piece N& N": each piece whose moves Betza can write
    std::vector<std::string> undescribed;  // "Cannon: why", for the pieces without a line
};

// `game` as XBoard is told of it; `stem` (the rule file's) names an engine-defined variant, with
// the characters XBoard's variant names cannot hold replaced and a prefix where it is one of
// XBoard's own names. The game must be one ProtocolText expresses in XBoard.
XBoardVariant describe_for_xboard(const CompiledGame& game, const std::string& stem);

}  // namespace vari::engine
