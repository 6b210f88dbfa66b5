-- Antichess's compulsory capture: a move that captures is always allowed, one that does not only
-- when no legal move of the player captures. The hooks are not shown the other legal moves, so
-- the board is read and every piece's captures are looked for here (without check, every
-- capture a piece can make is legal). En passant is seen only after a double step played in the
-- game: the hooks cannot read the en-passant cells of the position a game starts from.

local FILES = "abcdefgh"
local PIECES = { "King", "Queen", "Rook", "Bishop", "Knight", "Pawn" }
local ORTHOGONAL = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }
local DIAGONAL = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }
local ALL = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }
local KNIGHT = {
  { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 },
}
local SLIDES = { Queen = ALL, Rook = ORTHOGONAL, Bishop = DIAGONAL }
local LEAPS = { King = ALL, Knight = KNIGHT }

-- Cell names by coordinates (from 1) and back.
local NAME, X, Y = {}, {}, {}
for x = 1, 8 do
  NAME[x] = {}
  for y = 1, 8 do
    local cell = FILES:sub(x, x) .. y
    NAME[x][y], X[cell], Y[cell] = cell, x, y
  end
end

local function at(board, x, y)
  if x < 1 or x > 8 or y < 1 or y > 8 then return nil end
  return board[NAME[x][y]]
end

-- Whether `side` can capture on `board` (cell -> { piece, owner }); `passed` is the cell a pawn
-- has just passed with a double step, which `side`'s pawns may take en passant.
local function can_capture(board, side, forward, passed)
  for cell, square in pairs(board) do
    if square.owner == side then
      local x, y = X[cell], Y[cell]
      local piece = square.piece
      if piece == "Pawn" then
        for _, dx in ipairs({ -1, 1 }) do
          local target = at(board, x + dx, y + forward)
          if target and target.owner ~= side then return true end
          if passed and x + dx >= 1 and x + dx <= 8 and NAME[x + dx][y + forward] == passed then
            return true
          end
        end
      elseif LEAPS[piece] then
        for _, v in ipairs(LEAPS[piece]) do
          local target = at(board, x + v[1], y + v[2])
          if target and target.owner ~= side then return true end
        end
      else
        for _, v in ipairs(SLIDES[piece]) do
          local tx, ty = x + v[1], y + v[2]
          while tx >= 1 and tx <= 8 and ty >= 1 and ty <= 8 do
            local target = board[NAME[tx][ty]]
            if target then
              if target.owner ~= side then return true end
              break
            end
            tx, ty = tx + v[1], ty + v[2]
          end
        end
      end
    end
  end
  return false
end

-- The cell just passed by a pawn's double step, or nil.
local function passed_cell(game)
  local last = game:last_move()
  if not last or last.piece ~= "Pawn" or last.kind ~= "move" then return nil end
  local y1, y2 = Y[last.from], Y[last.to]
  if math.abs(y2 - y1) ~= 2 then return nil end
  return NAME[X[last.to]][(y1 + y2) // 2]
end

-- The answer for the position last asked about, by its key: reading the whole board on every
-- call makes a count eight times slower.
local asked_key, answer

local function capture_exists(game)
  if answer == nil then
    local board = {}
    for _, player in ipairs(game.players) do
      for _, piece in ipairs(PIECES) do
        for _, cell in ipairs(game:cells_of(player, piece)) do
          board[cell] = { piece = piece, owner = player }
        end
      end
    end
    local forward = game.to_move == game.players[1] and 1 or -1
    answer = can_capture(board, game.to_move, forward, passed_cell(game))
  end
  return answer
end

return {
  allow_move = function(game, move)
    local key = game:key()
    if key ~= asked_key then asked_key, answer = key, nil end
    return move.captured ~= nil or not capture_exists(game)
  end,
}
