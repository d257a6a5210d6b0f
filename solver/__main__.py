"""``python -m mtgcheck`` runs the ``mtgcheck`` command line."""
from .cli.main import main

main(prog_name="mtgcheck")
