"""``python -m mtgcheck`` and the ``mtgcheck`` console script run the ``mtgcheck`` command line."""
from mtgcheck.solver import decks_cli
from mtgcheck.solver.cli import main


def run() -> None:
    """The ``mtgcheck`` program: the command line in a process of its own, which a finished one-machine
    ``validate`` may end without the interpreter's tear-down (``decks_cli.END_PROCESS``)."""
    decks_cli.END_PROCESS = True
    main(prog_name="mtgcheck")


if __name__ == "__main__":
    run()
