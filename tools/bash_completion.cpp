// `vari help --bash-completion`: a bash completion script written from the commands' own help
// (their options, the choices of those that have them, which argument is a GAME) and the shipped
// games' names, so that it completes exactly what the commands accept.
#include <algorithm>
#include <string>
#include <vector>

#include "dsl/dsl.hpp"
#include "tools/commands.hpp"

namespace vari::tools {

namespace {

// Words joined by blanks, for a single-quoted word list of the script; a word that could break
// the quoting is left out.
std::string word_list(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& word : words) {
        if (word.find_first_of("'\\ \t\n") != std::string::npos) continue;
        out += (out.empty() ? "" : " ") + word;
    }
    return out;
}

// One `case` branch: the command's options, those that take a value, their choices, and its
// arguments in order.
std::string command_branch(const Command& command) {
    const CommandHelp help = command_help(command);
    std::vector<std::string> options, valued, positionals;
    std::string choices;
    for (const auto& option : help.options) {
        if (option.positional) {
            positionals.push_back(option.names.front());
            continue;
        }
        options.insert(options.end(), option.names.begin(), option.names.end());
        if (option.value.empty()) continue;
        valued.insert(valued.end(), option.names.begin(), option.names.end());
        // Choices are written "long|short".
        if (option.value.find('|') == std::string::npos) continue;
        std::string words = option.value;
        std::replace(words.begin(), words.end(), '|', ' ');
        if (words.find('\'') != std::string::npos) continue;
        for (const auto& name : option.names)
            choices += "                " + name + ") words='" + words + "' ;;\n";
    }
    std::string branch = "        " + std::string(command.name) + ")\n            options='" +
                         word_list(options) + "'\n            valued='" + word_list(valued) +
                         "'\n            arguments=(" + word_list(positionals) + ")\n";
    if (!choices.empty()) branch += "            case $prev in\n" + choices + "            esac\n";
    return branch + "            ;;\n";
}

}  // namespace

std::string bash_completion() {
    std::vector<std::string> commands;
    std::string branches;
    for (const auto& command : all_commands()) {
        commands.emplace_back(command.name);
        branches += command_branch(command);
    }
    const std::string command_words = word_list(commands);
    return "# bash completion for vari: source it, or install it as\n"
           "# /usr/share/bash-completion/completions/vari ('vari help --bash-completion' writes "
           "it).\n"
           "_vari() {\n"
           "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
           "    local games='" +
           word_list(dsl::shipped_games()) +
           "'\n"
           "    COMPREPLY=()\n"
           "    if ((COMP_CWORD == 1)); then\n"
           "        COMPREPLY=($(compgen -W '" +
           command_words +
           " help --help --version' -- \"$cur\"))\n"
           "        return\n"
           "    fi\n"
           "    local options='' valued='' words='' arguments=()\n"
           "    case ${COMP_WORDS[1]} in\n"
           "        help)\n"
           "            ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W '" +
           command_words +
           " --man --bash-completion' -- \"$cur\"))\n"
           "            return\n"
           "            ;;\n" +
           branches +
           "        *) return ;;\n"
           "    esac\n"
           "    # The value of an option: its choices where it has them, else a file.\n"
           "    if [[ \" $valued \" == *\" $prev \"* ]]; then\n"
           "        [[ -n $words ]] && COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
           "        return\n"
           "    fi\n"
           "    if [[ $cur == -* ]]; then\n"
           "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
           "        return\n"
           "    fi\n"
           "    # Which argument this word is: the words before it less options and their values.\n"
           "    local i given=0\n"
           "    for ((i = 2; i < COMP_CWORD; i++)); do\n"
           "        if [[ \" $valued \" == *\" ${COMP_WORDS[i]} \"* ]]; then ((i++))\n"
           "        elif [[ ${COMP_WORDS[i]} != -* ]]; then ((given++))\n"
           "        fi\n"
           "    done\n"
           "    ((given < ${#arguments[@]})) || given=$((${#arguments[@]} - 1))\n"
           "    # A game is a shipped game's name or a .vari file; anything else a file.\n"
           "    if ((given >= 0)) && [[ ${arguments[given]} == GAME ]]; then\n"
           "        compopt -o filenames 2>/dev/null\n"
           "        COMPREPLY=($(compgen -W \"$games\" -- \"$cur\") $(compgen -f -X '!*.vari' -- "
           "\"$cur\") $(compgen -d -- \"$cur\"))\n"
           "    fi\n"
           "}\n"
           "complete -o default -F _vari vari\n";
}

}  // namespace vari::tools
