-- A misspelt hook name.
return {
  after_mvoe = function(game) end,
}
