-- Verdicts of each shape, and errors a hook may raise.
local calls = 0
return {
  after_move = function(game)
    calls = calls + 1
    if calls == 5 then return { loser = game.to_move, reason = "five moves" } end
    if game.ply > 8 then error({ code = 1 }) end
  end,
  allow_move = function(game, move)
    if move.captured == "King" then return nil end
    return true
  end,
  score = function(game, result) return { White = 1 / 0, Black = "x" } end,
}
