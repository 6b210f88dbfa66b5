// `vari serve --listen ADDR:PORT`: where the server listens, read from the one text a user gives.
#include <arpa/inet.h>

#include <charconv>

#include "tools/web/web.hpp"

namespace vari::web {

bool parse_listen(std::string_view text, std::string& host, int& port, std::string& error) {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string_view::npos || colon == 0) {
        error = "'" + std::string(text) +
                "' is not ADDR:PORT (127.0.0.1:8080; 0.0.0.0:8080 for every address)";
        return false;
    }
    const std::string_view address = text.substr(0, colon), digits = text.substr(colon + 1);
    if (address.front() == '[') {
        unsigned char bytes[16];
        const std::string inside(address.substr(1, address.size() - 2));
        if (address.back() != ']' || inet_pton(AF_INET6, inside.c_str(), bytes) != 1) {
            error = "'" + std::string(address) + "' is not an IPv6 address in brackets ([::1])";
            return false;
        }
    } else if (address.find(':') != std::string_view::npos) {
        error = "an IPv6 address is written in brackets: [" + std::string(address) + "]:PORT";
        return false;
    }
    int number = -1;
    const auto [end, failed] =
        std::from_chars(digits.data(), digits.data() + digits.size(), number);
    if (digits.empty() || failed != std::errc() || end != digits.data() + digits.size() ||
        number < 0 || number > 65535) {
        error = "'" + std::string(digits) + "' is not a port (0 to 65535; 0 for any free one)";
        return false;
    }
    host = address;
    port = number;
    return true;
}

}  // namespace vari::web
