"""Running the checks over one parsed file: the walk, suppression comments, fixes and `# noqa` edits."""
