"""Pictures of a position: board diagrams (matplotlib, loaded on first use), their look (colours and
sizes, shared with the live board) and their text alternatives. Imports the engine and play only,
so the teaching above may show them; the printed pages and the widgets come above."""
