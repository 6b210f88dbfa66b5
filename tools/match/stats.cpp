// A match's figures from its counts alone: the score, the Elo difference with its 95% interval,
// the likelihood of superiority, and the SPRT's log-likelihood ratio and bounds.
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

#include "tools/match/match.hpp"

namespace vari::match {
namespace {

constexpr double Z_975 = 1.959963984540054;  // the normal distribution's 97.5% quantile

// The logistic Elo difference of a mean score; infinite at 0 and 1.
double elo_difference(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

// The mean score of an Elo difference.
double expected_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// The variance of one game's points about their mean `score`.
double variance(const Stats& stats, double score) {
    const double n = stats.games();
    return (stats.wins * (1 - score) * (1 - score) + stats.draws * (0.5 - score) * (0.5 - score) +
            stats.losses * score * score) /
           n;
}

// The distribution over outcomes worth `points` (evenly spaced from 0 to 1) with mean score
// `score` that is likeliest to have given the `observed` frequencies (all above 0):
// p_i = observed_i / (1 + theta (points_i - score)), theta the root of
// sum observed_i (points_i - score) / (1 + theta (points_i - score)), a decreasing function of
// theta between its poles at -1 / (1 - score) and 1 / score (Van den Bergh, "Comments on
// Normalized Elo", proposition 1.1), found by bisection.
template <std::size_t N>
std::array<double, N> closest_with_score(const std::array<double, N>& observed, double score) {
    const auto points = [](std::size_t i) { return static_cast<double>(i) / (N - 1); };
    const auto slope = [&](double theta) {
        double sum = 0;
        for (std::size_t i = 0; i < N; ++i)
            sum += observed[i] * (points(i) - score) / (1 + theta * (points(i) - score));
        return sum;
    };
    double low = -1 / (1 - score), high = 1 / score;
    for (int step = 0; step < 200; ++step) {
        const double middle = (low + high) / 2;
        (slope(middle) > 0 ? low : high) = middle;
    }
    const double theta = (low + high) / 2;
    std::array<double, N> p{};
    for (std::size_t i = 0; i < N; ++i) p[i] = observed[i] / (1 + theta * (points(i) - score));
    return p;
}

// The generalised SPRT's log-likelihood ratio of outcomes counted by their points, from none to
// all (losses, draws, wins; or the pairs' five sums), a count of 0 taken as 0.001 as in
// fastchess, so that every outcome has some weight.
template <std::size_t N>
double llr_of(const std::array<int, N>& counts, const Sprt& sprt) {
    std::array<double, N> observed{};
    double total = 0;
    for (std::size_t i = 0; i < N; ++i) total += observed[i] = counts[i] ? counts[i] : 1e-3;
    for (double& p : observed) p /= total;
    const auto p0 = closest_with_score(observed, expected_score(sprt.elo0));
    const auto p1 = closest_with_score(observed, expected_score(sprt.elo1));
    double llr = 0;
    for (std::size_t i = 0; i < N; ++i) llr += observed[i] * (std::log(p1[i]) - std::log(p0[i]));
    return total * llr;
}

std::optional<double> number(std::string_view text) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

}  // namespace

double Stats::score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }

Elo elo_of(const Stats& stats) {
    Elo elo;
    const int n = stats.games();
    if (!n) return elo;
    const double score = stats.score();
    const double deviation = std::sqrt(variance(stats, score) / n);
    elo.difference = elo_difference(score);
    elo.margin = std::isfinite(elo.difference) ? (elo_difference(score + Z_975 * deviation) -
                                                  elo_difference(score - Z_975 * deviation)) /
                                                     2
                                               : std::numeric_limits<double>::infinity();
    const int decisive = stats.wins + stats.losses;
    elo.los = decisive
                  ? 50 * (1 + std::erf((stats.wins - stats.losses) / std::sqrt(2.0 * decisive)))
                  : 50;
    elo.draw_ratio = 100.0 * stats.draws / n;
    return elo;
}

double Sprt::lower_bound() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper_bound() const { return std::log((1 - beta) / alpha); }

std::optional<Sprt> parse_sprt(std::string_view text, std::string& error) {
    Sprt sprt;
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view part = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const std::size_t equals = part.find('=');
        const std::string_view key = part.substr(0, equals);
        double* field = key == "elo0"    ? &sprt.elo0
                        : key == "elo1"  ? &sprt.elo1
                        : key == "alpha" ? &sprt.alpha
                        : key == "beta"  ? &sprt.beta
                                         : nullptr;
        if (!field || equals == std::string_view::npos) {
            error = "expected elo0=N, elo1=N, alpha=P or beta=P separated by commas, found '" +
                    std::string(part) + "'";
            return std::nullopt;
        }
        const auto value = number(part.substr(equals + 1));
        if (!value) {
            error = "the value of " + std::string(key) + " is not a number";
            return std::nullopt;
        }
        *field = *value;
    }
    if (sprt.elo0 >= sprt.elo1)
        error = "elo0 must be less than elo1";
    else if (sprt.alpha <= 0 || sprt.alpha >= 1 || sprt.beta <= 0 || sprt.beta >= 1)
        error = "alpha and beta must lie between 0 and 1";
    else if (sprt.alpha + sprt.beta >= 1)
        error = "alpha and beta must sum to less than 1";
    if (!error.empty()) return std::nullopt;
    return sprt;
}

double sprt_llr(const Stats& stats, const Sprt& sprt) {
    int pairs = 0;
    for (const int n : stats.pairs) pairs += n;
    if (pairs) return llr_of(stats.pairs, sprt);
    if (!stats.games()) return 0;
    return llr_of(std::array<int, 3>{stats.losses, stats.draws, stats.wins}, sprt);
}

SprtVerdict sprt_verdict(double llr, const Sprt& sprt) {
    if (llr >= sprt.upper_bound()) return SprtVerdict::h1;
    if (llr <= sprt.lower_bound()) return SprtVerdict::h0;
    return SprtVerdict::undecided;
}

}  // namespace vari::match
