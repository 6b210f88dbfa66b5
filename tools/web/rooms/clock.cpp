// Time controls as written, and the clocks that judge them.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "tools/web/rooms/rooms.hpp"

namespace vari::rooms {

namespace {

constexpr std::int64_t MAX_MS = 24LL * 3600 * 1000;  // a time control's parts stay under a day

// A number of `unit_ms` (minutes or seconds, decimals allowed) in ms; nothing past a day.
std::optional<std::int64_t> read_time(std::string_view text, double unit_ms) {
    if (text.empty() || text.size() > 12) return std::nullopt;
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !(value >= 0))
        return std::nullopt;
    const double ms = std::round(value * unit_ms);
    if (ms > static_cast<double>(MAX_MS)) return std::nullopt;
    return static_cast<std::int64_t>(ms);
}

std::string number_text(double value) {
    std::ostringstream text;
    text << value;
    return text.str();
}

}  // namespace

std::optional<TimeControl> parse_time_control(std::string_view text, std::string& error) {
    error =
        "a time control is 'none', MINUTES+SECONDS (Fischer: '5+3' adds 3 s after each "
        "move) or MINUTES+SECONDSxPERIODS (byo-yomi: '10+30x3', then 3 periods of 30 s)";
    TimeControl control;
    if (text == "none") return control;
    const auto plus = text.find('+');
    if (plus == std::string_view::npos) return std::nullopt;
    const auto main = read_time(text.substr(0, plus), 60'000);
    std::string_view rest = text.substr(plus + 1);
    const auto times = rest.find('x');
    const auto added = read_time(rest.substr(0, times), 1000);
    if (!main || !added) return std::nullopt;
    control.main_ms = *main;
    if (times == std::string_view::npos) {
        control.kind = TimeControl::Kind::fischer;
        control.increment_ms = *added;
        if (control.main_ms == 0) {
            error = "a Fischer time control needs some main time";
            return std::nullopt;
        }
        return control;
    }
    const std::string_view periods = rest.substr(times + 1);
    int count = 0;
    const auto [end, bad] = std::from_chars(periods.data(), periods.data() + periods.size(), count);
    if (bad != std::errc() || end != periods.data() + periods.size() || count < 1 || count > 100 ||
        *added == 0)
        return std::nullopt;
    control.kind = TimeControl::Kind::byoyomi;
    control.period_ms = *added;
    control.periods = count;
    return control;
}

std::string time_control_text(const TimeControl& control) {
    const std::string main = number_text(static_cast<double>(control.main_ms) / 60'000);
    switch (control.kind) {
        case TimeControl::Kind::none:
            return "none";
        case TimeControl::Kind::fischer:
            return main + "+" + number_text(static_cast<double>(control.increment_ms) / 1000);
        case TimeControl::Kind::byoyomi:
            return main + "+" + number_text(static_cast<double>(control.period_ms) / 1000) + "x" +
                   std::to_string(control.periods);
    }
    return "none";
}

GameClock::GameClock(const TimeControl& control, std::size_t players)
    : control_(control), left_(players, TimeLeft{control.main_ms, control.periods}) {}

GameClock::GameClock(const TimeControl& control, std::vector<TimeLeft> left)
    : control_(control), left_(std::move(left)) {}

std::int64_t GameClock::allowance_ms(const TimeLeft& left) const {
    // Byo-yomi: the main time, then the periods; a period is used afresh on each move.
    return left.main_ms +
           (control_.kind == TimeControl::Kind::byoyomi ? control_.period_ms * left.periods : 0);
}

TimeLeft GameClock::after(const TimeLeft& left, std::int64_t used_ms) const {
    TimeLeft out = left;
    if (used_ms <= left.main_ms) {
        out.main_ms -= used_ms;
        return out;
    }
    const std::int64_t beyond = used_ms - left.main_ms;
    out.main_ms = 0;
    if (control_.kind == TimeControl::Kind::byoyomi && control_.period_ms > 0)
        out.periods = std::max(0, left.periods - static_cast<int>(beyond / control_.period_ms));
    return out;
}

void GameClock::start(int player, SteadyClock::time_point now) {
    pause(now);
    running_ = player;
    since_ = now;
}

bool GameClock::moved(SteadyClock::time_point now) {
    if (running_ < 0) return true;
    const bool in_time = !flag_fallen(now);
    TimeLeft& left = left_[static_cast<std::size_t>(running_)];
    left = after(left, std::chrono::duration_cast<std::chrono::milliseconds>(now - since_).count());
    if (control_.kind == TimeControl::Kind::fischer && in_time)
        left.main_ms += control_.increment_ms;
    running_ = -1;
    return in_time;
}

void GameClock::pause(SteadyClock::time_point now) {
    if (running_ < 0) return;
    left_ = left(now);
    running_ = -1;
}

bool GameClock::flag_fallen(SteadyClock::time_point now) const {
    if (running_ < 0 || !timed()) return false;
    const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(now - since_).count();
    return used >= allowance_ms(left_[static_cast<std::size_t>(running_)]);
}

std::optional<SteadyClock::time_point> GameClock::runs_out() const {
    if (running_ < 0 || !timed()) return std::nullopt;
    return since_ +
           std::chrono::milliseconds(allowance_ms(left_[static_cast<std::size_t>(running_)]));
}

std::vector<TimeLeft> GameClock::left(SteadyClock::time_point now) const {
    std::vector<TimeLeft> out = left_;
    if (running_ >= 0) {
        const auto used =
            std::chrono::duration_cast<std::chrono::milliseconds>(now - since_).count();
        out[static_cast<std::size_t>(running_)] =
            after(left_[static_cast<std::size_t>(running_)], used);
    }
    return out;
}

}  // namespace vari::rooms
