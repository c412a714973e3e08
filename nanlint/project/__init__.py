"""Running over files: configuration, discovery, the checker of each configuration, the cache, workers,
and the fix pipeline the CLI and the language server share."""
