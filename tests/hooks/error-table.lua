-- Hostile: raises a table, not a message.
return {
  after_move = function(game)
    error({ code = 1 })
  end,
}
