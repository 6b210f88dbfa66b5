-- Hostile: loads megabytes of blanks, which compile to nothing, over and over.
return {
  after_move = function(game)
    local blanks = string.rep(" ", 3000000)
    while true do load(blanks) end
  end,
}
