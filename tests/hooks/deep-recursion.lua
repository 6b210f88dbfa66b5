-- Hostile: recursion that is not a tail call.
local function deeper(n)
  return 1 + deeper(n + 1)
end

return {
  after_move = function(game)
    return deeper(1)
  end,
}
