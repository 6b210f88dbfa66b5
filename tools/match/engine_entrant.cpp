// External engines as entrants of a match: "uci:COMMAND", "usi:COMMAND", "xboard:COMMAND", each
// run once before the match to learn its name and refuse what it cannot play.
#include <cctype>
#include <iterator>
#include <optional>
#include <string>

#include "tools/match/engine_player.hpp"

namespace vari::match {
namespace {

using notation::Protocol;

// What names an engine of `protocol`: its word and a colon ("uci:").
std::string prefix_of(Protocol protocol) {
    return notation::protocol_word(protocol) + std::string(":");
}

// The protocol whose prefix `spec` starts with.
std::optional<Protocol> protocol_of(std::string_view spec) {
    for (const Protocol protocol : notation::PROTOCOLS)
        if (spec.rfind(prefix_of(protocol), 0) == 0) return protocol;
    return std::nullopt;
}

// "uci:COMMAND, usi:COMMAND or xboard:COMMAND"
std::string engine_forms() {
    std::string forms;
    const std::size_t count = std::size(notation::PROTOCOLS);
    for (std::size_t i = 0; i < count; ++i)
        forms += (i == 0          ? ""
                  : i + 1 < count ? ", "
                                  : " or ") +
                 prefix_of(notation::PROTOCOLS[i]) + "COMMAND";
    return forms;
}

// The words of a command as a shell splits them: blanks separate words, '...' keeps everything,
// "..." keeps everything but a backslash before " or \, a backslash outside quotes keeps the next
// character. Nothing is expanded.
std::optional<std::vector<std::string>> split_command(std::string_view text, std::string& error) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\\' && i + 1 < text.size()) {
            word += text[++i];
        } else if (c == '\'' || c == '"') {
            const std::size_t close = text.find(c, i + 1);
            if (close == std::string_view::npos) {
                error = std::string("the quote ") + c + " is not closed";
                return std::nullopt;
            }
            for (std::size_t j = i + 1; j < close; ++j) {
                if (c == '"' && text[j] == '\\' && j + 1 < close &&
                    (text[j + 1] == '"' || text[j + 1] == '\\'))
                    ++j;
                word += text[j];
            }
            i = close;
        } else {
            word += c;
        }
    }
    if (in_word) words.push_back(std::move(word));
    return words;
}

std::unique_ptr<EnginePlayer> make_player(const CompiledGame& game, const EngineConfig& config,
                                          const notation::ProtocolText& text) {
    return config.protocol == Protocol::xboard ? make_xboard_player(game, config, text)
                                               : make_uci_player(game, config, text);
}

}  // namespace

bool names_engine(std::string_view spec) { return protocol_of(spec).has_value(); }

std::optional<Entrant> engine_entrant(const CompiledGame& game, std::string_view spec,
                                      const EngineSetup& setup, std::string& error) {
    const auto protocol = protocol_of(spec);
    if (!protocol) {
        error = "expected " + engine_forms();
        return std::nullopt;
    }
    EngineConfig config;
    config.protocol = *protocol;
    config.setup = setup;
    const std::string prefix = prefix_of(*protocol);
    auto command = split_command(spec.substr(prefix.size()), error);
    if (!command) return std::nullopt;
    if (command->empty()) {
        error = "no command after '" + prefix + "'";
        return std::nullopt;
    }
    config.command = std::move(*command);
    std::string why;
    auto text =
        notation::ProtocolText::make(game, *protocol, why, notation::ProtocolText::Peer::engine);
    if (!text) {
        error = std::string(notation::protocol_name(*protocol)) + " cannot express " +
                game.ir().name + ": " + why;
        return std::nullopt;
    }

    const auto probe = make_player(game, config, *text);
    if (!probe->open(error)) return std::nullopt;
    Entrant entrant;
    entrant.name = probe->name();
    probe->close();
    std::string options;
    for (const auto& [name, value] : setup.options)
        options += (options.empty() ? "" : ", ") + name + "=" + value;
    if (!options.empty()) entrant.name += " (" + options + ")";
    entrant.make = [config = std::move(config), text = std::move(*text)](
                       const CompiledGame& played) -> std::unique_ptr<Player> {
        return make_player(played, config, text);
    };
    return entrant;
}

}  // namespace vari::match
