-- Hostile: orders two distinct strings of 4 MiB of zero bytes, in one instruction each time.
return {
  after_move = function(game)
    local a, b = string.rep("\0", 1 << 22), string.rep("\0", 1 << 22)
    while true do local _ = a < b end
  end,
}
