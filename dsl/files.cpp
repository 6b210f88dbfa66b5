// Reading a named file whole, refusing one past its size limit before it fills memory.
#include "dsl/files.hpp"

#include <cerrno>
#include <cstdio>
#include <memory>
#include <system_error>

namespace vari::dsl {

namespace {

struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

std::optional<std::string> read_bytes(const std::filesystem::path& path, std::size_t limit,
                                      std::string& reason) {
    // A pipe or a device could block the read or never end; folders fail below with the system's
    // words.
    std::error_code ec;
    const auto type = std::filesystem::status(path, ec).type();
    if (!ec && type != std::filesystem::file_type::regular &&
        type != std::filesystem::file_type::directory) {
        reason = "it is not a regular file";
        return std::nullopt;
    }
    errno = 0;
    const std::unique_ptr<std::FILE, Closer> file(std::fopen(path.c_str(), "rb"));
    if (!file) {
        reason = std::generic_category().message(errno);
        return std::nullopt;
    }
    // One byte past the limit tells a file at the limit from a larger one.
    std::string bytes(limit + 1, '\0');
    const std::size_t got = std::fread(bytes.data(), 1, bytes.size(), file.get());
    if (std::ferror(file.get()) != 0) {
        reason = std::generic_category().message(errno);
        return std::nullopt;
    }
    if (got > limit) {
        reason = "it is larger than " + std::to_string(limit) + " bytes, the limit";
        return std::nullopt;
    }
    bytes.resize(got);
    return bytes;
}

}  // namespace vari::dsl
