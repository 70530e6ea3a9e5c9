"""The rules and positions: each game's rules as data, squares, positions, the move generator and
its capture searches, move text, and which rule an illegal move breaks. Imports nothing above it
(tests/test_layers.py)."""
