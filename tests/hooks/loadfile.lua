-- Hostile: compiles a file.
return {
  after_move = function(game)
    loadfile("/etc/passwd")
  end,
}
