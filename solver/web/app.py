"""The rulings page over HTTP: a Starlette application around a ``PageService`` (``solver.web.service``).

Routes (every API answer is JSON):

* ``GET /`` the page; ``GET /static/...`` its script, style sheet and icon (served by mtgcheck, no CDN);
* ``GET /api/info`` question kinds and their fields, zones, steps, formats, limits, which card data answers;
* ``GET /api/complete?q=TEXT`` card names for a partly typed name; ``GET /api/card?name=NAME`` a card's facts and
  behaviour model (unmodelled sentences marked), or the CLI's "unknown card ...; did you mean" message;
* ``GET /api/examples`` the examples; ``POST /api/example {id}`` opens one;
* ``POST /api/open {yaml, index}`` opens pasted or uploaded scenario text; ``{share}`` a shared URL's token;
* ``POST /api/build {form, origin}`` the scenario YAML of the board and its shared-URL token;
* ``POST /api/ask {form, origin}`` asks it as ``mtgcheck ask`` does: the verdict, values, why and picture.

Questions run in worker threads, at most ``workers`` at once (the others wait their turn), each under its own
budget (``--max-states``, ``--max-seconds``), so a long question never stops the page from answering the others.
Requests are taken only for the host names of this machine (``127.0.0.1``, ``localhost``: a web page elsewhere
cannot reach the server through a DNS name of its own) and bodies of at most ``MAX_BODY`` bytes; an internal error
answers 500 with its message and the server goes on.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .service import MAX_TEXT, PageService

__all__ = ["create_app", "MAX_BODY", "ALLOWED_HOSTS"]

HERE = Path(__file__).resolve().parent
#: Most bytes of a request body (a scenario of ``MAX_TEXT`` characters, as JSON, with room to spare).
MAX_BODY = 4 * MAX_TEXT
#: Host names the server answers to (the ``Host`` header, port aside).
ALLOWED_HOSTS = ("127.0.0.1", "localhost", "[::1]")
#: The page's Content-Security-Policy: its own script and styles only, nothing from elsewhere.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")


class BadRequest(Exception):
    """A request the API cannot read: ``status`` and a message for the page."""

    def __init__(self, message: str, status: int = 400) -> None:
        self.message = message
        self.status = status
        super().__init__(message)


class _Guard:
    """ASGI middleware: refuses unknown Host headers (400), posts from another site (403) or not in JSON (415), and
    adds the security headers to every response."""

    def __init__(self, app: Any, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = {h.lower() for h in hosts}

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for k, v in scope.get("headers") or ():
            headers.setdefault(k.lower(), v)
        host = headers.get(b"host", b"").decode("latin-1").strip().lower()
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 or host.startswith("[") and "]:" in host else host
        problem = None
        if name not in self.hosts:
            problem = (400, f"this server answers only on {', '.join(sorted(self.hosts))} (the request named the host "
                            f"{host!r})")
        elif scope.get("method") == "POST":
            # a page elsewhere may not post to this server: only the page itself (same origin), and only JSON (which
            # a browser sends across origins only after asking, and this server never allows it)
            origin = headers.get(b"origin")
            ctype = (headers.get(b"content-type") or b"").split(b";")[0].strip().lower()
            if origin is not None and origin.decode("latin-1").lower() != f"http://{host}":
                problem = (403, f"requests from another site ({origin.decode('latin-1')!r}) are refused")
            elif ctype != b"application/json":
                problem = (415, "send the request as JSON (Content-Type: application/json)")
        if problem is not None:
            resp = JSONResponse({"error": problem[1]}, status_code=problem[0])
            await resp(scope, receive, send)
            return

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                headers += [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
                            (b"x-frame-options", b"DENY"), (b"content-security-policy", CSP.encode()),
                            (b"cache-control", b"no-store")]
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _json_body(request: Request) -> dict:
    """The request's JSON object (at most ``MAX_BODY`` bytes); raises ``BadRequest``."""
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > MAX_BODY:
        raise BadRequest(f"the request is {int(size):,} bytes; the page sends at most {MAX_BODY:,}", 413)
    chunks: list[bytes] = []
    total = 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > MAX_BODY:
            raise BadRequest(f"the request is more than {MAX_BODY:,} bytes; the page sends at most {MAX_BODY:,}", 413)
        chunks.append(chunk)
    from mtgcheck.models.data.inputs import InputError, json_loads_limited

    try:
        data = json_loads_limited(b"".join(chunks).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, InputError, RecursionError) as e:
        raise BadRequest(f"the request is not JSON: {e}") from None
    if not isinstance(data, dict):
        raise BadRequest("the request must be a JSON object")
    return data


