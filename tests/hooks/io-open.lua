-- Hostile: reads a file.
return {
  after_move = function(game)
    io.open("/etc/passwd")
  end,
}
