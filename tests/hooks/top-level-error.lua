-- Fails while loading.

error("these hooks refuse to load")

return {}
