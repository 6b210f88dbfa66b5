return {
  after_move = function(game)
    return { winner = "Grey" }
  end,
}
