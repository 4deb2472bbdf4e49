"""The command line's exit statuses (docs/cli.md)."""

EXIT_SOLVED, EXIT_NONE, EXIT_INVALID, EXIT_UNKNOWN, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
EXIT_PIPE = 141            # the output's reader went away (128 + SIGPIPE, as a shell reports a process it ended)
