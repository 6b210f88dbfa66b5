// `vari help --man FOLDER`: the manual pages vari(1) and vari-COMMAND(1), written in roff from the
// commands' own help, so that `man` and `--help` never disagree.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

namespace {

// Text as roff shows it: backslashes and hyphens escaped, and a line that would read as a request
// (opening with '.' or '\'') kept as text.
std::string roff(std::string_view text) {
    std::string out;
    bool line_start = true;
    for (const char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        line_start = c == '\n';
    }
    return out;
}

// A help paragraph: its own line breaks kept (lists of commands, examples) as in --help.
std::string paragraph(std::string_view text) {
    if (text.find('\n') == std::string_view::npos) return roff(text) + '\n';
    return ".nf\n" + roff(text) + "\n.fi\n";
}

std::string header(const std::string& name, const std::string& summary) {
    std::string upper;
    for (const char c : name)
        upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return ".TH " + upper + " 1 \"\" \"vari " VARI_VERSION "\" \"vari manual\"\n.SH NAME\n" +
           roff(name) + " \\- " + roff(summary) + '\n';
}

std::string command_page(const Command& command) {
    const CommandHelp help = command_help(command);
    std::string synopsis = ".B vari " + std::string(command.name) + "\n[\\fIOPTIONS\\fR]";
    for (const auto& option : help.options)
        if (option.positional)
            synopsis += option.required ? " \\fI" + roff(option.names.front()) + "\\fR"
                                        : " [\\fI" + roff(option.names.front()) + "\\fR]";
    std::string page = header("vari-" + std::string(command.name), command.summary) +
                       ".SH SYNOPSIS\n" + synopsis + "\n.SH DESCRIPTION\n" +
                       paragraph(help.description);
    for (const bool positionals : {true, false}) {
        page += positionals ? ".SH ARGUMENTS\n" : ".SH OPTIONS\n";
        for (const auto& option : help.options) {
            if (option.positional != positionals) continue;
            std::string names;
            for (const auto& name : option.names)
                names += (names.empty() ? "" : ", ") + std::string(positionals ? "\\fI" : "\\fB") +
                         roff(name) + "\\fR";
            if (!option.value.empty()) names += " \\fI" + roff(option.value) + "\\fR";
            page += ".TP\n" + names + '\n' + paragraph(option.description);
        }
    }
    return page + ".SH SEE ALSO\n.BR vari (1)\n";
}

std::string main_page() {
    std::string page =
        header("vari", "play, count, check and analyse board games defined in rule files") +
        ".SH SYNOPSIS\n.B vari\n\\fICOMMAND\\fR [\\fIARGS\\fR...]\n"
        ".br\n.B vari help\n[\\fICOMMAND\\fR]\n"
        ".SH DESCRIPTION\n"
        "vari reads a game's rules from a text file (boards square or hexagonal, pieces and how "
        "they move, promotion, drops, how the game ends) and checks it, plays it against people "
        "or its own AI, counts its move tree, measures its balance and shows it in the "
        "browser.\n.PP\n"
        "\\fIGAME\\fR is a .vari file or the name of a shipped game (below), in any case.\n"
        ".SH COMMANDS\n";
    for (const auto& command : all_commands())
        page += ".TP\n.B " + std::string(command.name) + '\n' + roff(command.summary) +
                "; see \\fBvari\\-" + command.name + "\\fR(1).\n";
    page += ".SH SHIPPED GAMES\n";
    for (const auto& name : dsl::shipped_games()) page += roff(name) + "\n.br\n";
    page +=
        ".SH ENVIRONMENT\n"
        ".TP\n.B VARI_GAMES\nA folder of games to use in place of the shipped ones.\n"
        ".TP\n.B NO_COLOR\nWhen set and not empty, boards are drawn without colour.\n"
        ".SH FILES\n"
        ".TP\n.I PREFIX/share/vari/games\nThe shipped games, found beside the installed "
        "program (PREFIX/bin/vari).\n"
        ".SH EXIT STATUS\n"
        ".TP\n.B 0\nDone.\n"
        ".TP\n.B 1\nA rule file, a game name, a position string or a move is wrong (the errors "
        "are printed).\n"
        ".TP\n.B 2\nThe command line is wrong.\n"
        ".TP\n.B 3\nA game was stopped: a hook failed, the game's hooks could not load, or a "
        "position "
        "had more capture sequences than vari can list.\n"
        ".SH SEE ALSO\n";
    for (const auto& command : all_commands())
        page += ".BR vari\\-" + std::string(command.name) + " (1)\n";
    return page;
}

bool write_page(const std::filesystem::path& path, const std::string& text, std::string& error) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (out) return true;
    error = "cannot write " + path.string();
    return false;
}

}  // namespace

bool write_manual_pages(const std::string& folder, std::string& error) {
    const std::filesystem::path dir(folder);
    if (std::error_code ec; !std::filesystem::is_directory(dir, ec)) {
        error = "no folder '" + printable(folder) + "'";
        return false;
    }
    if (!write_page(dir / "vari.1", main_page(), error)) return false;
    for (const auto& command : all_commands())
        if (!write_page(dir / ("vari-" + std::string(command.name) + ".1"), command_page(command),
                        error))
            return false;
    return true;
}

}  // namespace vari::tools
