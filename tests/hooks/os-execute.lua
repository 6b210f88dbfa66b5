-- Hostile: runs a shell command.
return {
  after_move = function(game)
    os.execute("echo escaped")
  end,
}
