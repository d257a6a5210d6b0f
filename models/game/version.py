"""mtgcheck's version, in one place: read by the package (``mtgcheck.__version__``), by pyproject.toml (its
``[tool.setuptools.dynamic]`` version), by the parsed-card cache (a new version makes every cached file stale) and
by the downloader (the User-Agent Scryfall asks clients to send). It imports nothing, so any module may read it."""

__version__ = "0.1.0"
