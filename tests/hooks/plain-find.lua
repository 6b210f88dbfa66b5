-- Hostile: a plain search that nearly matches at every place: half a million bytes compared at each.
return {
  after_move = function(game)
    local text, wanted = string.rep("a", 1000000), string.rep("a", 500000) .. "b"
    while true do text:find(wanted, 1, true) end
  end,
}