def create_app(service: PageService, *, workers: int = 2, hosts: Iterable[str] = ALLOWED_HOSTS) -> Any:
    """The page's ASGI application over ``service``.

    Parameters
    ----------
    service : PageService
        The card data, examples and budgets the page answers with.
    workers : int
        Most questions answered at the same time (each in a thread of its own); more wait their turn.
    hosts : iterable of str
        Host names accepted in the ``Host`` header (default ``ALLOWED_HOSTS``: this machine only).
    """
    import anyio

    limiter = anyio.CapacityLimiter(max(1, int(workers)))
    light = anyio.CapacityLimiter(8)
    page = (HERE / "templates" / "index.html").read_text(encoding="utf-8")

    async def run(fn: Callable[..., Any], *args: Any, heavy: bool = False) -> Any:
        return await anyio.to_thread.run_sync(fn, *args, limiter=limiter if heavy else light)

    def endpoint(fn: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Awaitable[Response]]:
        async def wrapped(request: Request) -> Response:
            try:
                out = await fn(request)
            except BadRequest as e:
                return JSONResponse({"error": e.message}, status_code=e.status)
            except Exception as e:  # never a crash: the message, and the server goes on
                return JSONResponse({"error": f"internal error: {type(e).__name__}: {e} (a bug in mtgcheck)"},
                                    status_code=500)
            return out if isinstance(out, Response) else _json(out)
        return wrapped

    async def index(request: Request) -> Response:
        version = service.info().get("version") or "0"
        return HTMLResponse(page.replace("{{version}}", version))

    @endpoint
    async def info(request: Request) -> Any:
        return service.info()

    @endpoint
    async def complete(request: Request) -> Any:
        q = request.query_params.get("q", "")
        limit = request.query_params.get("limit", "12")
        return {"query": q, "names": await run(service.complete, q, int(limit) if limit.isdigit() else 12)}

    @endpoint
    async def card(request: Request) -> Any:
        name = request.query_params.get("name", "")
        if not name.strip():
            raise BadRequest("give a card name: /api/card?name=Reflecting%20Pool")
        return await run(service.card, name)

    @endpoint
    async def examples(request: Request) -> Any:
        return {"examples": service.examples()}

    @endpoint
    async def example(request: Request) -> Any:
        body = await _json_body(request)
        return await run(service.open_example, str(body.get("id", "")))

    @endpoint
    async def open_(request: Request) -> Any:
        body = await _json_body(request)
        if "share" in body:
            return await run(service.open_share, body["share"])
        text = body.get("yaml")
        if not isinstance(text, str):
            raise BadRequest("give the scenario text as 'yaml' (or a shared link's token as 'share')")
        index = body.get("index", 1)
        return await run(service.open_text, text, index if isinstance(index, int) and not isinstance(index, bool) else 1)

    @endpoint
    async def build(request: Request) -> Any:
        body = await _json_body(request)
        return await run(service.build, body.get("form"), body.get("origin"))

    @endpoint
    async def ask(request: Request) -> Any:
        body = await _json_body(request)
        return await run(service.ask, body.get("form"), body.get("origin"), heavy=True)

    routes = [
        Route("/", index),
        Route("/api/info", info),
        Route("/api/complete", complete),
        Route("/api/card", card),
        Route("/api/examples", examples),
        Route("/api/example", example, methods=["POST"]),
        Route("/api/open", open_, methods=["POST"]),
        Route("/api/build", build, methods=["POST"]),
        Route("/api/ask", ask, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.service = service
    return _Guard(app, hosts)


def _json(data: Any) -> Response:
    body = json.dumps(data, ensure_ascii=False, default=str, separators=(",", ":"))
    return Response(body, media_type="application/json")
