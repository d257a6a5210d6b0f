"""The ``mtgcheck`` command and its subcommands."""
