"""Pictures and pages: board diagrams (matplotlib, loaded on first use), worksheets, handouts,
charts and the lessons' notes. Imports the layers below it; the widgets come above."""
