// Internal to rooms/: the rooms as the SQLite database keeps them. Each write is one transaction,
// made durable before it returns (the server tells nobody of a change before it is written).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct sqlite3;

namespace vari::rooms {

// A room as written: JSON text where the room has structure (its seats, its clocks).
struct SavedRoom {
    std::string id;
    std::string game;    // a shipped game's name, or empty with `source`
    std::string source;  // the rule file's text
    std::string seats;   // JSON: [{"seat": "me"|"open"|"ai:3"..., "token": "..."}, ...]
    std::string time_control;
    std::string clocks;              // JSON: [[main_ms, periods], ...] as last written
    std::string result;              // JSON of the result once the game is over, else empty
    std::vector<std::string> moves;  // in long notation, from the start
    bool listed = true;              // shown in the lobby; else reached by its links only
    std::string client;              // who made it (an address), for the per-client limit
};

class Store {
public:
    // Opens or creates the database at `path`; throws std::runtime_error saying why it cannot.
    explicit Store(const std::string& path);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    void add_room(const SavedRoom& room);
    // The move of ply `ply` (the first is 0), with the clocks after it.
    void add_move(const std::string& room, int ply, const std::string& move,
                  const std::string& clocks);
    // Forgets the moves from ply `from` on (a takeback), with the clocks after it.
    void take_back(const std::string& room, int from, const std::string& clocks);
    void save_clocks(const std::string& room, const std::string& clocks);
    void set_seats(const std::string& room, const std::string& seats);
    void end(const std::string& room, const std::string& result, const std::string& clocks);
    std::vector<SavedRoom> load() const;

private:
    // Brings a database written by an older vari up to this one's columns.
    void upgrade();
    // Runs each statement with its texts bound to its parameters in order, all or none.
    void transaction(const std::vector<std::pair<const char*, std::vector<std::string>>>& steps);

    sqlite3* db_ = nullptr;
    // Rooms write from their own threads: one transaction at a time on the connection.
    mutable std::mutex mutex_;
};

}  // namespace vari::rooms
