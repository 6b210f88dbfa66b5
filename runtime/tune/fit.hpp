// Internal to tune/: fitting weights to the results of sampled positions (logistic regression).
#pragma once

#include <functional>
#include <vector>

#include "runtime/tune/samples.hpp"

namespace vari::tune {

struct Fit {
    std::vector<int> weights;
    double scale = 0;  // K: the predicted score is 1 / (1 + (players - 1) exp(-K evaluation))
    double regularisation = 0;  // the pull towards its start the last stage kept chose
    double loss_before = 0;     // mean squared error on `check` with the starting weights
                                // (and the players' biases fitted)
    double loss_after = 0;      // and with the fitted ones
};

// How fit_weights goes about it.
struct FitPlan {
    // The stages: the weights before stage_ends[0] first, then those from there to
    // stage_ends[1], and so on (the last end is the number of weights).
    std::vector<std::size_t> stage_ends;
    double score_share = 0;  // above 0: the targets of `train` blended (Samples::blend) once K
                             // is known; `check` judges by results alone
    int threads = 1;
    // When set, asked after each stage that gained on `check` whether its weights are to be kept
    // (given them and the weights before it); no: the stage is undone.
    std::function<bool(const std::vector<int>& fitted, const std::vector<int>& before)> keep;
};

// Fits weights from `start` (numbered as search::TermLayout) to predict the scores of `train`.
// First K and a bias per player (fitted beside the weights, not returned), in turn, to the start
// weights; then the plan's stages in turn: in each, for each pull towards where the stage began,
// its weights are fitted by gradient descent (Adam) and judged every few steps on the positions
// of `check`, which it never learns from; the best weights so judged end the stage (those it
// began with when none beat them). The same on any number of threads. `fitted`, when given, is
// called after each of those fits; `stop` is asked between them.
Fit fit_weights(const std::vector<int>& start, Samples& train, const Samples& check,
                const FitPlan& plan, const std::function<void(int done, int total)>& fitted,
                const std::function<bool()>& stop);

}  // namespace vari::tune
