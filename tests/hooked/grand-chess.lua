-- Grand chess's promotion: a Pawn may only become a piece its side has lost, that is one of a type
-- of which the side has fewer on the board than it started with.
local START = { Queen = 1, Marshal = 1, Cardinal = 1, Rook = 2, Bishop = 2, Knight = 2 }

return {
  allow_move = function(game, move)
    return move.promotion == nil or game:count(game.to_move, move.promotion) < START[move.promotion]
  end,
}
