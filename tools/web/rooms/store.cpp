// The rooms' SQLite database: a table of rooms and one of their moves.
#include "tools/web/rooms/store.hpp"

#include <sqlite3.h>

#include <stdexcept>

namespace vari::rooms {

namespace {

constexpr const char* SCHEMA = R"sql(
CREATE TABLE IF NOT EXISTS rooms(
    id TEXT PRIMARY KEY, game TEXT NOT NULL, source TEXT NOT NULL, seats TEXT NOT NULL,
    time_control TEXT NOT NULL, clocks TEXT NOT NULL, result TEXT NOT NULL,
    listed INTEGER NOT NULL DEFAULT 1, client TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL DEFAULT (strftime('%s', 'now')));
CREATE TABLE IF NOT EXISTS moves(
    room TEXT NOT NULL REFERENCES rooms(id), ply INTEGER NOT NULL, move TEXT NOT NULL,
    clocks TEXT NOT NULL, PRIMARY KEY(room, ply));
)sql";

// A prepared statement, finalised when it goes.
class Statement {
public:
    Statement(sqlite3* db, const char* sql) : db_(db) {
        if (sqlite3_prepare_v2(db, sql, -1, &statement_, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("the rooms' database: ") + sqlite3_errmsg(db));
    }
    ~Statement() { sqlite3_finalize(statement_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    void bind(const std::vector<std::string>& texts) {
        for (std::size_t i = 0; i < texts.size(); ++i)
            sqlite3_bind_text(statement_, static_cast<int>(i + 1), texts[i].data(),
                              static_cast<int>(texts[i].size()), SQLITE_TRANSIENT);
    }
    // True while there is a row to read.
    bool step() {
        const int code = sqlite3_step(statement_);
        if (code == SQLITE_ROW) return true;
        if (code == SQLITE_DONE) return false;
        throw std::runtime_error(std::string("the rooms' database: ") + sqlite3_errmsg(db_));
    }
    std::string text(int column) const {
        const auto* bytes = sqlite3_column_text(statement_, column);
        return bytes
                   ? std::string(reinterpret_cast<const char*>(bytes),
                                 static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)))
                   : std::string();
    }

private:
    sqlite3* db_;
    sqlite3_stmt* statement_ = nullptr;
};

void execute(sqlite3* db, const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        const std::string why = message ? message : sqlite3_errmsg(db);
        sqlite3_free(message);
        throw std::runtime_error("the rooms' database: " + why);
    }
}

}  // namespace

Store::Store(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open the rooms' database " + path + ": " + why);
    }
    try {
        // Write-ahead logging, each commit synced: a move written is kept through a crash.
        execute(db_, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
        sqlite3_busy_timeout(db_, 5000);
        execute(db_, SCHEMA);
        upgrade();
    } catch (...) {
        sqlite3_close(db_);
        throw;
    }
}

Store::~Store() { sqlite3_close(db_); }

void Store::upgrade() {
    // The columns added since the first rooms table, as SCHEMA declares them.
    static constexpr std::pair<const char*, const char*> ADDED[] = {
        {"listed", "listed INTEGER NOT NULL DEFAULT 1"},
        {"client", "client TEXT NOT NULL DEFAULT ''"}};
    for (const auto& [name, declaration] : ADDED) {
        Statement column(db_, "SELECT 1 FROM pragma_table_info('rooms') WHERE name = ?");
        column.bind({name});
        if (!column.step())
            execute(db_, (std::string("ALTER TABLE rooms ADD COLUMN ") + declaration).c_str());
    }
}

void Store::transaction(
    const std::vector<std::pair<const char*, std::vector<std::string>>>& steps) {
    // Rooms write from their own threads on the one connection: one transaction at a time, or a
    // second BEGIN fails and one room's ROLLBACK undoes another's write.
    std::lock_guard lock(mutex_);
    execute(db_, "BEGIN IMMEDIATE");
    try {
        for (const auto& [sql, texts] : steps) {
            Statement statement(db_, sql);
            statement.bind(texts);
            while (statement.step()) {
            }
        }
        execute(db_, "COMMIT");
    } catch (...) {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

void Store::add_room(const SavedRoom& room) {
    transaction(
        {{"INSERT INTO rooms(id, game, source, seats, time_control, clocks, result, "
          "listed, client) VALUES(?, ?, ?, ?, ?, ?, ?, CAST(? AS INTEGER), ?)",
          {room.id, room.game, room.source, room.seats, room.time_control, room.clocks, room.result,
           room.listed ? "1" : "0", room.client}}});
}

void Store::add_move(const std::string& room, int ply, const std::string& move,
                     const std::string& clocks) {
    transaction({{"INSERT INTO moves(room, ply, move, clocks) VALUES(?, ?, ?, ?)",
                  {room, std::to_string(ply), move, clocks}},
                 {"UPDATE rooms SET clocks = ? WHERE id = ?", {clocks, room}}});
}

void Store::take_back(const std::string& room, int from, const std::string& clocks) {
    transaction({{"DELETE FROM moves WHERE room = ? AND ply >= CAST(? AS INTEGER)",
                  {room, std::to_string(from)}},
                 {"UPDATE rooms SET clocks = ? WHERE id = ?", {clocks, room}}});
}

void Store::save_clocks(const std::string& room, const std::string& clocks) {
    transaction({{"UPDATE rooms SET clocks = ? WHERE id = ?", {clocks, room}}});
}

void Store::set_seats(const std::string& room, const std::string& seats) {
    transaction({{"UPDATE rooms SET seats = ? WHERE id = ?", {seats, room}}});
}

void Store::end(const std::string& room, const std::string& result, const std::string& clocks) {
    transaction({{"UPDATE rooms SET result = ?, clocks = ? WHERE id = ?", {result, clocks, room}}});
}

std::vector<SavedRoom> Store::load() const {
    std::lock_guard lock(mutex_);
    std::vector<SavedRoom> rooms;
    Statement read(db_,
                   "SELECT id, game, source, seats, time_control, clocks, result, listed, client "
                   "FROM rooms "
                   "ORDER BY created, id");
    while (read.step())
        rooms.push_back({read.text(0),
                         read.text(1),
                         read.text(2),
                         read.text(3),
                         read.text(4),
                         read.text(5),
                         read.text(6),
                         {},
                         read.text(7) != "0",
                         read.text(8)});
    for (SavedRoom& room : rooms) {
        Statement moves(db_, "SELECT move FROM moves WHERE room = ? ORDER BY ply");
        moves.bind({room.id});
        while (moves.step()) room.moves.push_back(moves.text(0));
    }
    return rooms;
}

}  // namespace vari::rooms
