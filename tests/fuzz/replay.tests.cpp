// Every saved fuzzing input, replayed through its harness on every build: the regression inputs
// (each once a crash, hang or broken promise found by fuzzing) and the seed corpus.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/fuzz/harnesses.hpp"

namespace vari {
namespace {

namespace fs = std::filesystem;

// The files under `folder` (a path under tests/), at any depth, sorted; none when there is no
// such folder.
std::vector<fs::path> inputs(const std::string& folder) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(fs::path(VARI_TEST_DATA) / folder, ec), end;
         !ec && it != end; it.increment(ec))
        if (it->is_regular_file()) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    return files;
}

// A harness's seeds: its own corpus, and the project's inputs of its kind (tools/fuzz.sh seeds
// from the same folders).
std::vector<std::string> seed_folders(const std::string& harness) {
    std::vector<std::string> folders = {"fuzz/corpus/" + harness};
    if (harness == "rule_file")
        folders.insert(folders.end(), {"../stdlib-games", "diagnostics", "include"});
    if (harness == "hooks") folders.push_back("hooks");
    if (harness == "game_record") folders.push_back("records");
    return folders;
}

std::vector<std::uint8_t> bytes_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void replay(const fuzz::Harness& harness, const std::string& folder) {
    for (const auto& file : inputs(folder)) {
        INFO(harness.name << " replays " << file.string());
        const auto input = bytes_of(file);
        CHECK(harness.run(input.data(), input.size()) == 0);
    }
}

TEST_CASE("every input that once broke a fuzzing harness runs through it", "[fuzz]") {
    for (const auto& harness : fuzz::HARNESSES)
        replay(harness, std::string("fuzz/regressions/") + harness.name);
}

TEST_CASE("every fuzzing seed runs through its harness", "[fuzz]") {
    for (const auto& harness : fuzz::HARNESSES) {
        // An empty corpus would let this test pass by doing nothing.
        INFO(harness.name);
        CHECK(!inputs(std::string("fuzz/corpus/") + harness.name).empty());
        for (const auto& folder : seed_folders(harness.name)) replay(harness, folder);
    }
}

}  // namespace
}  // namespace vari
