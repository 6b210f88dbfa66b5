-- Reads every field and method of the game and move tables the README lists.
local function look(game)
  local seen = { #game.players, game.to_move, game.mover, game.ply, game.passes, game.ply_clock,
                 game.move_number, game.repetitions }
  for _, cell in ipairs(game:cells()) do
    local piece, owner = game:piece_at(cell)
    if piece then seen[#seen + 1] = piece .. owner end
  end
  for _, player in ipairs(game.players) do
    seen[#seen + 1] = game:count(player) + game:count(player, "Pawn") + game:in_hand(player)
    seen[#seen + 1] = game:in_hand(player, "King") + #game:cells_of(player) + #game:cells_of(player, "Rook")
  end
  local last = game:last_move()
  if last then
    seen[#seen + 1] = table.concat({ last.kind, last.from or "", last.to or "", last.piece or "",
                                     last.promotion or "", last.captured or "", last.captured_owner or "" }, " ")
  end
  return seen
end

return {
  after_move = function(game) look(game) end,
  after_capture = function(game)
    if game:count(game.mover, "King") == 2 then return { winner = game.mover, reason = "both Kings" } end
  end,
  after_pass = function(game)
    if game.passes >= 2 then return { draw = true } end
  end,
  allow_move = function(game, move)
    look(game)
    return move.kind ~= "move" or move.piece ~= "Rook" or move.to ~= "b4"
  end,
  allow_drop = function(game, move) return move.to ~= "a3" end,
  score = function(game, result)
    local scores = {}
    for _, player in ipairs(game.players) do
      scores[player] = result.draw and 0.5 or (player == result.winner and 1 or 0)
    end
    return scores
  end,
}
