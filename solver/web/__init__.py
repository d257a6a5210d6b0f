"""The rulings page: ``mtgcheck serve`` (docs/web.md).

A local web application on 127.0.0.1: build a board by card name, ask any question kind, see the answer, the
verdict, why, and the picture; open, download and share scenarios; look cards up with the behaviour mtgcheck reads.

* ``forms``      the board builder's form ⇄ scenario data (``assemble`` / ``disassemble``), YAML lines → fields;
* ``service``    ``PageService``: the page's operations on one card database (plain data in and out);
* ``app``        ``create_app(service)``: the Starlette application (routes, limits, security headers);
* ``serve_cli``  the ``mtgcheck serve`` command (uvicorn).

The page itself is ``templates/index.html`` with ``static/app.js`` and ``static/app.css``: plain HTML and a
hand-written script, no build step, nothing loaded from elsewhere.
"""
