"""What nanlint reads: a source file's bytes and text, and a notebook's code cells."""
