-- Hostile: a pattern of 50,000 characters without a quantifier, tried at each of 100,000 places.
return {
  after_move = function(game)
    local text, pattern = string.rep("a", 100000), string.rep("a", 50000) .. "b"
    while true do text:match(pattern) end
  end,
}
