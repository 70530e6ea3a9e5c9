"""Printed pages and the teacher's charts (matplotlib): the worksheets and their answer keys, the
rule handouts, the class chart. Made of the pictures below and of what is taught (the exercises,
the class report); the widgets come above."""
