-- three-kings.lua
return {
  -- A position given to start from may already have the set complete.
  at_start = function(game)
    for _, player in ipairs(game.players) do
      if game:count(player, "King") == #game.players then
        return { winner = player, reason = "all three Kings" }
      end
    end
  end,

  -- Only a capture can complete the set, for the player who made it.
  after_capture = function(game)
    if game:count(game.mover, "King") == #game.players then
      return { winner = game.mover, reason = "all three Kings" }
    end
  end,

  after_pass = function(game)
    if game.passes >= #game.players then
      return { draw = true, reason = "a full round of passes" }
    end
  end,

  score = function(game, result)
    local scores, alive = {}, {}
    for _, player in ipairs(game.players) do
      scores[player] = 0
      if game:count(player) > 0 then alive[#alive + 1] = player end
    end
    if result.winner then
      scores[result.winner] = 1
    elseif result.loser then
      for _, player in ipairs(game.players) do
        if player ~= result.loser then scores[player] = 1 / (#game.players - 1) end
      end
    else
      for _, player in ipairs(alive) do scores[player] = 1 / #alive end
    end
    return scores
  end,
}
