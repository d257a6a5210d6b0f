"""The rulings page in a real headless Chromium (the system's ``chromium`` and ``chromium-driver`` packages, driven
by Selenium; never a browser download): a judge builds the Blood Moon board by typing card names and reads the
answer, casts Treasure Cruise with delve and sees the payment, opens a shared link, pastes a broken scenario and sees
the error beside it.

Each main view is saved as a screenshot, in the folder ``MTGCHECK_SCREENSHOTS`` names, else in a pytest temporary
folder (printed with ``-s``); whoever changes the page looks at them. ``.ci/run`` installs the browser on a fresh
machine; where none can be installed these tests skip, naming what is missing.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="needs starlette (pip install -e '.[test]')")
webdriver = pytest.importorskip("selenium.webdriver", reason="needs selenium (pip install -e '.[test]')")

from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from tests.web_server import catalog_service, running_server  # noqa: E402

#: The flags the browser starts with: headless, no sandbox (CI runs as root), and nothing that reaches the network.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1400,1000")


def _find(env: str, names: tuple[str, ...]) -> str | None:
    given = os.environ.get(env, "").strip()
    if given:
        return given if Path(given).exists() else None
    for n in names:
        p = shutil.which(n) or (n if Path(n).exists() else None)
        if p:
            return p
    return None


@pytest.fixture(scope="module")
def driver():
    browser = _find("MTGCHECK_CHROMIUM", ("/usr/bin/chromium", "chromium", "chromium-browser"))
    drv = _find("MTGCHECK_CHROMEDRIVER", ("/usr/bin/chromedriver", "chromedriver"))
    missing = [what for what, p in (("the chromium browser (Debian package 'chromium')", browser),
                                    ("its driver (Debian package 'chromium-driver')", drv)) if p is None]
    if missing:
        pytest.skip("the browser tests need " + " and ".join(missing) + "; .ci/run installs them with apt-get "
                    "(or name them with MTGCHECK_CHROMIUM / MTGCHECK_CHROMEDRIVER)")
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="mtgcheck-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for flag in CHROMIUM_FLAGS + (f"--user-data-dir={profile}",):
        opts.add_argument(flag)
    try:
        d = webdriver.Chrome(service=Service(executable_path=drv), options=opts)
    except Exception as e:  # installed but not starting is a failure, never a skip
        shutil.rmtree(profile, ignore_errors=True)
        pytest.fail(f"cannot start {browser} with {drv}: {str(e).splitlines()[0]}")
    d.set_script_timeout(30)
    yield d
    d.quit()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def base():
    svc = catalog_service()
    with running_server(svc, workers=2) as url:
        yield url + "/"
    svc.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    given = os.environ.get("MTGCHECK_SCREENSHOTS", "").strip()
    folder = Path(given) if given else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots of the page: {folder}")
    return folder


def wait(d, cond, timeout=20):
    return WebDriverWait(d, timeout).until(cond)


def shot(d, folder: Path, name: str) -> Path:
    """Save the whole page as ``name``.png (the window grown to the page's height for the picture)."""
    d.execute_script("window.scrollTo(0, 0)")
    height = d.execute_script("return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)")
    d.set_window_size(1400, min(max(1000, int(height) + 40), 6000))
    p = folder / f"{name}.png"
    d.save_screenshot(str(p))
    d.set_window_size(1400, 1000)
    assert p.stat().st_size > 10_000
    return p


def open_page(d, url):
    d.get(url)
    wait(d, lambda d: d.execute_script("return document.body.dataset.ready") == "true")


def new_board(d):
    d.find_element(By.ID, "new-board").click()
    wait(d, lambda d: not d.find_elements(By.CSS_SELECTOR, ".entry"))


def add_card(d, player: int, name: str, zone: str = "battlefield", typed: str | None = None):
    """Type a card name into a player's 'add a card' field and pick it from the names offered."""
    row = d.find_element(By.CSS_SELECTOR, f'.player[data-player-index="{player}"] .add-card')
    Select(row.find_element(By.CSS_SELECTOR, "select.add-zone")).select_by_value(zone)
    before = len(d.find_elements(By.CSS_SELECTOR, f'.player[data-player-index="{player}"] .entry'))
    box = row.find_element(By.CSS_SELECTOR, "input.card-input")
    box.send_keys(typed or name)
    option = f'.player[data-player-index="{player}"] .add-card .ac-list li[data-name="{name}"]'
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, option))
    d.find_element(By.CSS_SELECTOR, option).click()
    wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, f'.player[data-player-index="{player}"] .entry')) > before)


