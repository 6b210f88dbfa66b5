// External engines as entrants of a match: "uci:COMMAND", "usi:COMMAND", "xboard:COMMAND", each
// run once before the match to learn its name and refuse what it cannot play.
#include <cctype>

#include "tools/match/engine_player.hpp"

namespace vari::match {
namespace {

struct DialectName {
    const char* prefix;
    const char* shown;
    Dialect dialect;
};
constexpr DialectName DIALECTS[] = {
    {"uci:", "UCI", Dialect::uci},
    {"usi:", "USI", Dialect::usi},
    {"xboard:", "XBoard", Dialect::xboard},
};

const DialectName* dialect_of(std::string_view spec) {
    for (const DialectName& d : DIALECTS)
        if (spec.rfind(d.prefix, 0) == 0) return &d;
    return nullptr;
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
    return config.dialect == Dialect::xboard ? make_xboard_player(game, config, text)
                                             : make_uci_player(game, config, text);
}

}  // namespace

bool names_engine(std::string_view spec) { return dialect_of(spec) != nullptr; }

std::optional<Entrant> engine_entrant(const CompiledGame& game, std::string_view spec,
                                      const EngineSetup& setup, std::string& error) {
    const DialectName* dialect = dialect_of(spec);
    if (!dialect) {
        error = "expected uci:COMMAND, usi:COMMAND or xboard:COMMAND";
        return std::nullopt;
    }
    EngineConfig config;
    config.dialect = dialect->dialect;
    config.setup = setup;
    auto command = split_command(spec.substr(std::string_view(dialect->prefix).size()), error);
    if (!command) return std::nullopt;
    if (command->empty()) {
        error = std::string("no command after '") + dialect->prefix + "'";
        return std::nullopt;
    }
    config.command = std::move(*command);
    // XBoard engines write moves as UCI does.
    const auto protocol =
        config.dialect == Dialect::usi ? notation::Protocol::usi : notation::Protocol::uci;
    std::string why;
    auto text = notation::ProtocolText::make(game, protocol, why);
    if (!text) {
        error = std::string(dialect->shown) + " cannot express " + game.ir().name + ": " + why;
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
