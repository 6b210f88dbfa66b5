// Logistic regression of results on term counts: K by a golden-section search, the weights by
// Adam on the whole set at each step; how far to go, and how hard to pull towards the starting
// weights, judged on held-out positions. Each pull's fit runs on a thread of its own, and the best
// is chosen in the order of the pulls, so the figures do not depend on the number of threads.
#include "runtime/tune/fit.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>

#include "runtime/tune/share_out.hpp"

namespace vari::tune {
namespace {

// Pulls towards the starting weights tried, per squared centipawn of a weight's move: none
// (stopping early alone guards against noise), then stronger ones that keep the weights few
// positions speak for near where they started.
constexpr double PULLS[] = {0, 1e-7, 1e-6, 1e-5};
constexpr int STEPS = 600;         // Adam steps of a fit
constexpr int CHECK_EVERY = 25;    // steps between judgements on the held-out positions
constexpr double STEP_SIZE = 1.0;  // centipawns: how far a weight moves at most in one step
// The players' biases are fitted first, alone: a few hundred centipawns within their steps.
constexpr double BIAS_STEP_SIZE = 10.0;
constexpr int BIAS_STEPS = 100;
constexpr int BIAS_ROUNDS = 5;  // K, then the biases, so many times (a test's 300 settles in 5)

// The score predicted for an evaluation: even (0) predicts a share of 1 / players, as a draw
// scores; two players get the logistic curve of Texel tuning.
double predicted(const Samples& s, double scale, double evaluation) {
    return 1.0 / (1.0 + (s.players() - 1) * std::exp(-scale * evaluation));
}

// The weights fitted are the evaluation's terms and, after them, one bias per player: what the
// results say of a player whatever the position (the first move's advantage, or one army's over
// another where armies differ). Without it that advantage is learned into the terms only one
// player has (the cells of its pieces, the worth of its own types), which then misjudge every
// position; the evaluation leaves it out, as a constant changes no choice.
std::size_t bias(const Samples& s, const std::vector<double>& w, int player) {
    return w.size() - static_cast<std::size_t>(s.players() - player);
}

// Sample i's evaluation for its player to move, and the other player it is measured against.
double evaluation_of(const Samples& s, int i, const std::vector<double>& w, int& against) {
    const int side = s.side(i);
    double own = 0, strongest = -1e300;
    against = -1;
    for (int p = 0; p < s.players(); ++p) {
        double total = w[bias(s, w, p)];
        for (const auto* t = s.begin(i, p); t != s.end(i, p); ++t)
            total += w[static_cast<std::size_t>(t->term)] * t->count;
        if (p == side) {
            own = total;
        } else if (total > strongest) {
            strongest = total;
            against = p;
        }
    }
    return own - strongest;
}

// The passes below add the samples up in PARTS parts, in order, and the parts in order: the
// order the weights files shipped were fitted in, so that their commands make them again.
constexpr int PARTS = 64;

int part_begin(const Samples& s, int k) {
    return static_cast<int>(static_cast<long long>(s.size()) * k / PARTS);
}

double mean_loss(const Samples& s, const std::vector<double>& w, double scale) {
    if (s.size() == 0) return 0;
    double total = 0;
    int against;
    for (int k = 0; k < PARTS; ++k) {
        double part = 0;
        for (int i = part_begin(s, k); i < part_begin(s, k + 1); ++i) {
            const double error = s.target(i) - predicted(s, scale, evaluation_of(s, i, w, against));
            part += error * error;
        }
        total += part;
    }
    return total / s.size();
}

// Adds the sums of the part of samples [first, last) into `g` and clears them. Only the terms
// those samples hold and the biases can be other than 0, so when the samples hold fewer term
// entries than there are weights (small fits) only those are visited; a term met again adds the
// 0.0 it was cleared to, leaving `g` as a visit of every weight would.
void add_part(const Samples& s, int first, int last, std::vector<double>& sums,
              std::vector<double>& g) {
    const auto take = [&](std::size_t j) {
        g[j] += sums[j];
        sums[j] = 0;
    };
    if (first == last) return;
    const search::TermCount* begin = s.begin(first, 0);
    const search::TermCount* end = s.end(last - 1, s.players() - 1);
    if (static_cast<std::size_t>(end - begin) >= g.size()) {
        for (std::size_t j = 0; j < g.size(); ++j) take(j);
        return;
    }
    for (const auto* t = begin; t != end; ++t) take(static_cast<std::size_t>(t->term));
    for (int p = 0; p < s.players(); ++p) take(bias(s, g, p));
}

// The mean loss's gradient with respect to each weight, into `g` (`sums`: room for a part's sums,
// all 0 between calls).
void gradient(const Samples& s, const std::vector<double>& w, double scale, std::vector<double>& g,
              std::vector<double>& sums) {
    g.assign(w.size(), 0);
    if (sums.size() != w.size()) sums.assign(w.size(), 0);  // add_part leaves them cleared
    int against;
    for (int k = 0; k < PARTS; ++k) {
        for (int i = part_begin(s, k); i < part_begin(s, k + 1); ++i) {
            const double p = predicted(s, scale, evaluation_of(s, i, w, against));
            const double slope = -2 * (s.target(i) - p) * p * (1 - p) * scale;
            for (const auto* t = s.begin(i, s.side(i)); t != s.end(i, s.side(i)); ++t)
                sums[static_cast<std::size_t>(t->term)] += slope * t->count;
            sums[bias(s, w, s.side(i))] += slope;
            if (against < 0) continue;
            for (const auto* t = s.begin(i, against); t != s.end(i, against); ++t)
                sums[static_cast<std::size_t>(t->term)] -= slope * t->count;
            sums[bias(s, w, against)] -= slope;
        }
        add_part(s, part_begin(s, k), part_begin(s, k + 1), sums, g);
    }
    for (double& x : g) x /= std::max(1, s.size());
}

// K that best predicts the results with the weights `w`: golden-section search on log K.
double fit_scale(const Samples& s, const std::vector<double>& w) {
    double lo = std::log(1e-5), hi = std::log(1e-1);
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    const auto loss = [&](double log_k) { return mean_loss(s, w, std::exp(log_k)); };
    double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    double fa = loss(a), fb = loss(b);
    for (int i = 0; i < 40; ++i) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = loss(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = loss(b);
        }
    }
    return std::exp((lo + hi) / 2);
}

std::vector<double> rounded(const std::vector<double>& w) {
    std::vector<double> out(w.size());
    std::transform(w.begin(), w.end(), out.begin(), [](double x) { return std::round(x); });
    return out;
}

// The best weights of one fit and their loss on the held-out positions.
struct Judged {
    std::vector<double> weights;
    double loss = 0;
};

// What one run of Adam moves: the weights from `first` to before `last`, at most `step_size` a
// step, for `steps` steps.
struct Moving {
    std::size_t first = 0, last = 0;
    double step_size = STEP_SIZE;
    int steps = STEPS;
};

// Adam from `start`, pulled towards it by `pull`; every CHECK_EVERY steps the weights (rounded,
// as they are kept) are judged on `check`, and the best are kept: stopping early is the other
// guard against learning the noise of `train`. Nothing better than `start` keeps `start`.
Judged adam(const Samples& train, const Samples& check, const std::vector<double>& start,
            double scale, double pull, Moving moving = {}) {
    Judged best{start, mean_loss(check, start, scale)};
    std::vector<double> w = start, m(w.size(), 0), v(w.size(), 0), g, sums;
    const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-12;
    for (int step = 1; step <= moving.steps; ++step) {
        gradient(train, w, scale, g, sums);
        const double c1 = 1 - std::pow(beta1, step), c2 = 1 - std::pow(beta2, step);
        for (std::size_t j = moving.first; j < moving.last; ++j) {
            g[j] += 2 * pull * (w[j] - start[j]);
            m[j] = beta1 * m[j] + (1 - beta1) * g[j];
            v[j] = beta2 * v[j] + (1 - beta2) * g[j] * g[j];
            if (v[j] == 0) continue;  // a term no position holds keeps its start
            w[j] -= moving.step_size * (m[j] / c1) / (std::sqrt(v[j] / c2) + epsilon);
        }
        if (step % CHECK_EVERY) continue;
        std::vector<double> kept = rounded(w);
        const double loss = mean_loss(check, kept, scale);
        if (loss < best.loss) best = {std::move(kept), loss};
    }
    return best;
}

// The best of fits from `from` for each pull in turn, moving `moving`'s weights: the weakest
// pull wins a tie, and none better than `from` keeps it. Into `chosen` the pull, when one won.
Judged best_of_pulls(const Samples& train, const Samples& check, const Judged& from, double scale,
                     Moving moving, int threads, const std::function<void()>& fitted,
                     const std::function<bool()>& stop, double& chosen) {
    std::vector<std::optional<Judged>> fits(std::size(PULLS));
    std::mutex reporting;
    share_out(fits.size(), threads, [&](std::size_t k) {
        if (stop && stop()) return false;
        fits[k] = adam(train, check, from.weights, scale, PULLS[k], moving);
        const std::lock_guard lock(reporting);
        if (fitted) fitted();
        return true;
    });
    Judged best = from;
    for (std::size_t k = 0; k < fits.size(); ++k) {
        const auto& judged = fits[k];
        if (!judged || judged->loss >= best.loss) continue;
        best = *judged;
        chosen = PULLS[k];
    }
    return best;
}

// The first `count` weights (the terms, not the biases), as a weights file keeps them (they are
// whole already: the fits round what they keep).
std::vector<int> whole(const std::vector<double>& w, std::size_t count) {
    std::vector<int> out(count);
    std::transform(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(count), out.begin(),
                   [](double x) { return static_cast<int>(x); });
    return out;
}

}  // namespace

