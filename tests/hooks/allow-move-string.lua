return {
  allow_move = function(game, move)
    return "yes"
  end,
}
