-- Hostile: fills memory with tables.
return {
  after_move = function(game)
    local t = {}
    while true do t[#t + 1] = { #t, #t } end
  end,
}
