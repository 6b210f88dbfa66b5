-- Hostile: one string far beyond the memory cap.
return {
  after_move = function(game)
    local s = string.rep("x", 1 << 30)
    return { winner = s }
  end,
}
