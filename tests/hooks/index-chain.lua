-- Hostile: a chain of 1,999 __index tables, all walked at each read, inside one instruction.
return {
  after_move = function(game)
    local t = {}
    for i = 1, 1999 do t = setmetatable({}, { __index = t }) end
    while true do local _ = t.missing end
  end,
}
