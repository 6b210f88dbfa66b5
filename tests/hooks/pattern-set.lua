-- Hostile: a character set of 100,000 characters, tried at each of 100,000 places.
return {
  after_move = function(game)
    local text, set = string.rep("a", 100000), "[" .. string.rep("b", 100000) .. "]"
    while true do text:find(set) end
  end,
}
