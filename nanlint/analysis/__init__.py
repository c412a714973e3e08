"""The analysis core of `nanlint check`: parsing (libcst), the walk and what it knows about the file
being walked, the value analysis, the pattern language, suppressions and the table of torch ops."""
