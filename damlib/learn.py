"""Learn: the 114 levels in stages, a learner's attempts and progress, and the class report.

The public names of :mod:`damlib.teach.learn`, where the code lives (in its layer folder).
"""

from .teach.learn import (
    CHOICES,
    DEFAULT_FOLDER,
    LEVELS,
    STAGES,
    TEACHING_ORDER,
    Attempt,
    ClassReport,
    Feedback,
    LearnerRow,
    Level,
    Progress,
    class_report,
    for_rule,
    last_learner,
    remember_learner,
    rules_used,
    stage_done,
    tally,
    taught,
)

__all__ = [
    "CHOICES", "DEFAULT_FOLDER", "LEVELS", "STAGES", "TEACHING_ORDER", "Attempt", "ClassReport", "Feedback",
    "LearnerRow", "Level", "Progress", "class_report", "for_rule", "last_learner", "remember_learner",
    "rules_used", "stage_done", "tally", "taught",
]
