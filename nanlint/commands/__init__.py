"""The command line: `nanlint check`, `verify`, `rule`, `rules`, `clean`, `server`."""
