-- Hostile: repeats an empty string 2^62 times, the count given as a float, over and over.
return {
  after_move = function(game)
    while true do string.rep("", 2^62) end
  end,
}
