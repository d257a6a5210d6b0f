"""``python -m mtgcheck`` runs the ``mtgcheck`` command line."""
from mtgcheck.solver.cli import main

main(prog_name="mtgcheck")
