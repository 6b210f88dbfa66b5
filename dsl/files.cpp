// Where a game's files may be, and reading one whole, refusing it past its size limit before it
// fills memory.
#include "dsl/files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <system_error>

#include "dsl/report.hpp"

namespace vari::dsl {

namespace {

namespace fs = std::filesystem;

struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

bool is_inside(const fs::path& path, const fs::path& folder) {
    return std::mismatch(folder.begin(), folder.end(), path.begin(), path.end()).first ==
           folder.end();
}

}  // namespace

fs::path shipped_folder() {
    if (const char* env = std::getenv("VARI_GAMES"); env != nullptr && *env != '\0') return env;
    // An installed vari reads the games installed with it (PREFIX/bin/vari,
    // PREFIX/share/vari/games), wherever the prefix was moved; a vari in its build tree has none
    // there and reads the sources'.
    static const fs::path installed = [] {
        std::error_code ec;
        const fs::path program = fs::read_symlink("/proc/self/exe", ec);
        return ec ? fs::path() : program.parent_path() / VARI_INSTALLED_GAMES;
    }();
    if (std::error_code ec; !installed.empty() && fs::is_directory(installed, ec)) return installed;
    return VARI_STDLIB_DIR;
}

std::optional<std::string> read_bytes(const fs::path& path, std::size_t limit,
                                      std::string& reason) {
    // A pipe or a device could block the read or never end; folders fail below with the system's
    // words.
    std::error_code ec;
    const auto type = fs::status(path, ec).type();
    if (!ec && type != fs::file_type::regular && type != fs::file_type::directory) {
        reason = "it is not a regular file";
        return std::nullopt;
    }
    errno = 0;
    const std::unique_ptr<std::FILE, Closer> file(std::fopen(path.c_str(), "rb"));
    if (!file) {
        reason = std::generic_category().message(errno);
        return std::nullopt;
    }
    // Read up to one byte past the limit, which tells a file at the limit from a larger one, into
    // room that doubles as the file goes on rather than setting the limit's room aside each time.
    std::string bytes;
    for (std::size_t room = 1 << 16; bytes.size() <= limit; room *= 2) {
        const std::size_t before = bytes.size();
        const std::size_t wanted = std::min(room, limit + 1 - before);
        bytes.resize(before + wanted);
        const std::size_t got = std::fread(bytes.data() + before, 1, wanted, file.get());
        bytes.resize(before + got);
        if (got < wanted) break;
    }
    if (std::ferror(file.get()) != 0) {
        reason = std::generic_category().message(errno);
        return std::nullopt;
    }
    if (bytes.size() > limit) {
        // The size of the file opened, not of whatever the path names by now.
        struct stat info {};
        const bool known = fstat(fileno(file.get()), &info) == 0 &&
                           static_cast<std::uintmax_t>(info.st_size) > limit;
        const std::string bound = std::to_string(limit);
        reason = known ? "it has " + std::to_string(info.st_size) +
                             " bytes, more than the limit of " + bound
                       : "it has more than " + bound + " bytes, the limit";
        return std::nullopt;
    }
    return bytes;
}

void normalize_line_ends(std::string& text) {
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) text[i] = '\n';
}

FileScope::FileScope(const std::string& loaded_label) {
    std::error_code ec;
    const fs::path folders[] = {fs::absolute(fs::path(loaded_label), ec).parent_path(),
                                shipped_folder()};
    for (const fs::path& folder : folders) {
        const fs::path canonical = fs::canonical(folder, ec);
        if (!ec) roots_.push_back(canonical);
    }
    // Without the folders' paths: messages show the names a file gives, never where the reader
    // found them (the page's server must not show its own paths).
    described_ = "the folder of the file loaded and below, and in the shipped games' folder";
}

std::optional<FileScope::Found> FileScope::find(const std::string& from, const std::string& name,
                                                std::string_view what, std::string_view extension,
                                                std::string& refusal, std::string& hint) const {
    const std::string noun = "the " + std::string(what) + " ";
    const fs::path written(name);
    Found found{(fs::path(from).parent_path() / written).lexically_normal(), {}};
    const std::string shown = quote(name);  // as the file names it
    if (written.extension() != extension) {
        refusal = noun + shown + " is not a " + std::string(extension) + " file";
        hint =
            "a game reads only its own kinds of file: rule files (.vari), hooks (.lua) and "
            "pieces' images (.svg)";
        return std::nullopt;
    }
    if (written.is_absolute()) {
        refusal = noun + shown + " is named by an absolute path";
        hint = "name it relative to the folder of the file naming it; a game reads files only in " +
               described_;
        return std::nullopt;
    }
    std::error_code ec;
    found.identity = fs::weakly_canonical(found.path, ec);
    if (ec) {
        refusal = "cannot read " + noun + shown + ": " + ec.message();
        hint = "it is looked for relative to the folder of the file naming it";
        return std::nullopt;
    }
    if (std::none_of(roots_.begin(), roots_.end(),
                     [&](const fs::path& root) { return is_inside(found.identity, root); })) {
        const fs::path plain = fs::absolute(found.path, ec).lexically_normal();
        refusal = noun + shown +
                  (plain == found.identity ? " is outside the folders a game may read"
                                           : " leads through a link outside the folders a game "
                                             "may read");
        hint = "a game reads files only in " + described_;
        return std::nullopt;
    }
    return found;
}

}  // namespace vari::dsl
