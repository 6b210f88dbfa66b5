// The size of the random sweeps (playouts compared with the reference generator, random moves
// written and read back, random protocol input): each sweep's count times VARI_TEST_SCALE.
#pragma once

namespace vari::test {

// `count` times the scale in the environment's VARI_TEST_SCALE: a whole number from 1 to 1000,
// 1 when unset (the size tools/test.sh runs). Anything
// else fails the test that asks, naming the variable, rather than running a sweep of some other
// size.
int scaled(int count);
// The same, halved in the sanitizer build: for sweeps that check each position they reach, not
// that they reach some kind of position (the playouts against the reference generator do).
int scaled_lighter(int count);
// How long each playout of such a sweep plays: seven eighths of `plies` in the sanitizer build,
// where the shipped games still offer every rare kind of move their coverage check asks for.
int playout_plies(int plies);

}  // namespace vari::test
