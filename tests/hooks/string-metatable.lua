-- Hostile: changes the metatable that every string shares.
return {
  after_move = function(game)
    getmetatable("").__index = function() while true do end end
  end,
}
