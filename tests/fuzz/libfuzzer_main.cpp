// libFuzzer's entry point for one harness, named by VARI_FUZZ_HARNESS when compiled.
#include "tests/fuzz/harnesses.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return vari::fuzz::VARI_FUZZ_HARNESS(data, size);
}
