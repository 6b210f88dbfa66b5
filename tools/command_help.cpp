// A command's help read back from the parser it builds, for the manual pages and shell completion
// to say exactly what --help says.
#include <string>

#include "tools/commands.hpp"

namespace vari::tools {

namespace {

// Where the help being read goes; null when commands run for real.
CommandHelp* reading = nullptr;

// "INT:a whole number from 0 to 64" is the value "INT" and what its check accepts.
std::string value_name(const CLI::Option& option) {
    if (option.get_type_size_max() == 0) return {};
    if (!option.get_option_text().empty()) return option.get_option_text();
    const std::string type = option.get_type_name();
    return type.substr(0, type.find(':'));
}

}  // namespace

bool read_help_instead(const CLI::App& app) {
    if (reading == nullptr) return false;
    reading->description = app.get_description();
    for (const bool positionals : {true, false})
        for (const CLI::Option* option : app.get_options()) {
            if (option->nonpositional() == positionals) continue;
            OptionHelp help;
            help.positional = positionals;
            help.required = option->get_required();
            help.description = option->get_description();
            if (positionals) {
                help.names.push_back(option->get_name());
            } else {
                for (const auto& s : option->get_snames()) help.names.push_back("-" + s);
                for (const auto& l : option->get_lnames()) help.names.push_back("--" + l);
                help.value = value_name(*option);
            }
            reading->options.push_back(std::move(help));
        }
    return true;
}

CommandHelp command_help(const Command& command) {
    CommandHelp help;
    reading = &help;
    std::string name = command.name;
    char* args[] = {name.data(), nullptr};
    command.run(1, args);
    reading = nullptr;
    return help;
}

}  // namespace vari::tools
