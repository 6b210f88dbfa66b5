// `vari engine GAME [--protocol uci|usi|xboard]`: vari's AI as an engine for chess and shogi
// programs, speaking the protocol on standard input and output.
#include <iostream>
#include <string>
#include <vector>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"
#include "tools/engine/engine.hpp"

namespace vari::tools {

int run_engine(int argc, char** argv) {
    CLI::App app{
        "Play GAME as an engine for a chess or shogi program (a GUI, a match runner): "
        "UCI, USI or XBoard on standard input and output, vari's AI behind it. Games whose "
        "board the protocol cannot express (hex boards, three players) are refused."};
    app.name("vari engine");
    std::string game_name, protocol_text = "uci";
    std::vector<std::string> words;  // the protocols': uci, usi, xboard
    std::string choices;             // "uci|usi|xboard"
    for (const notation::Protocol p : notation::PROTOCOLS) {
        words.push_back(notation::protocol_word(p));
        choices += (choices.empty() ? "" : "|") + words.back();
    }
    app.add_option("GAME", game_name, "a .vari file or a shipped game's name")->required();
    app.add_option("--protocol", protocol_text,
                   "uci (chess programs), usi (shogi programs) or xboard (XBoard, WinBoard)")
        ->check(CLI::IsMember(words))
        ->option_text(choices);
    if (auto stop = parse_arguments(app, argc, argv)) return *stop;

    const auto protocol = *notation::protocol_named(protocol_text);
    auto game = load_game(game_name);
    if (!game) return static_cast<int>(Exit::invalid);
    std::string why, unused;
    if (!notation::ProtocolText::make(*game, protocol, why)) {
        std::string hint = "play it in the browser with 'vari serve'";
        for (const notation::Protocol other : notation::PROTOCOLS)
            if (other != protocol && notation::ProtocolText::make(*game, other, unused)) {
                hint = std::string("--protocol ") + notation::protocol_word(other) + " can";
                break;
            }
        std::cerr << "vari engine: " << notation::protocol_name(protocol) << " cannot express "
                  << printable(game->ir().name) << ": " << printable(why) << "\n  hint: " << hint
                  << '\n';
        return static_cast<int>(Exit::invalid);
    }
    engine::run_engine(std::move(game), *dsl::resolve_game(game_name), protocol, std::cin,
                       std::cout);
    return static_cast<int>(Exit::ok);
}

}  // namespace vari::tools
