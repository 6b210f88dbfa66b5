-- Hostile: asks load() for binary chunks.
return {
  after_move = function(game)
    load("return 1", "chunk", "b")
  end,
}
