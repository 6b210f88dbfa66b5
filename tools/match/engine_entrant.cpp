// External engines as entrants of a match: "uci:COMMAND", "usi:COMMAND", "xboard:COMMAND", each
// run once before the match to learn its name and refuse what it cannot play; and "think:COMMAND".
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

// "uci:COMMAND, usi:COMMAND, xboard:COMMAND or think:COMMAND"
std::string engine_forms() {
    std::string forms;
    for (const Protocol protocol : notation::PROTOCOLS) forms += prefix_of(protocol) + "COMMAND, ";
    forms.resize(forms.size() - 2);
    return forms + " or think:COMMAND";
}

std::unique_ptr<EnginePlayer> make_player(const CompiledGame& game, const EngineConfig& config,
                                          const notation::ProtocolText& text) {
    return config.protocol == Protocol::xboard ? make_xboard_player(game, config, text)
                                               : make_uci_player(game, config, text);
}

}  // namespace

constexpr std::string_view THINK = "think:";

bool names_engine(std::string_view spec) {
    return protocol_of(spec).has_value() || spec.rfind(THINK, 0) == 0;
}

std::optional<Entrant> engine_entrant(const CompiledGame& game, std::string_view spec,
                                      const EngineSetup& setup, std::string& error) {
    if (spec.rfind(THINK, 0) == 0) return think_entrant(spec.substr(THINK.size()), setup, error);
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
