-- Hostile: dumps a function as bytecode.
return {
  after_move = function(game)
    string.dump(function() end)
  end,
}
