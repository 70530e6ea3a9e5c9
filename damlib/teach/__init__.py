"""Teaching: exercises and the Learn levels with their kept progress. Imports the engine and play."""
