// Test support: reading a room's state and events as a page gets them (support/web_client.hpp).
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "support/web_client.hpp"

namespace vari::test {

// The index of the move `text` (short or long notation) in a room's state as the page gets it.
inline int move_index(const nlohmann::json& state, const std::string& text) {
    const nlohmann::json& moves = state.at("game_state").at("moves");
    for (std::size_t i = 0; i < moves.size(); ++i)
        if (moves[i].value("short", "") == text || moves[i].value("long", "") == text)
            return static_cast<int>(i);
    FAIL("no move " << text << " in " << moves.dump().substr(0, 400));
    return -1;
}

// The first room event the page gets (after those it got before) for which `wanted` holds, or
// {"timeout": true} / {"closed": true}.
template <class Wanted>
nlohmann::json next_room_event(Page& page, Wanted wanted) {
    for (;;) {
        nlohmann::json event = page.event("room");
        if (event.contains("timeout") || event.contains("closed") || wanted(event)) return event;
    }
}

}  // namespace vari::test
