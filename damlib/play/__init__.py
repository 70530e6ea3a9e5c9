"""Playing: a game and its history, the referee's explanations, the computer (search and
evaluation), hints, click-to-move, the board editor's logic, PDN. Imports the engine only."""
