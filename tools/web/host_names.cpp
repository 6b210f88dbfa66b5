// Which Host headers the server answers. A page of another site can reach a server on this
// machine by having its own name resolve here (DNS rebinding); the browser then sends that name as
// Host. So only the names and addresses the server is reached by are answered.
#include <arpa/inet.h>

#include <algorithm>

#include "interpreter/interpreter.hpp"
#include "tools/web/session.hpp"

namespace vari::web {
namespace {

std::string lowered(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](char c) { return to_lower(c); });
    return text;
}

bool is_ip_literal(const std::string& name) {
    unsigned char address[16];
    if (name.size() > 2 && name.front() == '[' && name.back() == ']')
        return inet_pton(AF_INET6, name.substr(1, name.size() - 2).c_str(), address) == 1;
    return inet_pton(AF_INET, name.c_str(), address) == 1;
}

bool listens_everywhere(const std::string& host) {
    return host.empty() || host == "0.0.0.0" || host == "::" || host == "[::]";
}

bool is_loopback(const std::string& host) {
    return host == "localhost" || host == "::1" || host == "[::1]" || host.rfind("127.", 0) == 0;
}

// The host as a Host header writes it: an IPv6 address in brackets, names in lower case.
std::string as_header_name(std::string host) {
    if (host.find(':') != std::string::npos && host.front() != '[') host = "[" + host + "]";
    return lowered(host);
}

// NAME:PORT or [IPV6]:PORT: a name reached under a port of its own (a proxy's).
bool names_port(const std::string& name) {
    const std::size_t colon = name.rfind(':');
    if (colon == std::string::npos || colon + 1 == name.size()) return false;
    if (name.front() == '[' ? name.find(']') != colon - 1 : name.find(':') != colon) return false;
    return name.find_first_not_of("0123456789", colon + 1) == std::string::npos;
}

}  // namespace

HostNames::HostNames(const std::string& listen_host, int port,
                     const std::vector<std::string>& extra_names)
    : port_(port), everywhere_(listens_everywhere(listen_host)) {
    names_.push_back(as_header_name(listen_host));
    if (everywhere_ || is_loopback(listen_host))
        names_.insert(names_.end(), {"localhost", "127.0.0.1", "[::1]"});
    for (const std::string& name : extra_names) {
        if (names_port(name))
            names_with_port_.push_back(lowered(name));
        else
            names_.push_back(as_header_name(name));
    }
}

bool HostNames::allows(std::string_view header) const {
    std::string host = lowered(std::string(header));
    if (std::find(names_with_port_.begin(), names_with_port_.end(), host) != names_with_port_.end())
        return true;
    // NAME:PORT, [IPV6]:PORT, or the name alone (some clients leave the port out): the name is
    // what tells a rebinding page, whose own name its browser sends.
    const std::size_t colon = host.rfind(':');
    const bool has_port = colon != std::string::npos && host.find(']', colon) == std::string::npos;
    if (has_port) {
        if (host.substr(colon + 1) != std::to_string(port_)) return false;
        host.resize(colon);
    }
    if (std::find(names_.begin(), names_.end(), host) != names_.end()) return true;
    // Listening on every address: any of them, by number (a name could be anyone's).
    return everywhere_ && is_ip_literal(host);
}

}  // namespace vari::web
