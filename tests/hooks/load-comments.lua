-- Hostile: loads megabytes of comments, which compile to nothing, over and over.
return {
  after_move = function(game)
    local comments = string.rep("--\n", 1000000)
    while true do load(comments) end
  end,
}
