-- Hostile: a finalizer, which would run with the budget's hook disabled.
return {
  after_move = function(game)
    setmetatable({}, { __gc = function() while true do end end })
  end,
}
