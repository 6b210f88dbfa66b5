-- Hostile: prints a string of 8 MiB over and over.
return {
  after_move = function(game)
    local s = string.rep("x", 1 << 23)
    while true do print(s) end
  end,
}
