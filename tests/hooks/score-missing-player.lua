return {
  score = function(game, result)
    return { White = 1, Black = 0 }
  end,
}
