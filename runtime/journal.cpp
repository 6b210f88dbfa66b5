// The journal of a long run: a line naming the run, then one line per finished piece.
#include <fstream>
#include <nlohmann/json.hpp>

#include "runtime/runtime.hpp"

namespace vari::runtime {

using nlohmann::json;

namespace {

std::string line_of(long long index, const std::string& result) {
    return R"({"piece":)" + std::to_string(index) + R"(,"result":)" + result + "}\n";
}

}  // namespace

std::optional<Journal> Journal::open(const std::string& path, const std::string& run,
                                     std::string& error) {
    Journal journal;
    journal.path_ = path;
    std::ifstream in(path);
    std::string line;
    if (in && std::getline(in, line)) {
        if (line != run) {
            error = "the journal " + path + " was written by another run (" + line +
                    "): remove it, or run as that one did";
            return std::nullopt;
        }
        // A line cut short by a stop at the wrong moment is the last; its piece is played again.
        while (std::getline(in, line)) {
            const json entry = json::parse(line, nullptr, false);
            if (entry.is_discarded() || !entry.is_object() || !entry.contains("result") ||
                !entry.contains("piece") || !entry["piece"].is_number_integer())
                break;
            journal.results_[entry["piece"].get<long long>()] = entry["result"].dump();
        }
    }
    in.close();
    // Written again whole, so that a damaged tail is not followed by new lines.
    const std::string temporary = path + ".new";
    std::FILE* out = std::fopen(temporary.c_str(), "w");
    if (!out) {
        error = "cannot write the journal " + temporary;
        return std::nullopt;
    }
    std::fprintf(out, "%s\n", run.c_str());
    for (const auto& [index, result] : journal.results_)
        std::fputs(line_of(index, result).c_str(), out);
    if (std::fflush(out) != 0 || std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::fclose(out);
        error = "cannot write the journal " + path;
        return std::nullopt;
    }
    journal.file_ = out;
    return journal;
}

Journal::Journal(Journal&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)),
      path_(std::move(other.path_)),
      results_(std::move(other.results_)) {}

Journal& Journal::operator=(Journal&& other) noexcept {
    if (this != &other) {
        if (file_) std::fclose(file_);
        file_ = std::exchange(other.file_, nullptr);
        path_ = std::move(other.path_);
        results_ = std::move(other.results_);
    }
    return *this;
}

Journal::~Journal() {
    if (file_) std::fclose(file_);
}

bool Journal::add(long long index, const std::string& result, std::string& error) {
    results_[index] = result;
    if (std::fputs(line_of(index, result).c_str(), file_) < 0 || std::fflush(file_) != 0) {
        error = "cannot write the journal " + path_;
        return false;
    }
    return true;
}

}  // namespace vari::runtime
