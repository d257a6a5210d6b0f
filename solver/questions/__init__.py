"""The questions: the registry, one handler module per question kind, the runner and the pictures of answers."""
