// Writing a game record: the tag pairs, then the moves in short notation numbered by rounds,
// wrapped as PGN wraps them.
#include <cassert>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "runtime/record_tags.hpp"
#include "runtime/runtime.hpp"

namespace vari::runtime {
namespace {

std::string or_unknown(const std::string& value) { return value.empty() ? "?" : value; }

// Do the scores say more than the marker? Only when a score has no short fraction.
bool scores_need_tag(const std::vector<double>& scores) {
    for (double score : scores)
        if (score_text(score).find('.') != std::string::npos) return true;
    return false;
}

// Appends words to lines of at most 79 characters.
class Wrapped {
public:
    void add(const std::string& word) {
        if (!line_.empty() && line_.size() + 1 + word.size() > 79) {
            text_ += line_ + '\n';
            line_.clear();
        }
        line_ += (line_.empty() ? "" : " ") + word;
    }
    std::string text() const { return text_ + line_ + '\n'; }

private:
    std::string text_, line_;
};

}  // namespace

std::vector<std::string> move_history(const Game& game, notation::Notation notation) {
    std::vector<std::string> words;
    Position pos = game.start();
    for (int ply = 0; ply < game.ply(); ++ply) {
        const Move move = game.move_at(ply);
        if (pos.side_to_move() == 0)
            words.push_back(std::to_string(pos.move_number()) + ".");
        else if (ply == 0)
            words.push_back(std::to_string(pos.move_number()) + "...");
        words.push_back(notation::format_move(pos, move, notation));
        Undo undo;
        pos.do_move(move, undo);
    }
    return words;
}

std::string wrap_words(const std::vector<std::string>& words) {
    Wrapped wrapped;
    for (const std::string& word : words) wrapped.add(word);
    return wrapped.text();
}

std::string record_date_today() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%Y.%m.%d", &local);
    return text;
}

std::string write_record(const Game& game, const RecordHeader& header) {
    const ir::Game& rules = game.game().ir();
    std::string out;
    auto tag = [&out](const std::string& name, const std::string& value) {
        out += "[" + name + " \"" + escape_tag_value(value) + "\"]\n";
    };
    tag("Event", or_unknown(header.event));
    tag("Site", or_unknown(header.site));
    tag("Date", header.date.empty() ? "????.??.??" : header.date);
    tag("Round", or_unknown(header.round));
    for (std::size_t p = 0; p < rules.players.size(); ++p)
        tag(player_tag(rules.players[p].name),
            p < header.player_kinds.size() ? or_unknown(header.player_kinds[p]) : "?");
    // The rules' end, else the decision's; a stopped game has neither scores nor marker.
    const auto& result = game.result();
    assert(!(result && header.decision));
    const std::vector<double> none;
    const std::vector<double>& scores = result ? (result->stopped ? none : result->scores)
                                        : header.decision ? header.decision->scores
                                                          : none;
    const std::string marker = scores_marker(scores);
    tag("Result", marker);
    tag("Variant", rules.name);
    const std::string start = notation::to_position_string(game.start());
    if (start != notation::to_position_string(Position(game.game()))) {
        tag("SetUp", "1");
        tag("FEN", start);
    }
    if (!rules.files.empty()) tag("RuleFile", file_name(rules.files.front()));
    tag("RuleHash", hash_text(rules.rules_hash));
    if (result)
        tag("Termination", result->stopped ? "stopped: " + result->summary : result->reason);
    else if (header.decision)
        tag("Termination", header.decision->termination);
    if (scores_need_tag(scores)) {
        std::string text;
        for (std::size_t p = 0; p < scores.size(); ++p) {
            char value[32];
            std::snprintf(value, sizeof value, "%g", scores[p]);
            text += (p ? ", " : "") + rules.players[p].name + " " + value;
        }
        tag("Scores", text);
    }
    out += '\n';

    std::vector<std::string> words = move_history(game, notation::Notation::short_form);
    words.push_back(marker);
    return out + wrap_words(words);
}

}  // namespace vari::runtime
