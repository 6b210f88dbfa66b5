-- Hostile: the loading itself repeats an empty string 2^62 times, over and over.

while true do string.rep("", 2^62) end

return {}
