-- Hostile: a loop bound read from 8 MiB of blanks, inside one instruction, over and over.
return {
  after_move = function(game)
    local blanks = string.rep(" ", 1 << 23)
    while true do pcall(function() for i = blanks, 1 do end end) end
  end,
}
