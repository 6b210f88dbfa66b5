-- Hostile: tries to swallow the budget's error and go on.
return {
  after_move = function(game)
    while true do pcall(function() while true do end end) end
  end,
}
