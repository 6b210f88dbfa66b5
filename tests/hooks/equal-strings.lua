-- Hostile: compares two distinct strings of 4 MiB, byte by byte, in one instruction each time.
return {
  after_move = function(game)
    local a, b = string.rep("x", 1 << 22), string.rep("x", 1 << 22)
    while true do local _ = a == b end
  end,
}
