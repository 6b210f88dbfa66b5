-- Hostile: loads a module.
return {
  after_move = function(game)
    require("os")
  end,
}
