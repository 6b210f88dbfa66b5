-- Hostile: runs a file.
return {
  after_move = function(game)
    dofile("/etc/passwd")
  end,
}
