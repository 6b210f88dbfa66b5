-- Hostile: reads a number from 8 MiB of blanks, over and over.
return {
  after_move = function(game)
    local blanks = string.rep(" ", 1 << 23)
    while true do tonumber(blanks) end
  end,
}
