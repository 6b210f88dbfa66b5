// What one client may use of the server. A client is an address (behind a trusted proxy, the
// address the proxy was reached from): one of them must not take the places, the answers or the
// processor that the others need.
#include <arpa/inet.h>

#include <algorithm>

#include "tools/web/session.hpp"

namespace vari::web {
namespace {

// Clients with nothing open are forgotten once this many are known, bucket and all.
constexpr std::size_t MAX_KNOWN_CLIENTS = 10'000;

bool is_ip_address(const std::string& text) {
    unsigned char bytes[16];
    return inet_pton(AF_INET, text.c_str(), bytes) == 1 ||
           inet_pton(AF_INET6, text.c_str(), bytes) == 1;
}

bool is_loopback_address(std::string_view address) {
    if (address.starts_with("::ffff:")) address.remove_prefix(7);  // IPv4 mapped into IPv6
    return address == "::1" || address.starts_with("127.");
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

}  // namespace

std::string client_address(std::string_view remote, const std::vector<std::string_view>& forwarded,
                           bool trust_proxy) {
    if (!trust_proxy || !is_loopback_address(remote) || forwarded.empty())
        return std::string(remote);
    const std::string_view last = forwarded.back();
    const std::size_t comma = last.rfind(',');
    const std::string address(
        trimmed(comma == std::string_view::npos ? last : last.substr(comma + 1)));
    // Not an address: the proxy is not one that writes the header as expected; the connection
    // is then all that is known.
    return is_ip_address(address) ? address : std::string(remote);
}

ClientLimits::ClientLimits(const ServeOptions& options)
    : max_pages_(options.max_client_pages),
      rate_(options.client_requests_per_second),
      burst_(std::max(1.0, 2.0 * static_cast<double>(options.client_requests_per_second))),
      max_work_(options.max_client_work) {}

ClientLimits::Client& ClientLimits::client(const std::string& address) {
    const auto [it, added] = clients_.try_emplace(address);
    if (added) {
        it->second.tokens = burst_;
        it->second.refilled = std::chrono::steady_clock::now();
    }
    return it->second;
}

// A client with nothing open is kept while its bucket is not full again: coming back must not
// refill it sooner.
void ClientLimits::forget_if_idle(const std::string& address) {
    const auto it = clients_.find(address);
    if (it == clients_.end() || it->second.pages || it->second.work) return;
    const std::chrono::duration<double> since =
        std::chrono::steady_clock::now() - it->second.refilled;
    if (rate_ == 0 || it->second.tokens + since.count() * static_cast<double>(rate_) >= burst_)
        clients_.erase(it);
}

bool ClientLimits::take_place(const std::string& address, std::size_t Client::*held,
                              std::size_t most) {
    std::lock_guard lock(mutex_);
    if (clients_.size() >= MAX_KNOWN_CLIENTS)
        std::erase_if(clients_, [](const auto& known) {
            return known.second.pages == 0 && known.second.work == 0;
        });
    Client& known = client(address);
    if (known.*held >= most) return false;
    ++(known.*held);
    return true;
}

void ClientLimits::give_back(const std::string& address, std::size_t Client::*held) {
    std::lock_guard lock(mutex_);
    if (const auto it = clients_.find(address); it != clients_.end() && it->second.*held) {
        --(it->second.*held);
        forget_if_idle(address);
    }
}

bool ClientLimits::open_page(const std::string& address) {
    return take_place(address, &Client::pages, max_pages_);
}

void ClientLimits::close_page(const std::string& address) { give_back(address, &Client::pages); }

bool ClientLimits::take_request(const std::string& address) {
    if (rate_ == 0) return true;
    std::lock_guard lock(mutex_);
    Client& known = client(address);
    const auto now = std::chrono::steady_clock::now();
    const std::chrono::duration<double> since = now - known.refilled;
    known.tokens = std::min(burst_, known.tokens + since.count() * static_cast<double>(rate_));
    known.refilled = now;
    if (known.tokens < 1) return false;
    known.tokens -= 1;
    return true;
}

bool ClientLimits::start_work(const std::string& address) {
    return take_place(address, &Client::work, max_work_);
}

void ClientLimits::end_work(const std::string& address) { give_back(address, &Client::work); }

}  // namespace vari::web
