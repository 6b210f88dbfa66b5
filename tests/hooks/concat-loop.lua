-- Hostile: each step is one instruction that copies megabytes.
return {
  after_move = function(game)
    local s = string.rep("x", 1 << 22)
    while true do local t = s .. "y" end
  end,
}
