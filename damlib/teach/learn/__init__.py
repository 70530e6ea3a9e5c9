"""Learning by doing: levels with one goal each, played on the board, with feedback that cites
the rule, hints, stars and progress that is kept.

>>> from damlib.learn import LEVELS
>>> level = LEVELS[0]
>>> attempt = level.attempt()
>>> print(attempt.hint())
Look at the man on h2: this level practises DE-BOARD.
"""

from .data import LEVELS, STAGES, TEACHING_ORDER, for_rule, taught
from .levels import CHOICES, Attempt, Feedback, Level, rule_heading, rules_used, stage_done, tally
from .progress import DEFAULT_FOLDER, Progress, last_learner, remember_learner
from .report import ClassReport, LearnerRow, class_report

__all__ = [
    "CHOICES", "DEFAULT_FOLDER", "LEVELS", "STAGES", "TEACHING_ORDER", "Attempt", "ClassReport", "Feedback",
    "LearnerRow", "Level", "Progress", "class_report", "for_rule", "last_learner", "remember_learner",
    "rule_heading", "rules_used", "stage_done", "tally", "taught",
]
