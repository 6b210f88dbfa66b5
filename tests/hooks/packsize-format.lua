-- Hostile: string.packsize reads a format of a million spaces, over and over.
return {
  after_move = function(game)
    local format = string.rep(" ", 1000000)
    while true do string.packsize(format) end
  end,
}
