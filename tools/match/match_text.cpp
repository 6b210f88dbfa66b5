// A match's report as text, as `vari match` prints it: a match's score and Elo difference (or
// each player's mean score), a tournament's standings and pairings, and how the games ended.
#include <iomanip>
#include <sstream>

#include "tools/match/match.hpp"

namespace vari::match {
namespace {

std::string describe_limits(const MatchOptions& options) {
    std::ostringstream out;
    const Limits& limits = options.limits;
    if (const auto& tc = limits.time_control) {
        out << "clock ";
        if (tc->moves) out << tc->moves << " moves in ";
        out << tc->base_ms / 1000.0 << " s + " << tc->increment_ms / 1000.0 << " s a move";
    }
    if (limits.movetime_ms) out << (out.tellp() ? ", " : "") << limits.movetime_ms << " ms a move";
    if (limits.depth) out << (out.tellp() ? ", " : "") << "depth " << limits.depth;
    if (limits.nodes) out << (out.tellp() ? ", " : "") << limits.nodes << " nodes";
    if (out.tellp()) return out.str();
    for (const Entrant& entrant : options.entrants)
        if (entrant.limits.any()) return "each player's own level or limits";
    return "each player's own level";
}

// Entrants by name, numbered ("random #3") when two share one.
std::vector<std::string> shown_names(const MatchOptions& options) {
    std::vector<std::string> names;
    for (std::size_t e = 0; e < options.entrants.size(); ++e) {
        const std::string& name = options.entrants[e].name;
        std::size_t alike = 0;
        for (const Entrant& other : options.entrants) alike += other.name == name;
        names.push_back(printable(name) + (alike > 1 ? " #" + std::to_string(e + 1) : ""));
    }
    return names;
}

// "Score of A vs B: 3 - 1 - 2  [0.667] 6", as cutechess writes it.
void write_score(std::ostream& out, const std::string& first, const std::string& second,
                 const Stats& s) {
    out << "Score of " << first << " vs " << second << ": " << s.wins << " - " << s.losses << " - "
        << s.draws << "  [" << std::setprecision(3) << s.score() << "] " << s.games()
        << std::setprecision(1) << '\n';
}

void write_match(std::ostream& out, const MatchOptions& options, const MatchReport& r) {
    const std::vector<std::string> names = shown_names(options);
    if (options.entrants.size() == 2) {
        const Stats& s = r.stats;
        const Elo elo = elo_of(s);
        write_score(out, names[0], names[1], s);
        out << "Elo difference: " << elo.difference << " +/- " << elo.margin << ", LOS: " << elo.los
            << " %, draw ratio: " << elo.draw_ratio << " %\n"
            << "Pairs by points (0, 1/2, 1, 3/2, 2):";
        for (const int n : s.pairs) out << ' ' << n;
        out << '\n';
        if (const auto& sprt = options.sprt) {
            const char* verdict = r.verdict == SprtVerdict::h1   ? "H1 accepted"
                                  : r.verdict == SprtVerdict::h0 ? "H0 accepted"
                                                                 : "undecided";
            out << std::setprecision(2) << "SPRT (elo0 " << sprt->elo0 << ", elo1 " << sprt->elo1
                << ", alpha " << sprt->alpha << ", beta " << sprt->beta << "): LLR " << r.llr
                << ", bounds " << sprt->lower_bound() << " and " << sprt->upper_bound() << ": "
                << verdict << std::setprecision(1) << '\n';
        }
        return;
    }
    // Numbered in --player order: two players may be of one kind.
    out << "   player          points  games    mean  95% interval\n";
    for (std::size_t e = 0; e < options.entrants.size(); ++e) {
        const EntrantScore& s = r.scores[e];
        out << e + 1 << "  " << std::left << std::setw(14) << printable(options.entrants[e].name)
            << std::right << std::setw(8) << s.points << std::setw(7) << s.games
            << std::setprecision(3) << std::setw(8) << s.mean << "  +/- " << s.margin
            << std::setprecision(1) << '\n';
    }
}

void write_tournament(std::ostream& out, const ir::Game& game, const MatchOptions& options,
                      const MatchReport& r) {
    const int seats = static_cast<int>(game.players.size());
    const std::vector<std::string> names = shown_names(options);
    std::size_t width = 6;
    for (const std::string& name : names) width = std::max(width, name.size());
    out << (options.format == Format::gauntlet ? "Gauntlet of " : "Round robin of ")
        << options.entrants.size() << " players, " << r.pairings.size() << " pairings of "
        << options.games << (options.games == 1 ? " game" : " games");
    if (options.rounds > 1) out << ", " << options.rounds << " rounds";
    out << ":\nRank  " << std::left << std::setw(static_cast<int>(width)) << "Player" << std::right
        << "  Games  Points   Score" << (seats == 2 ? "     Elo     +/-" : "")
        << "  Wins Draws Losses\n";
    for (const Standing& standing : standings(r)) {
        const auto e = static_cast<std::size_t>(standing.entrant);
        const EntrantScore& s = r.scores[e];
        out << std::setw(4) << standing.rank << "  " << std::left
            << std::setw(static_cast<int>(width)) << names[e] << std::right << std::setw(7)
            << s.games << std::setw(8) << s.points << std::setw(7) << 100 * s.mean << " %";
        if (standing.elo)
            out << std::setw(8) << standing.elo->difference << std::setw(8) << standing.elo->margin;
        out << std::setw(6) << s.wins << std::setw(6) << s.draws << std::setw(7) << s.losses
            << '\n';
    }
    out << "Pairings:\n";
    for (const PairingResult& pairing : r.pairings) {
        out << "  ";
        const auto name = [&](std::size_t place) {
            return names[static_cast<std::size_t>(pairing.entrants[place])];
        };
        if (pairing.entrants.size() == 2) {
            write_score(out, name(0), name(1), pairing.stats);
            continue;
        }
        for (std::size_t place = 0; place < pairing.entrants.size(); ++place)
            out << (place ? ", " : "") << name(place) << ' ' << pairing.points[place];
        out << " (" << pairing.games << (pairing.games == 1 ? " game)\n" : " games)\n");
    }
}

}  // namespace

std::string match_text(const ir::Game& game, const MatchOptions& options, const MatchReport& r) {
    std::ostringstream out;
    out << game.name << ": " << r.played << " games of " << r.planned << " (seed " << options.seed
        << "; openings: "
        << (options.openings.empty() ? std::to_string(options.random_plies) + " random plies"
                                     : std::to_string(options.openings.size()) + " from the file")
        << "; " << describe_limits(options) << ")\n";
    out << std::fixed << std::setprecision(1);
    if (options.format == Format::match)
        write_match(out, options, r);
    else
        write_tournament(out, game, options, r);
    out << "ended by:\n";
    for (const auto& [reason, games] : r.endings)
        out << "  " << std::left << std::setw(30) << printable(reason) << std::right << std::setw(6)
            << games << '\n';
    if (r.time_forfeits)
        out << r.time_forfeits << (r.time_forfeits == 1 ? " game was" : " games were")
            << " lost on time: a move ended past its time by more than the margin ("
            << time_margin(options, options.limits) << " ms; --time-margin sets it)\n";
    return out.str();
}

std::string live_score(const MatchOptions& options, const MatchReport& report) {
    std::ostringstream out;
    if (options.format == Format::match && options.entrants.size() == 2) {
        const Stats& s = report.stats;
        out << '+' << s.wins << " =" << s.draws << " -" << s.losses;
        if (options.sprt) out << std::fixed << std::setprecision(2) << "  LLR " << report.llr;
        return out.str();
    }
    if (options.format != Format::match) {  // the leader
        const std::vector<Standing> table = standings(report);
        const EntrantScore& s = report.scores[static_cast<std::size_t>(table[0].entrant)];
        out << "leader " << shown_names(options)[static_cast<std::size_t>(table[0].entrant)] << ' '
            << s.points << '/' << s.games;
        return out.str();
    }
    for (std::size_t e = 0; e < options.entrants.size(); ++e)
        out << (e ? "  " : "") << options.entrants[e].name << ' ' << report.scores[e].points;
    return out.str();
}

}  // namespace vari::match