def choose_question(d, kind: str, **args: str):
    Select(d.find_element(By.ID, "f-kind")).select_by_value(kind)
    for key, value in args.items():
        field = wait(d, lambda d: d.find_element(By.CSS_SELECTOR, f'[data-arg="{key}"]'))
        if field.tag_name == "select":
            Select(field).select_by_value(value)
        else:
            field.clear()
            field.send_keys(value)
            field.send_keys(Keys.ESCAPE)


def ask_and_wait(d):
    d.find_element(By.ID, "ask").click()
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#answer-body [data-verdict]"))
    return d.find_element(By.CSS_SELECTOR, "#answer-body [data-verdict]").get_attribute("data-verdict")


def value_of(d, key: str) -> str:
    return d.find_element(By.CSS_SELECTOR, f'#answer-values tr[data-key="{key}"] td').text


def test_a_board_built_by_typing_card_names_answers_could_produce(driver, base, shots):
    """Blood Moon makes Urborg a Mountain that loses its ability (CR 613.1d, 305.7), so Reflecting Pool could
    produce only {R} (CR 106.7)."""
    d = driver
    open_page(d, base)
    new_board(d)
    add_card(d, 0, "Blood Moon", typed="blood mo")
    add_card(d, 0, "Urborg, Tomb of Yawgmoth", typed="urborg, to")
    add_card(d, 0, "Reflecting Pool", typed="reflecting")
    cards = [e.get_attribute("value") for e in d.find_elements(By.CSS_SELECTOR, ".entry .entry-main input.card-input")]
    assert cards == ["Blood Moon", "Urborg, Tomb of Yawgmoth", "Reflecting Pool"]
    choose_question(d, "could_produce", permanent="Reflecting Pool")
    assert ask_and_wait(d) == "no expectation"
    assert value_of(d, "types") == '["R"]'
    why = d.find_element(By.ID, "answer-why").text
    assert "Blood Moon" in why and "CR 106.7" in why
    assert d.find_elements(By.CSS_SELECTOR, "#answer-picture svg")
    yaml_text = d.find_element(By.ID, "yaml").get_attribute("value")
    assert "could_produce: Reflecting Pool" in yaml_text and "- Urborg, Tomb of Yawgmoth" in yaml_text
    assert "#s=" in d.current_url
    shot(d, shots, "1-board-and-answer")
    # the README's picture: the first screen of the same view (docs/serve.png is made from it)
    d.set_window_size(1280, 800)
    d.execute_script("window.scrollTo(0, 0)")
    d.save_screenshot(str(shots / "0-first-screen.png"))
    d.set_window_size(1400, 1000)


