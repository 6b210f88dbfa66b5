-- Hostile: never returns.
return {
  after_move = function(game)
    while true do end
  end,
}
