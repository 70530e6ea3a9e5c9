"""Teaching: exercises, the Learn levels with their kept progress, and a lesson's notes. Imports the
engine and play (and may show the pictures, which sit below it too)."""
