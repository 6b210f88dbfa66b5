// What one client may use of `vari serve`: who a connection counts as, and its pages, requests
// and long work counted.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tools/web/session.hpp"

namespace web_client_limits_tests {

using vari::web::client_address;
using vari::web::ClientLimits;

TEST_CASE("a connection is its address; behind a trusted proxy, the last forwarded one", "[web]") {
    const std::vector<std::string_view> none;
    CHECK(client_address("192.0.2.4", none, false) == "192.0.2.4");
    CHECK(client_address("192.0.2.4", {"203.0.113.9"}, false) == "192.0.2.4");
    CHECK(client_address("127.0.0.1", {"203.0.113.9"}, false) == "127.0.0.1");
    // Trusted: only a connection from loopback (the proxy on this machine) is taken at its word.
    CHECK(client_address("127.0.0.1", {"203.0.113.9"}, true) == "203.0.113.9");
    CHECK(client_address("::1", {"2001:db8::7"}, true) == "2001:db8::7");
    CHECK(client_address("::ffff:127.0.0.1", {"203.0.113.9"}, true) == "203.0.113.9");
    CHECK(client_address("192.0.2.4", {"203.0.113.9"}, true) == "192.0.2.4");
    CHECK(client_address("127.0.0.1", none, true) == "127.0.0.1");
    // What the client wrote comes first; the proxy appends what it saw, in one header or another.
    CHECK(client_address("127.0.0.1", {"10.1.1.1, 6.6.6.6 ,203.0.113.9"}, true) == "203.0.113.9");
    CHECK(client_address("127.0.0.1", {"6.6.6.6", "203.0.113.9"}, true) == "203.0.113.9");
    CHECK(client_address("127.0.0.1", {"203.0.113.9, unknown"}, true) == "127.0.0.1");
    CHECK(client_address("127.0.0.1", {""}, true) == "127.0.0.1");
}

TEST_CASE("a client's pages, requests and long work are bounded, each client on its own", "[web]") {
    vari::web::ServeOptions options;
    options.max_client_pages = 2;
    options.client_requests_per_second = 3;  // 6 at once
    options.max_client_work = 1;
    ClientLimits limits(options);

    CHECK(limits.open_page("a"));
    CHECK(limits.open_page("a"));
    CHECK_FALSE(limits.open_page("a"));
    CHECK(limits.open_page("b"));
    limits.close_page("a");
    CHECK(limits.open_page("a"));

    int taken = 0;
    for (int i = 0; i < 20; ++i) taken += limits.take_request("a");
    CHECK(taken >= 6);
    CHECK(taken <= 7);  // a slow run may have refilled one
    CHECK(limits.take_request("b"));

    CHECK(limits.start_work("a"));
    CHECK_FALSE(limits.start_work("a"));
    CHECK(limits.start_work("b"));
    limits.end_work("a");
    CHECK(limits.start_work("a"));
}

TEST_CASE("a client's bucket is not refilled by closing its pages and coming back", "[web]") {
    vari::web::ServeOptions options;
    options.client_requests_per_second = 1;  // 2 at once
    ClientLimits limits(options);
    REQUIRE(limits.open_page("a"));
    while (limits.take_request("a")) {
    }
    limits.close_page("a");
    REQUIRE(limits.open_page("a"));
    CHECK_FALSE(limits.take_request("a"));
}

TEST_CASE("no limit on requests when the rate is 0", "[web]") {
    vari::web::ServeOptions options;
    options.client_requests_per_second = 0;
    ClientLimits limits(options);
    int taken = 0;
    for (int i = 0; i < 1000; ++i) taken += limits.take_request("a");
    CHECK(taken == 1000);
}

}  // namespace web_client_limits_tests
