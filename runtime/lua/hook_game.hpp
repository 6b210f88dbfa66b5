// The `game` object hooks read: one read-only view per Lua state of a table whose plain fields
// are refreshed before each call (so the per-move path builds no table), with methods that look
// at the position. Internal to runtime/lua/.
#pragma once

#include <memory>
#include <string_view>
#include <unordered_map>

#include "runtime/lua/lua_sandbox.hpp"

namespace vari::lua {

// A move as hooks see it, as played or about to be played.
struct MoveFacts {
    Move move;
    Piece piece = NO_PIECE;     // the piece that moves or is dropped, before any promotion
    Piece captured = NO_PIECE;  // a capture sequence: the first piece it takes
    JumpPath path;              // a capture sequence: its cells (length 0 otherwise)
};

// Stack indices (upvalue pseudo-indices) of the tables of cell, piece and player names.
struct Names {
    int cells, pieces, players;
    static Names at_upvalue(int first);  // in three upvalues from `first` on
};

class HookGame {
public:
    explicit HookGame(const CompiledGame& game);
    HookGame(const HookGame&) = delete;
    HookGame& operator=(const HookGame&) = delete;

    // What create() pushes; a C closure keeps them as upvalues (the names first), so a call
    // finds them without a look-up by name.
    static constexpr int UPVALUES = 12;

    // The functions below that take a lua_State allocate: call them in protected mode.
    // Pushes the UPVALUES values: the tables of names, the game's fields and its read-only view
    // (game.players is another), the keys of the fields set at each call.
    void create(lua_State* L);
    // Pushes the game's view with its fields set from `context`; the upvalues from `first` are
    // create()'s. The methods read `context` until release().
    void push(lua_State* L, const HookContext& context, int first);
    void release() { context_ = nullptr; }
    // A new table { kind, from, to, piece, promotion, captured, captured_owner }, and for a
    // capture sequence also { path, jumped, captures }.
    void push_move(lua_State* L, const MoveFacts& facts, Names names) const;
    // A new table { winner, loser, draw, reason }.
    void push_result(lua_State* L, const HookVerdict& end, Names names) const;

    static MoveFacts facts_of_last_move(const HookContext& context);
    static MoveFacts facts_before(const Position& pos, Move move);  // `move` is legal in `pos`

    int player_named(std::string_view name) const;  // -1 when there is none
    const ir::Game& rules() const { return game_.ir(); }

private:
    // The methods' shared start: the object behind them, with a context to read. A method's
    // upvalues are the object and then the tables of names.
    static const HookGame& method(lua_State* L);
    int check_player(lua_State* L, int arg) const;
    int check_piece(lua_State* L, int arg) const;  // -1 for none given
    int check_cell(lua_State* L, int arg) const;

    static int piece_at(lua_State* L);
    static int count(lua_State* L);
    static int in_hand(lua_State* L);
    static int cells_of(lua_State* L);
    static int cells(lua_State* L);
    static int last_move(lua_State* L);
    static int key(lua_State* L);
    static int in_check(lua_State* L);
    static int attacked(lua_State* L);
    static int attackers(lua_State* L);
    static int moves(lua_State* L);

    const CompiledGame& game_;
    std::unordered_map<std::string_view, int> pieces_, players_;  // cells: CompiledGame::cell_index
    const HookContext* context_ = nullptr;
    // The values push() last gave the game's fields, by Key (hook_game.cpp); a field is set only
    // when its value changes, as most stay from one call to the next.
    static constexpr int FIELDS = 7;
    lua_Integer fields_[FIELDS] = {};
    bool fields_set_ = false;
    // moves()'s copy of the position, which the generator uses as scratch, and its list: kept
    // here, as no object with a destructor may live across a Lua call (errors jump past it).
    mutable std::unique_ptr<Position> scratch_;
    mutable std::unique_ptr<MoveList> legal_;
};

}  // namespace vari::lua
