// The `game` object hooks read, and the move and result tables they are given.
//
// Lua raises errors with longjmp: no C++ object with a destructor lives across a Lua call here.
#include "runtime/lua/hook_game.hpp"

namespace vari::lua {
namespace {

const char* kind_name(Move move) {
    switch (move.kind()) {
        case Move::normal:
            return "move";
        case Move::drop:
            return "drop";
        case Move::castling:
            return "castling";
        case Move::en_passant:
            return "en-passant";
        case Move::jumps:
            return "jumps";
        case Move::pass:
            return "pass";
    }
    return "pass";
}

// create()'s values, in order after the three tables of names.
enum Slot { game_fields = 3, game_view, first_key };
// The game's fields set at each call, each a key kept as an upvalue.
constexpr const char* KEYS[] = {"to_move",     "mover",       "ply",   "ply_clock",
                                "move_number", "repetitions", "passes"};
enum Key {
    to_move_key,
    mover_key,
    ply_key,
    ply_clock_key,
    move_number_key,
    repetitions_key,
    passes_key
};
static_assert(first_key + std::size(KEYS) == HookGame::UPVALUES);

void push_name(lua_State* L, int names, int index) { lua_rawgeti(L, names, index + 1); }

// A new array of the names of `count` cells.
void push_cells(lua_State* L, int names, const Cell* cells, int count) {
    lua_createtable(L, count, 0);
    for (int i = 0; i < count; ++i) {
        push_name(L, names, cells[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

// Pieces of `type` (any type when -1) in the player's hand.
lua_Integer held(const Position& pos, int player, int type) {
    lua_Integer count = 0;
    for (int t = 0; t < pos.tables().type_count; ++t)
        if (type < 0 || t == type) count += pos.in_hand(player, t);
    return count;
}

}  // namespace

HookGame::HookGame(const CompiledGame& game) : game_(game) {
    const ir::Game& rules = game.ir();
    for (std::size_t i = 0; i < rules.pieces.size(); ++i) pieces_[rules.pieces[i].name] = int(i);
    for (std::size_t i = 0; i < rules.players.size(); ++i) players_[rules.players[i].name] = int(i);
}

Names Names::at_upvalue(int first) {
    return {lua_upvalueindex(first), lua_upvalueindex(first + 1), lua_upvalueindex(first + 2)};
}

void HookGame::create(lua_State* L) {
    const ir::Game& rules = game_.ir();
    const int names = lua_gettop(L) + 1;
    auto push_names = [&](const auto& items) {
        lua_createtable(L, int(items.size()), 0);
        for (std::size_t i = 0; i < items.size(); ++i) {
            lua_pushlstring(L, items[i].name.data(), items[i].name.size());
            lua_rawseti(L, -2, lua_Integer(i + 1));
        }
    };
    push_names(rules.board.cells);
    push_names(rules.pieces);
    push_names(rules.players);

    // Hooks get views that refuse writes, so that no call can change what later calls see.
    static const luaL_Reg methods[] = {
        {"piece_at", &HookGame::piece_at}, {"count", &HookGame::count},
        {"in_hand", &HookGame::in_hand},   {"cells_of", &HookGame::cells_of},
        {"cells", &HookGame::cells},       {"last_move", &HookGame::last_move},
        {"key", &HookGame::key},           {"in_check", &HookGame::in_check},
        {"attacked", &HookGame::attacked}, {"attackers", &HookGame::attackers},
        {"moves", &HookGame::moves}};
    lua_createtable(L, 0, int(std::size(methods) + std::size(KEYS) + 1));
    for (const luaL_Reg& m : methods) {
        lua_pushlightuserdata(L, this);
        for (int table = 0; table < 3; ++table) lua_pushvalue(L, names + table);
        lua_pushcclosure(L, m.func, 4);
        lua_setfield(L, -2, m.name);
    }
    push_names(rules.players);
    push_read_only(L, -1, "game.players");
    lua_setfield(L, -3, "players");
    lua_pop(L, 1);
    push_read_only(L, -1, "game");
    for (const char* key : KEYS) lua_pushstring(L, key);
}

void HookGame::push(lua_State* L, const HookContext& context, int first) {
    context_ = &context;
    const Position& pos = *context.position;
    const int game = lua_upvalueindex(first + game_fields);
    // The players as their indices, -1 for none.
    const lua_Integer values[] = {
        pos.side_to_move(), context.last_move.is_none() ? -1 : pos.last_mover(),
        context.ply,        pos.ply_clock(),
        pos.move_number(),  context.repetitions,
        context.passes};
    static_assert(std::size(values) == FIELDS && std::size(KEYS) == FIELDS);
    const Names names = Names::at_upvalue(first);
    for (int k = 0; k < FIELDS; ++k) {
        if (fields_set_ && fields_[k] == values[k]) continue;
        lua_pushvalue(L, lua_upvalueindex(first + first_key + k));
        if (k == to_move_key || k == mover_key) {
            if (values[k] < 0)
                lua_pushnil(L);
            else
                push_name(L, names.players, static_cast<int>(values[k]));
        } else {
            lua_pushinteger(L, values[k]);
        }
        lua_rawset(L, game);
        fields_[k] = values[k];  // after: a memory error raised by the first setting skips it
    }
    fields_set_ = true;
    lua_pushvalue(L, lua_upvalueindex(first + game_view));
}

void HookGame::push_move(lua_State* L, const MoveFacts& facts, Names names) const {
    const Move move = facts.move;
    lua_createtable(L, 0, 8);
    lua_pushstring(L, kind_name(move));
    lua_setfield(L, -2, "kind");
    if (!move.is_pass() && !move.is_drop()) {
        push_name(L, names.cells, move.from());
        lua_setfield(L, -2, "from");
    }
    if (!move.is_pass()) {
        push_name(L, names.cells, move.to());
        lua_setfield(L, -2, "to");
    }
    if (facts.piece) {
        push_name(L, names.pieces, type_of(facts.piece));
        lua_setfield(L, -2, "piece");
    }
    if (move.is_promotion()) {
        push_name(L, names.pieces, move.promotion());
        lua_setfield(L, -2, "promotion");
    }
    if (facts.captured) {
        push_name(L, names.pieces, type_of(facts.captured));
        lua_setfield(L, -2, "captured");
        push_name(L, names.players, owner_of(facts.captured));
        lua_setfield(L, -2, "captured_owner");
    }
    if (move.is_jumps()) {
        const JumpPath& path = facts.path;
        push_cells(L, names.cells, path.landings, path.length);
        lua_setfield(L, -2, "path");
        push_cells(L, names.cells, path.jumped, path.length);
        lua_setfield(L, -2, "jumped");
        lua_pushinteger(L, path.length);
        lua_setfield(L, -2, "captures");
    }
}

void HookGame::push_result(lua_State* L, const HookVerdict& end, Names names) const {
    lua_createtable(L, 0, 4);
    if (end.player >= 0 && end.outcome != ir::Outcome::draw) {
        push_name(L, names.players, end.player);
        lua_setfield(L, -2, end.outcome == ir::Outcome::win ? "winner" : "loser");
    }
    lua_pushboolean(L, end.outcome == ir::Outcome::draw);
    lua_setfield(L, -2, "draw");
    lua_pushlstring(L, end.reason.data(), end.reason.size());
    lua_setfield(L, -2, "reason");
}

MoveFacts HookGame::facts_of_last_move(const HookContext& context) {
    MoveFacts facts;
    facts.move = context.last_move;
    const Move move = context.last_move;
    const Position& pos = *context.position;
    if (move.is_drop())
        facts.piece = make_piece(pos.last_mover(), move.dropped_type());
    else if (!move.is_pass() && !move.is_none())
        facts.piece = context.last_undo ? context.last_undo->moved : pos.piece_on(move.to());
    if (context.last_undo) {
        facts.captured = context.last_undo->captured;
        if (move.is_jumps()) facts.path = context.last_undo->path;
    }
    return facts;
}

MoveFacts HookGame::facts_before(const Position& pos, Move move) {
    MoveFacts facts;
    facts.move = move;
    switch (move.kind()) {
        case Move::drop:
            facts.piece = make_piece(pos.side_to_move(), move.dropped_type());
            break;
        case Move::normal:
            facts.piece = pos.piece_on(move.from());
            if (move.to() != move.from()) facts.captured = pos.piece_on(move.to());  // in place
            break;
        case Move::en_passant:
            facts.piece = pos.piece_on(move.from());
            if (pos.ep_victim() >= 0) facts.captured = pos.piece_on(pos.ep_victim());
            break;
        case Move::castling:
            facts.piece = pos.piece_on(move.from());
            break;
        case Move::jumps:
            facts.piece = pos.piece_on(move.from());
            if (jump_path(pos, move, facts.path))
                facts.captured = pos.piece_on(facts.path.jumped[0]);
            break;
        case Move::pass:
            break;
    }
    return facts;
}

int HookGame::player_named(std::string_view name) const {
    const auto found = players_.find(name);
    return found == players_.end() ? -1 : found->second;
}

const HookGame& HookGame::method(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);  // called with '.' instead of ':' otherwise
    const auto& self = *static_cast<const HookGame*>(lua_touserdata(L, lua_upvalueindex(1)));
    if (!self.context_) luaL_error(L, "the game can only be read while a hook runs");
    return self;
}

int HookGame::check_player(lua_State* L, int arg) const {
    std::size_t size = 0;
    const char* name = luaL_checklstring(L, arg, &size);
    const int player = player_named(std::string_view(name, size));
    if (player < 0) return luaL_error(L, "unknown player '%s'", name);
    return player;
}

int HookGame::check_piece(lua_State* L, int arg) const {
    if (lua_isnoneornil(L, arg)) return -1;
    std::size_t size = 0;
    const char* name = luaL_checklstring(L, arg, &size);
    const auto found = pieces_.find(std::string_view(name, size));
    if (found == pieces_.end()) return luaL_error(L, "unknown piece '%s'", name);
    return found->second;
}

int HookGame::check_cell(lua_State* L, int arg) const {
    std::size_t size = 0;
    const char* name = luaL_checklstring(L, arg, &size);
    const int cell = game_.cell_index(std::string_view(name, size));
    if (cell < 0) return luaL_error(L, "unknown cell '%s'", name);
    return cell;
}

// game:piece_at(CELL) -> PIECE, OWNER, or nil
int HookGame::piece_at(lua_State* L) {
    const HookGame& self = method(L);
    const Names names = Names::at_upvalue(2);
    const Piece piece = self.context_->position->piece_on(self.check_cell(L, 2));
    if (!piece) {
        lua_pushnil(L);
        return 1;
    }
    push_name(L, names.pieces, type_of(piece));
    push_name(L, names.players, owner_of(piece));
    return 2;
}

// game:in_hand(PLAYER [, PIECE]) -> number
int HookGame::in_hand(lua_State* L) {
    const HookGame& self = method(L);
    const int player = self.check_player(L, 2);
    lua_pushinteger(L, held(*self.context_->position, player, self.check_piece(L, 3)));
    return 1;
}

// game:count(PLAYER [, PIECE]) -> number on the board and in hand
int HookGame::count(lua_State* L) {
    const HookGame& self = method(L);
    const int player = self.check_player(L, 2);
    const int type = self.check_piece(L, 3);
    const Position& pos = *self.context_->position;
    const CellSet on_board = type < 0 ? pos.pieces(player) : pos.pieces(player, type);
    lua_pushinteger(L, held(pos, player, type) + on_board.count());
    return 1;
}

// game:cells_of(PLAYER [, PIECE]) -> { CELL, ... }
int HookGame::cells_of(lua_State* L) {
    const HookGame& self = method(L);
    const Names names = Names::at_upvalue(2);
    const int player = self.check_player(L, 2);
    const int type = self.check_piece(L, 3);
    const Position& pos = *self.context_->position;
    const CellSet set = type < 0 ? pos.pieces(player) : pos.pieces(player, type);
    lua_createtable(L, set.count(), 0);
    lua_Integer i = 0;
    for (const int cell : set) {
        push_name(L, names.cells, cell);
        lua_rawseti(L, -2, ++i);
    }
    return 1;
}

// game:cells() -> every cell in board order
int HookGame::cells(lua_State* L) {
    const HookGame& self = method(L);
    const Names names = Names::at_upvalue(2);
    const int count = int(self.rules().board.cells.size());
    lua_createtable(L, count, 0);
    for (int cell = 0; cell < count; ++cell) {
        push_name(L, names.cells, cell);
        lua_rawseti(L, -2, cell + 1);
    }
    return 1;
}

// game:last_move() -> a move table, or nil at the start
int HookGame::last_move(lua_State* L) {
    const HookGame& self = method(L);
    if (self.context_->last_move.is_none()) {
        lua_pushnil(L);
        return 1;
    }
    self.push_move(L, facts_of_last_move(*self.context_), Names::at_upvalue(2));
    return 1;
}

// game:key() -> the integer repetitions are counted by: equal for equal positions (the board,
// the hands, the player to move and the rights), and for two others only by a chance in 2^64
int HookGame::key(lua_State* L) {
    const HookGame& self = method(L);
    lua_pushinteger(L, static_cast<lua_Integer>(self.context_->position->hash()));
    return 1;
}

// game:in_check(PLAYER) -> whether another player attacks one of its royal pieces
int HookGame::in_check(lua_State* L) {
    const HookGame& self = method(L);
    lua_pushboolean(L, self.context_->position->royal_attacked(self.check_player(L, 2)));
    return 1;
}

// game:attacked(CELL, BY) -> whether a piece of the player BY attacks the cell, the board as it
// stands (a move-only rule attacks nothing)
int HookGame::attacked(lua_State* L) {
    const HookGame& self = method(L);
    const int cell = self.check_cell(L, 2);
    lua_pushboolean(L, self.context_->position->is_attacked(cell, self.check_player(L, 3)));
    return 1;
}

// game:attackers(CELL) -> the cells of the other players' pieces that could take the piece on
// CELL by moving there, pins and checks aside; none for an empty cell
int HookGame::attackers(lua_State* L) {
    const HookGame& self = method(L);
    const Names names = Names::at_upvalue(2);
    const int cell = self.check_cell(L, 2);
    const Position& pos = *self.context_->position;
    const Piece target = pos.piece_on(cell);
    lua_newtable(L);
    if (!target) return 1;
    lua_Integer i = 0;
    for (int from : pos.occupied() & ~pos.pieces(owner_of(target)))
        if (piece_targets(pos, from).has(cell)) {
            push_name(L, names.cells, from);
            lua_rawseti(L, -2, ++i);
        }
    return 1;
}

// game:moves() -> the legal moves of the player to move as `move` tables, by the rules alone:
// no hook is asked (allow_move would ask itself)
int HookGame::moves(lua_State* L) {
    const HookGame& self = method(L);
    const Position& pos = *self.context_->position;
    if (!self.scratch_) {
        self.scratch_ = std::make_unique<Position>(pos);
        self.legal_ = std::make_unique<MoveList>();
    } else {
        *self.scratch_ = pos;
    }
    generate_legal(*self.scratch_, *self.legal_);
    const MoveList& legal = *self.legal_;
    const Names names = Names::at_upvalue(2);
    lua_createtable(L, legal.size, 0);
    for (int i = 0; i < legal.size; ++i) {
        self.push_move(L, facts_before(pos, legal.moves[i]), names);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

}  // namespace vari::lua
