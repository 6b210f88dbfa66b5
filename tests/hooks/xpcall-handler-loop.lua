-- Hostile: a message handler that never returns, called again for the budget's own error.
return {
  after_move = function(game)
    while true do xpcall(error, function() while true do end end) end
  end,
}
