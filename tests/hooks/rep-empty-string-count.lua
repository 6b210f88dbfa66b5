-- Hostile: repeats an empty string 2^62 times, the count given as a string, over and over.
return {
  after_move = function(game)
    while true do string.rep("", "4611686018427387904") end
  end,
}
