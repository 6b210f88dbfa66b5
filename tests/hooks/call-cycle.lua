-- Hostile: makes a table its own __call after setmetatable: calling it would loop in one instruction.
return {
  after_move = function(game)
    local mt = {}
    local t = setmetatable({}, mt)
    mt.__call = t
    t()
  end,
}
