"""mtgcheck solver: how questions are answered (constraint encodings, graphs,
enumeration, the question runner and the command-line interface)."""
