-- Hostile: reaches for the debug library.
return {
  after_move = function(game)
    debug.traceback()
  end,
}