def test_casting_treasure_cruise_with_delve_draws_the_payment(driver, base, shots):
    """CR 702.66a: three Islands pay {U}{1}{1} and five graveyard cards, exiled, pay the other {5}."""
    d = driver
    open_page(d, base)
    new_board(d)
    for _ in range(3):
        add_card(d, 0, "Island", typed="islan")
    for name in ("Opt", "Lightning Bolt", "Forest", "Island", "Opt"):
        add_card(d, 0, name, zone="graveyard", typed=name.lower()[:5])
    add_card(d, 0, "Treasure Cruise", zone="hand", typed="treasure cr")
    choose_question(d, "cast", card="Treasure Cruise")
    assert ask_and_wait(d) == "no expectation"
    assert value_of(d, "castable") == "true" and value_of(d, "total_cost") == '"{7}{U}"'
    svg = wait(d, lambda d: d.find_element(By.CSS_SELECTOR, "#answer-picture svg"))
    labels = " ".join(t.get_attribute("textContent") for t in svg.find_elements(By.CSS_SELECTOR, "text"))
    assert "delve: {1}" in labels and "Lightning Bolt" in labels and "{U}" in labels
    arrows = [t.get_attribute("textContent") for t in svg.find_elements(By.CSS_SELECTOR, "g.edge > title")]
    assert "Lightning Bolt \u2192 {1}" in arrows  # each card exiled pays one {1}
    assert svg.size["width"] > 200
    shot(d, shots, "2-payment-picture")


def test_a_shared_link_rebuilds_the_board_and_the_answer(driver, base, shots):
    d = driver
    open_page(d, base)
    new_board(d)
    add_card(d, 0, "Forest", typed="fores")
    add_card(d, 0, "Reflecting Pool", typed="reflecting")
    choose_question(d, "could_produce", permanent="Reflecting Pool")
    ask_and_wait(d)
    link = d.current_url
    assert "#s=" in link
    open_page(d, "about:blank") if False else d.get("about:blank")
    open_page(d, link)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#answer-values"))
    cards = [e.get_attribute("value") for e in d.find_elements(By.CSS_SELECTOR, ".entry .entry-main input.card-input")]
    assert cards == ["Forest", "Reflecting Pool"]
    assert Select(d.find_element(By.ID, "f-kind")).first_selected_option.get_attribute("value") == "could_produce"
    assert value_of(d, "types") == '["G"]'  # CR 106.7: the Pool sees a Forest
    shot(d, shots, "3-shared-link")


def test_a_malformed_pasted_scenario_shows_the_error_beside_the_text(driver, base, shots):
    d = driver
    open_page(d, base)
    area = d.find_element(By.ID, "yaml")
    wait(d, lambda d: area.get_attribute("value").startswith("players:"))  # the empty board's scenario, written
    area.send_keys(Keys.CONTROL, "a")  # select everything and paste over it
    area.send_keys("players: [Alice, Bob\nbattlefield:\n  Alice: [Forest]\nask: {could_produce: Forest}\n")
    assert area.get_attribute("value").startswith("players: [Alice, Bob\n")
    d.find_element(By.ID, "open-text").click()
    err = wait(d, lambda d: d.find_element(By.CSS_SELECTOR, '.field-error[data-error-for="paste"]'))
    assert err.text.startswith("scenario.yaml:2: not valid YAML")  # the line the YAML reader stopped at
    # beside the field: the element right after the text area
    assert d.execute_script("return document.getElementById('yaml').nextElementSibling === arguments[0]", err)
    assert d.find_element(By.ID, "yaml").get_attribute("aria-invalid") == "true"
    shot(d, shots, "4-paste-error")


def test_an_unknown_card_gets_did_you_mean_beside_it_and_a_click_fixes_it(driver, base, shots):
    d = driver
    open_page(d, base)
    new_board(d)
    row = d.find_element(By.CSS_SELECTOR, '.player[data-player-index="0"] .add-card input.card-input')
    row.send_keys("Reflectin Pool")
    row.send_keys(Keys.ESCAPE)
    d.find_element(By.CSS_SELECTOR, '.player[data-player-index="0"] .add-card button').click()
    note = wait(d, lambda d: d.find_element(By.CSS_SELECTOR, ".entry + .name-note, .entry .name-note"))
    assert "unknown card 'Reflectin Pool'" in note.text and "did you mean" in note.text
    shot(d, shots, "5-did-you-mean")
    note.find_element(By.XPATH, ".//button[text()='Reflecting Pool']").click()
    assert d.find_element(By.CSS_SELECTOR, ".entry .entry-main input.card-input").get_attribute("value") == \
        "Reflecting Pool"


