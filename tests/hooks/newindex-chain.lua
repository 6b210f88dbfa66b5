-- Hostile: a chain of 1,999 __newindex tables, all walked at each write, inside one instruction.
return {
  after_move = function(game)
    local t = {}
    for i = 1, 1999 do t = setmetatable({}, { __newindex = t }) end
    while true do t.missing = true end
  end,
}
