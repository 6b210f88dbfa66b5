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
    const Run run = run_shell((shell_before.empty() ? "" : shell_before + "; ") + "'" +
                              VARI_BINARY + "' " + args + " < " + path);
    unlink(path);
    return run;
}

Run run_shell(const std::string& command) {
    Run run;
    FILE* pipe = popen(("(" + command + ") < /dev/null 2>&1").c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        run.output.append(buffer.data(), n);
    const int status = pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

}  // namespace vari::test
