-- Does not compile.
return {
  after_move = function(game)
    local x = = 1
  end,
}
