"""``python -m mtgcheck`` and the ``mtgcheck`` console script run the ``mtgcheck`` command line."""
import gc


def run() -> None:
    """The ``mtgcheck`` program: the command line in a process of its own. The collector is off while the
    command line's modules are imported (they make no garbage worth scanning for: tens of collections,
    0.03-0.05 s at each start) and what they made is then frozen out of its sight; a finished one-machine
    ``validate`` ends the process without the interpreter's tear-down (``cli.PROGRAM``, handed to ``decks_cli``,
    which is imported only when ``validate`` runs)."""
    gc.disable()
    try:
        import mtgcheck.solver.cli.main as cli
    finally:
        gc.freeze()
        gc.enable()
    cli.PROGRAM = True
    cli.main(prog_name="mtgcheck")


if __name__ == "__main__":
    run()
