-- King of the hill: the player whose King steps onto d4, e4, d5 or e5 wins at once. Only a King's
-- own move (castling never ends there) can bring it to the centre, so the last move is all that
-- needs reading.
local CENTRE = { d4 = true, e4 = true, d5 = true, e5 = true }

return {
  after_move = function(game)
    local move = game:last_move()
    if move.piece == "King" and move.kind == "move" and CENTRE[move.to] then
      return { winner = game.mover, reason = "the King on the hill" }
    end
  end,
}
