-- Three Player Hex Shogi 91: the rules the rule file leaves to hooks (rules.md §3.4).
local hooks = {}

local PLAYERS = 3

-- "To win, you must acquire all three Kings": on the board or in hand, at once after the move
-- that takes the last one. Only a capture can do that, and only for the player who made it.
function hooks.after_capture(game)
  if game:count(game.mover, "King") == PLAYERS then
    return { winner = game.mover, reason = "owning all three Kings" }
  end
end

-- A position given to start from (a puzzle, a game resumed) may already have one player holding
-- all three Kings: that game starts won.
function hooks.at_start(game)
  for _, player in ipairs(game.players) do
    if game:count(player, "King") == PLAYERS then
      return { winner = player, reason = "owning all three Kings" }
    end
  end
end

-- A round in which every player was forced to pass is a draw.
function hooks.after_pass(game)
  if game.passes >= PLAYERS then
    return { draw = true, reason = "a round of forced passes" }
  end
end

-- A win scores 1 and 0 for the others. In a draw the players who still have pieces (on the
-- board or in hand) share the point: 1/3 each, or 1/2 each when one player has lost everything.
function hooks.score(game, result)
  local scores = {}
  if result.winner then
    for _, player in ipairs(game.players) do
      scores[player] = player == result.winner and 1 or 0
    end
    return scores
  end
  local sharing = {}
  for _, player in ipairs(game.players) do
    scores[player] = 0
    if game:count(player) > 0 and player ~= result.loser then
      sharing[#sharing + 1] = player
    end
  end
  for _, player in ipairs(sharing) do
    scores[player] = 1 / #sharing
  end
  return scores
end

return hooks
