// Internal to tune/: fitting weights to the results of sampled positions (logistic regression).
#pragma once

#include <functional>
#include <vector>

#include "runtime/tune/samples.hpp"

namespace vari::tune {

struct Fit {
    std::vector<int> weights;
    double scale = 0;  // K: the predicted score is 1 / (1 + (players - 1) exp(-K evaluation))
    double regularisation = 0;  // the pull towards its start the last stage that gained chose
    double loss_before = 0;     // mean squared error on `check` with the starting weights
                                // (and the players' biases fitted)
    double loss_after = 0;      // and with the fitted ones
};

// Fits weights from `start` (numbered as search::TermLayout, the per-cell terms from
// `cells_from` on) to predict the scores of `train`. First K and a bias per player (fitted beside
// the weights, not returned), in turn, to the start weights; then the terms before the cells,
// then the cells: in each stage, for each pull towards where the stage began in turn, the
// weights are fitted by gradient descent (Adam) and judged every few steps on the positions of
// `check`, which it never learns from; the best weights so judged end the stage (those it began
// with when none beat them). The same on any number of threads. With `score_share` above 0,
// once K is known the targets of `train` are blended with its searched scores (Samples::blend);
// `check` judges by results alone.
// `fitted`, when given, is called after each of those fits; `stop` is asked between them.
Fit fit_weights(const std::vector<int>& start, std::size_t cells_from, Samples& train,
                const Samples& check, double score_share, int threads,
                const std::function<void(int done, int total)>& fitted,
                const std::function<bool()>& stop);

}  // namespace vari::tune