Fit fit_weights(const std::vector<int>& start, Samples& train, const Samples& check,
                const FitPlan& plan, const std::function<void(int done, int total)>& fitted,
                const std::function<bool()>& stop) {
    std::vector<double> from(start.begin(), start.end());
    from.resize(start.size() + static_cast<std::size_t>(train.players()), 0);  // the biases
    Fit out;
    out.weights = start;
    // The biases first, alone: moving as one weight among thousands, they would come too late,
    // after the terms had taken what is theirs. K and the biases depend on each other: they are
    // fitted in turn.
    for (int round = 0; round < BIAS_ROUNDS; ++round) {
        out.scale = fit_scale(train, from);
        from = adam(train, check, from, out.scale, 0,
                    {start.size(), from.size(), BIAS_STEP_SIZE, BIAS_STEPS})
                   .weights;
    }
    if (plan.score_share > 0)
        train.blend(plan.score_share,
                    [&](int score) { return predicted(train, out.scale, score); });
    out.loss_before = out.loss_after = mean_loss(check, from, out.scale);
    // Then the stages, the terms held by many positions before those held by few: each stops
    // where the held-out positions stop gaining, so that the later ones move only as far as they
    // add to what the earlier said. (Adam moves every weight alike, however few positions hold
    // it: fitted together, the per-cell terms would learn the noise of the games while the
    // per-type terms still gain.)
    const int total = static_cast<int>(plan.stage_ends.size() * std::size(PULLS));
    int done = 0;
    const auto report = [&] {
        if (fitted) fitted(++done, total);
    };
    Judged best{from, out.loss_before};
    std::size_t begin = 0;
    for (const std::size_t end : plan.stage_ends) {
        double pull = 0;
        Judged staged = best_of_pulls(train, check, best, out.scale, Moving{begin, end},
                                      plan.threads, report, stop, pull);
        begin = end;
        if (stop && stop()) return out;
        if (staged.loss >= best.loss) continue;  // nothing gained: nothing to keep
        if (plan.keep &&
            !plan.keep(whole(staged.weights, start.size()), whole(best.weights, start.size())))
            continue;
        best = std::move(staged);
        out.regularisation = pull;
    }
    out.loss_after = best.loss;
    out.weights = whole(best.weights, start.size());
    return out;
}

}  // namespace vari::tune
