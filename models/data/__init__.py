"""Files in, objects out: the card database, its importers, store and cache, the catalog, downloads, decklists, formats, scenario files and the input limits."""
