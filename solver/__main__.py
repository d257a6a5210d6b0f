"""``python -m solver`` runs the ``mtgcheck`` command line."""
from .cli import main

main(prog_name="mtgcheck")
