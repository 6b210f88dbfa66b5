-- A player who leaves the other with a single piece wins at once; only a capture can do that.
return {
  after_capture = function(game)
    if game:count(game.to_move) == 1 then
      return { winner = game.mover, reason = "leaving a single piece" }
    end
  end,
}
