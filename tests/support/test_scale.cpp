#include "support/test_scale.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace vari::test {
namespace {

constexpr int LARGEST_SCALE = 1000;

int scale_from_environment() {
    const char* text = std::getenv("VARI_TEST_SCALE");
    if (!text || !*text) return 1;
    const std::string value = text;
    if (value.size() <= 4 && value.find_first_not_of("0123456789") == std::string::npos) {
        const int scale = std::stoi(value);
        if (scale >= 1 && scale <= LARGEST_SCALE) return scale;
    }
    throw std::invalid_argument("VARI_TEST_SCALE must be a whole number from 1 to " +
                                std::to_string(LARGEST_SCALE) + ", not '" + value + "'");
}

}  // namespace

int scaled(int count) {
    static const int scale = scale_from_environment();
    return count * scale;
}

int scaled_lighter(int count) {
    // Under the sanitizers, several times slower, such a sweep runs at half its size: the same
    // code paths through every game, fewer positions; the Release build runs it whole.
#ifdef VARI_HALF_SWEEPS
    count = std::max(1, count / 2);
#endif
    return scaled(count);
}

int playout_plies(int plies) {
#ifdef VARI_HALF_SWEEPS
    plies = std::max(1, plies * 7 / 8);
#endif
    return plies;
}

}  // namespace vari::test
