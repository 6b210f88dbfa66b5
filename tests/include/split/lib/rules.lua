local hooks = {}

function hooks.after_move(game)
  return nil
end

return hooks