def test_the_card_view_shows_the_behaviour_model(driver, base, shots):
    d = driver
    open_page(d, base)
    new_board(d)
    add_card(d, 0, "Reflecting Pool", typed="reflecting")
    d.find_element(By.CSS_SELECTOR, ".entry button.card-info").click()
    wait(d, lambda d: d.find_element(By.ID, "card-name").text == "Reflecting Pool")
    abilities = d.find_element(By.ID, "card-abilities").text
    assert "add_mana" in abilities
    shot(d, shots, "6-card-view")


def test_an_example_opens_and_is_answered_in_one_click(driver, base, shots):
    d = driver
    open_page(d, base)
    d.find_element(By.ID, "toggle-examples").click()
    group = wait(d, lambda d: d.find_element(By.XPATH, "//details[@class='ex-group'][summary[starts-with(., 'basics')]]"))
    group.find_element(By.TAG_NAME, "summary").click()
    shot(d, shots, "7-examples")
    button = group.find_element(By.CSS_SELECTOR, 'button.example[data-example="basics/treasure_cruise_mana_value.yaml#1"]')
    button.click()
    try:
        assert ask_and_wait(d) == "pass"
    except TimeoutException:
        raise AssertionError(d.find_element(By.ID, "answer-body").text)
    assert value_of(d, "mana_value") == "8"
    assert "examples/basics/treasure_cruise_mana_value.yaml" in d.find_element(By.ID, "origin-line").text


def test_examples_of_every_shape_round_trip_through_the_page_and_pass(driver, base):
    """The page re-draws an opened scenario as fields and sends the fields back: examples with entry options,
    choices, a turn step, life totals, card definitions, stack abilities and short-form arguments still pass."""
    from mtgcheck.models.data.scenario import load_scenario_items
    from mtgcheck.solver.questions.runner import find_scenario_files
    from mtgcheck.solver.web import forms
    from tests.web_server import EXAMPLES

    picked: dict[str, str] = {}
    files, _ = find_scenario_files([EXAMPLES])
    for f in files:
        for sc in load_scenario_items(f):
            if isinstance(sc, Exception):
                continue
            form = forms.disassemble(forms.plain(sc.data))
            entries = [x for z in form["zones"].values() for lst in z.values() for x in lst]
            traits = {"entry-more": any(x.get("more") for x in entries), "raw": any(x.get("raw") for x in entries),
                      "choice": any(x.get("color") or x.get("card_name") for x in entries),
                      "tapped": any(x.get("tapped") for x in entries), "step": bool(form["step"]),
                      "life": bool(form["life"]), "more": bool(form["more"]), "ask-more": bool(form["ask"]["more"]),
                      "stack": "stack" in form["zones"], "count": any(x.get("count") for x in entries),
                      "kind:" + form["ask"]["kind"]: True}
            for t, has in traits.items():
                if has and t not in picked:
                    picked[t] = f"{f.relative_to(EXAMPLES).as_posix()}#{sc.index + 1}"
    assert {"entry-more", "choice", "step", "more", "stack", "count"} <= set(picked)
    d = driver
    open_page(d, base)
    for trait, ex in sorted(picked.items()):
        d.execute_script("document.getElementById('answer-body').replaceChildren(); openExample(arguments[0])", ex)
        verdict = wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#answer-body [data-verdict]"))[0]
        assert verdict.get_attribute("data-verdict") == "pass", (trait, ex, d.find_element(By.ID, "answer-body").text)
        # asked again from the fields as the page re-drew them: the same verdict
        d.execute_script("document.getElementById('answer-body').replaceChildren()")
        assert ask_and_wait(d) == "pass", (trait, ex, d.find_element(By.ID, "answer-body").text)
