-- Hostile: runs out of budget with a to-be-closed variable whose __close never returns.
return {
  after_move = function(game)
    local guard <close> = setmetatable({}, { __close = function() while true do end end })
    while true do end
  end,
}
