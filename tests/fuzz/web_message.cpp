// Fuzzing the messages a page sends to `vari serve`: any bytes, as one message or several, to the
// session handler each WebSocket of the server has.
#include <atomic>
#include <mutex>
#include <nlohmann/json.hpp>

#include "tests/fuzz/harness_support.hpp"
#include "tests/fuzz/harnesses.hpp"
#include "tools/web/web.hpp"

namespace vari::fuzz {

namespace {

constexpr std::string_view HARNESS = "web_message";
constexpr std::size_t MAX_MESSAGES = 8;

}  // namespace

int fuzz_web_message(const std::uint8_t* data, std::size_t size) {
    const std::string input = with_runs(data, size);
    web::ServeOptions options;
    options.work_seconds = 0.2;  // a perft or an analysis a message asks for ends soon
    std::mutex answers;
    {
        web::PageSession page(
            options,
            [&](const std::string& text) {
                const std::lock_guard lock(answers);
                const auto message = nlohmann::json::parse(text, nullptr, false);
                expect(message.is_object() && (message.contains("ok") || message.contains("event")),
                       HARNESS, "every answer is a JSON object with 'ok', or an event", text);
                if (message.value("ok", true) == false)
                    expect(message.contains("error"), HARNESS, "a refusal says why", text);
            },
            [] {});
        std::size_t from = 0;
        for (std::size_t count = 0; count < MAX_MESSAGES && from <= input.size(); ++count) {
            const std::size_t end = std::min(input.find('\0', from), input.size());
            page.receive(input.substr(from, end - from));
            from = end + 1;
        }
    }  // the session's end stops its work and waits for it
    return 0;
}

}  // namespace vari::fuzz
