-- Hostile: a pattern that backtracks for hours inside one C call.
return {
  after_move = function(game)
    string.rep("a", 1e5):find(".-.-.-.-x")
  end,
}
