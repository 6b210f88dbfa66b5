-- Hostile: string.pack reads a format of a million spaces, which make nothing, over and over.
return {
  after_move = function(game)
    local format = string.rep(" ", 1000000)
    while true do string.pack(format) end
  end,
}
