#include "support/run_vari.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>

namespace vari::test {

Run run_vari(const std::string& args, const std::string& input, const std::string& shell_before) {
    char path[] = "/tmp/vari-input-XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    REQUIRE(write(fd, input.data(), input.size()) == static_cast<ssize_t>(input.size()));
    close(fd);
    const std::string command = (shell_before.empty() ? "" : shell_before + "; ") + "'" +
                                VARI_BINARY + "' " + args + " < " + path + " 2>&1";
    Run run;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) unlink(path);
    REQUIRE(pipe);
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        run.output.append(buffer.data(), n);
    const int status = pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    unlink(path);
    return run;
}

}  // namespace vari::test
