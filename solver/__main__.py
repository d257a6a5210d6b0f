"""``python -m mtgcheck`` runs the ``mtgcheck`` command line."""
from .cli import main

main(prog_name="mtgcheck")
