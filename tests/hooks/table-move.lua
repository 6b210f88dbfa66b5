-- Hostile: a C loop over a count of nothing.
return {
  after_move = function(game)
    table.move({}, 1, math.maxinteger, 2)
  end,
}
