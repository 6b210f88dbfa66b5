-- Library calls on operands a little long, in loops a little long: the budget must cover both.
local a = string.rep("ab", 50)
local b = a:sub(1, -2) .. "b"
local t = {}
for i = 1, 20 do
  t[#t + 1] = a < b and a == b and #a or string.format("%5.2f %q", i / 3, a:upper():sub(1, 8))
  t[#t + 1] = select("#", a:byte(1, 10)) + (a:find("b.-a", 3) or 0)
end
table.sort(t, function(x, y) return tostring(x) < tostring(y) end)
local text = table.concat(t, ",")
local count = 0
for word in text:gmatch("[^,]+") do count = count + #word end
return {
  after_move = function(game)
    local s = text:gsub("%d", "x") .. tostring(count)
    return #s < 0 and { draw = true } or nil
  end,
}
