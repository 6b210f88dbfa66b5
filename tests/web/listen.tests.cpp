// `vari serve --listen ADDR:PORT` read into the address and port the server listens on.
#include <civetweb.h>
#include <netdb.h>

#include <catch2/catch.hpp>
#include <string>

#include "support/run_vari.hpp"
#include "tools/web/web.hpp"

namespace web_listen_tests {

TEST_CASE("--listen reads ADDR:PORT, an IPv6 address in brackets", "[web]") {
    auto [text, host, port] = GENERATE(table<std::string, std::string, int>({
        {"127.0.0.1:8080", "127.0.0.1", 8080},
        {"0.0.0.0:80", "0.0.0.0", 80},
        {"[::1]:8080", "[::1]", 8080},
        {"[::]:0", "[::]", 0},
        {"club.lan:65535", "club.lan", 65535},
    }));
    INFO(text);
    std::string read_host, error;
    int read_port = -1;
    REQUIRE(vari::web::parse_listen(text, read_host, read_port, error));
    CHECK(read_host == host);
    CHECK(read_port == port);
}

TEST_CASE("--listen refuses what is not ADDR:PORT, saying what it wants", "[web]") {
    auto [text, message] = GENERATE(table<std::string, std::string>({
        {"8080", "'8080' is not ADDR:PORT (127.0.0.1:8080; 0.0.0.0:8080 for every address)"},
        {":8080", "':8080' is not ADDR:PORT (127.0.0.1:8080; 0.0.0.0:8080 for every address)"},
        {"::1:8080", "an IPv6 address is written in brackets: [::1]:PORT"},
        {"[::1:8080", "'[::1' is not an IPv6 address in brackets ([::1])"},
        {"[nope]:8080", "'[nope]' is not an IPv6 address in brackets ([::1])"},
        {"127.0.0.1:", "'' is not a port (0 to 65535; 0 for any free one)"},
        {"127.0.0.1:65536", "'65536' is not a port (0 to 65535; 0 for any free one)"},
        {"127.0.0.1:-1", "'-1' is not a port (0 to 65535; 0 for any free one)"},
        {"127.0.0.1:80x", "'80x' is not a port (0 to 65535; 0 for any free one)"},
    }));
    INFO(text);
    std::string host = "unchanged", error;
    int port = 1;
    CHECK_FALSE(vari::web::parse_listen(text, host, port, error));
    CHECK(error == message);
    CHECK(host == "unchanged");
}

// Whether this machine resolves `name` (a minimal system may have no /etc/hosts, not even
// localhost in it).
bool resolves(const char* name) {
    addrinfo* found = nullptr;
    const bool known = getaddrinfo(name, nullptr, nullptr, &found) == 0;
    if (found) freeaddrinfo(found);
    return known;
}

TEST_CASE("the server listens under a name, and on IPv6 where CivetWeb has it", "[web]") {
    vari::web::ServeOptions options;
    options.host = "localhost";
    options.port = 0;
    std::string error;
    vari::web::Server by_name(options);
    if (resolves("localhost")) {
        REQUIRE(by_name.start(error));
        CHECK(by_name.url() == "http://localhost:" + std::to_string(by_name.port()) + "/");
    } else {
        CHECK_FALSE(by_name.start(error));
        CHECK(error.find("cannot listen on localhost") != std::string::npos);
    }

    options.host = "[::1]";
    vari::web::Server v6(options);
    if (mg_check_feature(8)) {
        CHECK(v6.start(error));
    } else {
        CHECK_FALSE(v6.start(error));
        CHECK(error.find("built without IPv6") != std::string::npos);
    }
}

TEST_CASE("vari serve refuses a --listen it cannot read, and --host beside it", "[web]") {
    const auto bad = vari::test::run_vari("serve --listen ::1:8080");
    CHECK(bad.exit_code == 2);
    CHECK(bad.output ==
          "vari serve: --listen: an IPv6 address is written in brackets: [::1]:PORT\n");
    const auto both = vari::test::run_vari("serve --listen 127.0.0.1:0 --host 0.0.0.0");
    CHECK(both.exit_code == 2);
    CHECK(both.output.find("--listen excludes --host") != std::string::npos);
}

}  // namespace web_listen_tests
