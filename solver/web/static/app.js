/* mtgcheck rulings page: the board builder, the question form, the answer and the scenario text.
 *
 * Plain script, no library and no build step. The page keeps a *form* (solver/web/forms.py describes it) and
 * lets the server turn it into a scenario (/api/build) and ask it (/api/ask) exactly as `mtgcheck ask` asks a
 * file. Every text the server sends is put into the page as text (textContent), never as markup; the one
 * exception is the answer's picture, an SVG drawn by mtgcheck (its text escaped), parsed as SVG.
 */
"use strict";

const S = {
  info: null,
  form: null,
  origin: null,        // the example file the board came from (its decklists are found), or null
  yamlDirty: false,    // the YAML text was edited by hand and not opened yet
  buildSeq: 0,
  askSeq: 0,
  cardCache: new Map(),
};

const ZONE_LABEL = {battlefield: "battlefield", hand: "hand", graveyard: "graveyard", library: "library (top first)",
                    exile: "exile", command: "command zone", stack: "stack (top first)"};
const COLORS = ["", "W", "U", "B", "R", "G", "none"];

/* ---------- small helpers ---------- */

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "value") el.value = v;
    else if (k === "checked") el.checked = !!v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const $ = (sel, root) => (root || document).querySelector(sel);

async function api(path, body) {
  const opts = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"},
                                          body: JSON.stringify(body)};
  let r;
  try {
    r = await fetch(path, opts);
  } catch (e) {
    return {error: "the mtgcheck server cannot be reached (was it stopped?)"};
  }
  let data;
  try {
    data = await r.json();
  } catch (e) {
    data = {error: `the server answered ${r.status} without JSON`};
  }
  if (!r.ok && !data.error) data.error = `the server answered ${r.status}`;
  return data;
}

function debounce(fn, ms) {
  let t = null;
  return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
}

function emptyForm() {
  return {title: "", source: "", players: ["Alice", "Bob"], active: "", step: "", life: {}, zones: {},
          ask: {kind: "", args: {}, more: ""}, more: ""};
}

function emptyEntry(card) {
  return {card: card || "", count: "", tapped: false, sick: false, owner: "", id: "", attached_to: "",
          counters: "", color: "", creature_type: "", card_name: "", more: ""};
}

function entriesOf(zone, player, create) {
  const z = S.form.zones[zone] || (create ? (S.form.zones[zone] = {}) : null);
  if (!z) return [];
  if (!z[player] && create) z[player] = [];
  return z[player] || [];
}

/* ---------- autocomplete for card names ---------- */

function cardInput(attrs, onPick) {
  const input = h("input", Object.assign({class: "card-input", autocomplete: "off", spellcheck: "false",
                                          role: "combobox", "aria-autocomplete": "list", "aria-expanded": "false"},
                                         attrs));
  const list = h("ul", {class: "ac-list", role: "listbox", hidden: true});
  const wrap = h("span", {class: "ac"}, input, list);
  let items = [];
  let active = -1;
  let seq = 0;
  const close = () => { list.hidden = true; input.setAttribute("aria-expanded", "false"); active = -1; };
  const mark = () => {
    [...list.children].forEach((li, i) => li.classList.toggle("active", i === active));
  };
  const pick = (name) => {
    input.value = name;
    close();
    if (onPick) onPick(name, true);
  };
  const fetchNames = debounce(async () => {
    const q = input.value.trim();
    const mine = ++seq;
    if (q.length < 2) { close(); return; }
    const got = await api(`/api/complete?q=${encodeURIComponent(q)}`);
    if (mine !== seq || document.activeElement !== input) return;
    items = got.names || [];
    list.replaceChildren(...items.map((n, i) => h("li", {role: "option", "data-name": n,
      onmousedown: (ev) => { ev.preventDefault(); pick(n); }}, n)));
    active = -1;
    list.hidden = items.length === 0;
    input.setAttribute("aria-expanded", String(!list.hidden));
  }, 90);
  input.addEventListener("input", fetchNames);
  input.addEventListener("keydown", (ev) => {
    if (!list.hidden && items.length) {
      if (ev.key === "ArrowDown") { active = (active + 1) % items.length; mark(); ev.preventDefault(); return; }
      if (ev.key === "ArrowUp") { active = (active - 1 + items.length) % items.length; mark(); ev.preventDefault(); return; }
      if (ev.key === "Escape") { close(); return; }
      if (ev.key === "Enter" && active >= 0) { ev.preventDefault(); pick(items[active]); return; }
    }
    if (ev.key === "Enter" && !ev.ctrlKey && onPick) { ev.preventDefault(); close(); onPick(input.value.trim(), false); }
  });
  input.addEventListener("blur", () => setTimeout(close, 150));
  return {wrap, input};
}

/* Checks a typed card name: beside the field, the CLI's "unknown card ...; did you mean" with the names to click. */
async function checkCardName(input, onFix) {
  const name = input.value.trim();
  clearNote(input, "name-note");
  if (!name || name.startsWith("{") || name.startsWith("[")) return;
  let got = S.cardCache.get(name);
  if (!got) {
    got = await api(`/api/card?name=${encodeURIComponent(name)}`);
    S.cardCache.set(name, got);
  }
  if (input.value.trim() !== name || !got.error) return;
  const note = h("div", {class: "field-error name-note", role: "alert"}, got.error);
  if (got.suggestions && got.suggestions.length) {
    note.append(" ");
    for (const s of got.suggestions) {
      note.append(h("button", {type: "button", class: "link", onclick: () => { input.value = s; onFix(s); note.remove(); }}, s), " ");
    }
  }
  errorHost(input).after(note);
}

/* Where a message about a field goes: after its entry's row, its argument, its label, or the field itself. */
function errorHost(el) {
  return el.closest(".entry-main") || el.closest(".arg") || el.closest("label") || el.closest(".ac") || el;
}

function clearNote(input, cls) {
  const host = errorHost(input);
  let n = host && host.nextElementSibling;
  while (n && n.classList.contains(cls)) { const next = n.nextElementSibling; n.remove(); n = next; }
}

/* ---------- the board ---------- */

function permanentNames() {
  const out = new Set();
  const bf = S.form.zones.battlefield || {};
  for (const p of Object.keys(bf)) {
    for (const e of bf[p] || []) {
      if (e.card) out.add(e.card);
      if (e.id) out.add(e.id);
    }
  }
  return [...out];
}

function renderBoard() {
  const f = S.form;
  $("#f-title").value = f.title || "";
  $("#f-source").value = f.source || "";
  $("#f-more").value = f.more || "";
  $("#more-box").open = !!(f.more && f.more.trim());
  const active = $("#f-active");
  active.replaceChildren(h("option", {value: ""}, "— the first player —"),
                         ...f.players.map((p) => h("option", {value: p}, p)));
  if (f.active && !f.players.includes(f.active)) active.append(h("option", {value: f.active}, f.active));
  active.value = f.active || "";
  const step = $("#f-step");
  const steps = (S.info && S.info.steps) || [];
  step.replaceChildren(h("option", {value: ""}, "— precombat main (default) —"),
                       ...steps.map((s) => h("option", {value: s}, s.replaceAll("_", " "))));
  if (f.step && !steps.includes(f.step)) step.append(h("option", {value: f.step}, f.step));
  step.value = f.step || "";
  $("#add-player").disabled = f.players.length >= ((S.info && S.info.max_players) || 64);
  const box = $("#players");
  box.replaceChildren(...f.players.map((p, i) => renderPlayer(p, i)));
  $("#origin-line").textContent = S.origin ? `— opened from examples/${S.origin}` : "";
  refreshPermanentList();
}

function renderPlayer(p, pi) {
  const f = S.form;
  const name = h("input", {class: "player-name", value: p, "aria-label": "player name", "data-player-index": pi,
                           onchange: (ev) => renamePlayer(p, ev.target.value.trim())});
  const life = h("input", {class: "life", value: (f.life || {})[p] || "", placeholder: "20", inputmode: "numeric",
                           "data-field": `life:${p}`, "aria-label": `life of ${p}`,
                           oninput: (ev) => { f.life[p] = ev.target.value; changed(); }});
  const remove = h("button", {type: "button", class: "icon", title: `remove ${p}`, "aria-label": `remove ${p}`,
                              disabled: f.players.length <= 1 ? true : null,
                              onclick: () => removePlayer(p)}, "✕");
  const zoneSel = h("select", {class: "add-zone", "aria-label": "zone"},
                    ...S.info.zones.map((z) => h("option", {value: z}, z)));
  const add = (name) => {
    if (!name) return;
    const zone = zoneSel.value;
    entriesOf(zone, p, true).push(emptyEntry(name));
    changed(true);
    renderBoard();
    const again = document.querySelector(`.player[data-player-index="${pi}"] .add-card input`);
    if (again) { again.focus(); }
    const rows = document.querySelectorAll(`.player[data-player-index="${pi}"] .zone[data-zone="${zone}"] .entry`);
    const last = rows[rows.length - 1];
    if (last) checkCardName($(".entry-main input.card-input", last), () => changed());
  };
  const ac = cardInput({placeholder: "add a card by name…", "aria-label": `add a card for ${p}`},
                       (n) => { ac.input.value = ""; add(n); });
  const addBtn = h("button", {type: "button", onclick: () => { const n = ac.input.value.trim(); ac.input.value = ""; add(n); }}, "Add");
  const zones = S.info.zones.filter((z) => S.form.zones[z] && p in S.form.zones[z]).map((z) => renderZone(z, p, pi));
  return h("div", {class: "player", "data-player-index": pi, "data-player": p},
    h("div", {class: "player-head"}, name, h("label", {class: "inline"}, "life ", life), remove),
    h("div", {class: "add-card row"}, zoneSel, ac.wrap, addBtn),
    ...zones);
}

function renderZone(zone, p, pi) {
  const list = entriesOf(zone, p);
  return h("div", {class: "zone", "data-zone": zone},
    h("h4", {}, ZONE_LABEL[zone] || zone, h("span", {class: "hint"}, list.length ? ` ${list.length}` : " listed, empty (known to hold nothing)")),
    ...list.map((e, i) => renderEntry(zone, p, i, e)));
}

function renderEntry(zone, p, i, e) {
  const fid = `entry:${zone}:${p}:${i}`;
  const set = (k) => (ev) => { e[k] = ev.target.type === "checkbox" ? ev.target.checked : ev.target.value; changed(); };
  if (e.raw) {
    return h("div", {class: "entry", "data-entry": fid},
      h("div", {class: "entry-main"},
        h("input", {class: "mono", value: e.raw, "data-field": fid, "aria-label": "entry (YAML)", oninput: set("raw")}),
        h("button", {type: "button", class: "icon", title: "remove", onclick: () => removeEntry(zone, p, i)}, "✕")));
  }
  const ac = cardInput({value: e.card, "data-field": fid, "aria-label": `card in ${p}'s ${zone}`},
                       (n, picked) => { e.card = n; changed(); if (picked) checkCardName(ac.input, (s) => { e.card = s; changed(); }); });
  ac.input.addEventListener("input", set("card"));
  ac.input.addEventListener("change", () => checkCardName(ac.input, (s) => { e.card = s; changed(); }));
  const opts = h("div", {class: "entry-opts", hidden: !e._open});
  const field = (k, label, attrs) => h("label", {}, label, " ",
    h("input", Object.assign({value: e[k] || "", "data-field": `${fid}:${k}`, oninput: set(k)}, attrs || {})));
  opts.append(
    field("owner", "owner", {placeholder: p, list: "players-list"}),
    field("id", "id", {placeholder: "(its name)"}),
    field("attached_to", "attached to", {placeholder: "an id", list: "permanents-list"}),
    field("counters", "counters", {class: "mono", placeholder: "{+1/+1: 2}"}),
    h("label", {}, "chosen colour ", h("select", {"data-field": `${fid}:color`, onchange: set("color")},
      ...COLORS.concat(COLORS.includes(e.color || "") ? [] : [e.color]).map((c) => h("option", {value: c, selected: (e.color || "") === c}, c || "—")))),
    field("creature_type", "chosen creature type", {placeholder: "Elf"}),
    field("card_name", "chosen card name", {class: "card-name"}),
    h("label", {class: "wide"}, "other options (YAML) ",
      h("input", {class: "mono", value: e.more || "", "data-field": `${fid}:more`, oninput: set("more"),
                  placeholder: "{cast_from: hand, x: 2, activations: {1: 1}}"})));
  const onBf = zone === "battlefield";
  return h("div", {class: "entry", "data-entry": fid},
    h("div", {class: "entry-main"},
      ac.wrap,
      h("input", {class: "count", value: e.count || "", placeholder: "1", title: "count", "aria-label": "count",
                  "data-field": `${fid}:count`, oninput: set("count")}),
      onBf ? h("label", {class: "inline"}, h("input", {type: "checkbox", checked: e.tapped, "data-field": `${fid}:tapped`, onchange: set("tapped")}), "tapped") : null,
      onBf ? h("label", {class: "inline"}, h("input", {type: "checkbox", checked: e.sick, "data-field": `${fid}:sick`, onchange: set("sick")}), "sick") : null,
      h("button", {type: "button", class: "icon", title: "options", "aria-expanded": String(!!e._open),
                   onclick: (ev) => { e._open = !e._open; opts.hidden = !e._open; ev.target.setAttribute("aria-expanded", String(e._open)); }}, "⋯"),
      h("button", {type: "button", class: "icon card-info", title: "the card and the behaviour mtgcheck reads",
                   "aria-label": "card", onclick: () => showCard(ac.input.value)}, "i"),
      h("button", {type: "button", class: "icon", title: "remove", "aria-label": "remove",
                   onclick: () => removeEntry(zone, p, i)}, "✕")),
    opts);
}

function removeEntry(zone, p, i) {
  const list = entriesOf(zone, p);
  list.splice(i, 1);
  if (!list.length) delete S.form.zones[zone][p];  // no longer listed (an empty list says "known to be empty")
  changed(true);
  renderBoard();
}

function renamePlayer(old, name) {
  const f = S.form;
  if (!name || name === old || f.players.includes(name)) { renderBoard(); return; }
  f.players = f.players.map((p) => (p === old ? name : p));
  if (f.active === old) f.active = name;
  if (old in f.life) { f.life[name] = f.life[old]; delete f.life[old]; }
  for (const z of Object.values(f.zones)) {
    if (z && old in z) { z[name] = z[old]; delete z[old]; }
  }
  for (const [k, v] of Object.entries(f.ask.args || {})) if (v === old) f.ask.args[k] = name;
  changed(true);
  renderBoard();
  renderQuestion();
}

function removePlayer(p) {
  const f = S.form;
  f.players = f.players.filter((x) => x !== p);
  if (f.active === p) f.active = "";
  delete f.life[p];
  for (const z of Object.values(f.zones)) if (z) delete z[p];
  changed(true);
  renderBoard();
  renderQuestion();
}

function addPlayer() {
  const f = S.form;
  const names = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi"];
  let name = names.find((n) => !f.players.includes(n));
  for (let k = f.players.length + 1; !name; k++) if (!f.players.includes(`Player ${k}`)) name = `Player ${k}`;
  f.players.push(name);
  changed(true);
  renderBoard();
  renderQuestion();
}

function refreshPermanentList() {
  let dl = $("#permanents-list");
  if (!dl) { dl = h("datalist", {id: "permanents-list"}); document.body.append(dl); }
  dl.replaceChildren(...permanentNames().map((n) => h("option", {value: n})));
  let pl = $("#players-list");
  if (!pl) { pl = h("datalist", {id: "players-list"}); document.body.append(pl); }
  pl.replaceChildren(...S.form.players.map((n) => h("option", {value: n})));
}

/* ---------- the question ---------- */

function renderQuestion() {
  const f = S.form;
  const sel = $("#f-kind");
  const kinds = S.info.kinds;
  sel.replaceChildren(h("option", {value: ""}, "— choose a question —"),
                      ...kinds.map((k) => h("option", {value: k.kind}, k.kind)));
  sel.value = f.ask.kind || "";
  const spec = kinds.find((k) => k.kind === f.ask.kind);
  $("#kind-help").textContent = spec ? spec.description : "";
  const box = $("#args");
  box.replaceChildren();
  $("#f-args-more").value = f.ask.more || "";
  $("#args-more-box").open = !!(f.ask.more && f.ask.more.trim());
  if (!spec) return;
  for (const fd of spec.fields) box.append(renderArg(fd));
}

function renderArg(fd) {
  const args = S.form.ask.args;
  const v = args[fd.key];
  const fid = `arg:${fd.key}`;
  const set = (ev) => { args[fd.key] = fd.widget === "bool" ? (ev.target.value === "" ? undefined : ev.target.value === "true") : ev.target.value; changed(); };
  let input;
  if (fd.widget === "card") {
    const ac = cardInput({value: v || "", "data-field": fid, "data-arg": fd.key, placeholder: fd.placeholder || "card name"},
                         (n, picked) => { args[fd.key] = n; changed(); if (picked) checkCardName(ac.input, (s) => { args[fd.key] = s; changed(); }); });
    ac.input.addEventListener("input", set);
    ac.input.addEventListener("change", () => checkCardName(ac.input, (s) => { args[fd.key] = s; changed(); }));
    input = ac.wrap;
  } else if (fd.widget === "player") {
    input = h("select", {"data-field": fid, "data-arg": fd.key, onchange: set},
              h("option", {value: ""}, "— default —"), ...S.form.players.map((p) => h("option", {value: p}, p)));
    if (v && !S.form.players.includes(v)) input.append(h("option", {value: v}, v));
    input.value = v || "";
  } else if (fd.widget === "bool") {
    input = h("select", {"data-field": fid, "data-arg": fd.key, onchange: set},
              h("option", {value: ""}, "— default —"), h("option", {value: "true"}, "true"), h("option", {value: "false"}, "false"));
    input.value = v === true ? "true" : v === false ? "false" : "";
  } else if (fd.widget === "choice") {
    const opts = fd.options.slice();
    if (v && !opts.includes(v)) opts.push(v);
    input = h("select", {"data-field": fid, "data-arg": fd.key, onchange: set},
              h("option", {value: ""}, "— default —"), ...opts.map((o) => h("option", {value: o}, o)));
    input.value = v || "";
  } else if (fd.widget === "textarea" || fd.widget === "lines") {
    input = h("textarea", {"data-field": fid, "data-arg": fd.key, rows: fd.widget === "lines" ? 2 : 6, spellcheck: "false",
                           placeholder: fd.placeholder || "", oninput: set});
    input.value = v || "";
  } else {
    const attrs = {"data-field": fid, "data-arg": fd.key, value: v || "", placeholder: fd.placeholder || "", oninput: set,
                   spellcheck: "false"};
    if (fd.widget === "permanent") attrs.list = "permanents-list";
    if (fd.widget === "yaml") attrs.class = "mono";
    if (fd.widget === "int") attrs.inputmode = "numeric";
    input = h("input", attrs);
  }
  return h("div", {class: "arg"}, h("label", {}, h("span", {class: "arg-name"}, fd.label), input),
           fd.help ? h("span", {class: "hint"}, fd.help) : null);
}

/* ---------- building the scenario text ---------- */

const build = debounce(async () => {
  const mine = ++S.buildSeq;
  const got = await api("/api/build", {form: S.form, origin: S.origin});
  if (mine !== S.buildSeq) return;
  if (got.error) { showErrors([{field: null, message: got.error}]); return; }
  showErrors(got.errors || []);
  if (got.yaml !== null && got.yaml !== undefined) {
    if (!S.yamlDirty) setYaml(got.yaml);
    setShare(got.share, got.origin);
  }
}, 250);

function changed(structural) {
  if (structural) refreshPermanentList();
  build();
}

function setYaml(text) {
  $("#yaml").value = text;
  S.yamlDirty = false;
  $("#open-text").classList.remove("primary");
}

function setShare(token, origin) {
  if (!token) return;
  const hash = `#s=${token}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  S.origin = origin || null;
}

/* ---------- errors beside their fields ---------- */

function showErrors(errors) {
  for (const el of document.querySelectorAll(".field-error:not(.name-note)")) el.remove();
  for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  for (const e of errors) {
    let target = e.field ? document.querySelector(`[data-field="${CSS.escape(e.field)}"]`) : null;
    if (target && target.closest(".entry-opts")) target.closest(".entry-opts").hidden = false;
    if (target && target.closest("details")) target.closest("details").open = true;
    const note = h("div", {class: "field-error", role: "alert", "data-error-for": e.field || ""}, e.message);
    if (target) {
      target.setAttribute("aria-invalid", "true");
      errorHost(target).after(note);
    } else {
      $("#question-errors").append(note);
    }
  }
}

/* ---------- asking ---------- */

async function ask() {
  const mine = ++S.askSeq;
  const body = $("#answer-body");
  body.replaceChildren(h("p", {class: "hint busy"}, "asking…"));
  const t0 = performance.now();
  const got = await api("/api/ask", {form: S.form, origin: S.origin});
  if (mine !== S.askSeq) return;
  const ms = Math.round(performance.now() - t0);
  if (got.error) { body.replaceChildren(h("p", {class: "verdict error"}, got.error)); return; }
  showErrors(got.errors || []);
  if (got.yaml) { setYaml(got.yaml); setShare(got.share, got.origin); }
  if (!got.result) {
    body.replaceChildren(h("p", {class: "verdict-line"}, h("span", {class: "verdict error"}, "not asked"), " ",
                           "a field cannot be read: see the message beside it"));
    return;
  }
  renderAnswer(got.result, ms);
}

function renderAnswer(r, ms) {
  const body = $("#answer-body");
  const out = [];
  out.push(h("p", {class: "verdict-line"},
    h("span", {class: `verdict v-${r.verdict.replaceAll(" ", "-")}`, "data-verdict": r.verdict}, r.verdict), " ",
    h("strong", {}, r.question || ""), r.title ? ` — ${r.title}` : "", h("span", {class: "hint"}, `  (${ms} ms)`)));
  if (r.message) out.push(h("p", {class: `message m-${r.verdict.replaceAll(" ", "-")}`, id: "answer-message"}, r.message));
  if (r.code) out.push(h("p", {}, "reason code: ", h("code", {}, r.code)));
  const keys = Object.keys(r.values_text || {});
  if (keys.length) {
    out.push(h("table", {class: "values", id: "answer-values"},
      h("tbody", {}, ...keys.map((k) => h("tr", {"data-key": k, class: k === "reason" ? "reason" : null},
        h("th", {}, k), h("td", {}, h("code", {}, r.values_text[k])))))));
  }
  if (r.capped) out.push(h("p", {class: "hint"}, `listing capped at ${S.info.limit} (mtgcheck serve --limit N)`));
  if (r.mismatches && r.mismatches.length) {
    out.push(h("div", {class: "mismatches"}, h("strong", {}, "differs from expect:"),
               h("ul", {}, ...r.mismatches.map((m) => h("li", {}, m)))));
  }
  if (r.explanation && r.explanation.length) {
    out.push(h("div", {class: "why"}, h("h3", {}, "why"), h("ul", {id: "answer-why"}, ...r.explanation.map((w) => h("li", {}, w)))));
  }
  if (r.svg) {
    const pic = h("div", {class: "picture", id: "answer-picture"});
    const doc = new DOMParser().parseFromString(r.svg, "image/svg+xml");
    const svg = doc.documentElement;
    if (svg && svg.nodeName.toLowerCase() === "svg" && !doc.querySelector("parsererror, script, foreignObject")) {
      pic.append(document.importNode(svg, true));
      const blob = new Blob([r.svg], {type: "image/svg+xml"});
      out.push(h("div", {class: "why"}, h("h3", {}, "picture"), pic,
        h("a", {href: URL.createObjectURL(blob), download: `${r.question || "answer"}.svg`}, "download the picture (SVG)")));
    }
  }
  body.replaceChildren(...out);
}

/* ---------- scenario text in and out ---------- */

async function openText(index) {
  const text = $("#yaml").value;
  const got = await api("/api/open", {yaml: text, index: index || 1});
  openResult(got, null, true);
}

function openResult(got, origin, fromText) {
  showErrors([]);
  if (got.error) {
    const e = typeof got.error === "string" ? {message: got.error} : got.error;
    showErrors([{field: "paste", message: e.message}]);
    return false;
  }
  S.form = got.form;
  S.origin = got.origin || origin || null;
  renderBoard();
  renderQuestion();
  if (!fromText || !got.warning) setYaml(got.yaml);
  setShare(got.share, S.origin);
  const idx = $("#scenario-index");
  if (got.count > 1) {
    idx.replaceChildren(...Array.from({length: got.count}, (_, i) => h("option", {value: i + 1}, `scenario ${i + 1} of ${got.count}`)));
    idx.value = String(got.index);
    idx.hidden = false;
  } else {
    idx.hidden = true;
  }
  if (got.warning) {
    showErrors([{field: "paste", message: got.warning.message}]);
    S.yamlDirty = true;
  }
  return true;
}

function download() {
  const blob = new Blob([$("#yaml").value], {type: "text/yaml"});
  const a = h("a", {href: URL.createObjectURL(blob), download: "scenario.yaml"});
  document.body.append(a);
  a.click();
  a.remove();
}

async function copy(text, what) {
  const note = $("#copy-note");
  try {
    await navigator.clipboard.writeText(text);
    note.textContent = `${what} copied`;
  } catch (e) {
    note.textContent = `cannot copy here: select it and copy by hand`;
  }
  setTimeout(() => { note.textContent = ""; }, 2500);
}

/* ---------- examples ---------- */

async function loadExamples() {
  const got = await api("/api/examples");
  const box = $("#example-list");
  const list = got.examples || [];
  if (!list.length) {
    box.replaceChildren(h("p", {class: "hint"}, "no examples folder was given (mtgcheck serve --examples DIR)"));
    return;
  }
  const filter = h("input", {id: "example-filter", type: "search", placeholder: "filter: a card, a rule, a word…",
                             "aria-label": "filter the examples"});
  const groups = new Map();
  for (const e of list) {
    const g = e.folder || ".";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(e);
  }
  box.replaceChildren(filter, ...[...groups].map(([g, items]) => h("details", {class: "ex-group"},
    h("summary", {}, `${g} `, h("span", {class: "hint"}, `(${items.length})`)),
    h("ul", {}, ...items.map((e) => h("li", {},
      h("button", {type: "button", class: "link example", "data-example": e.id, title: e.file,
                   onclick: () => openExample(e.id)}, e.title),
      " ", h("span", {class: "hint"}, e.kind || e.error || "")))))));
  filter.addEventListener("input", debounce(() => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const g of box.querySelectorAll(".ex-group")) {
      let shown = 0;
      for (const li of g.querySelectorAll("li")) {
        const text = (li.textContent + " " + li.querySelector("button").title).toLowerCase();
        const ok = words.every((w) => text.includes(w));
        li.hidden = !ok;
        shown += ok ? 1 : 0;
      }
      g.hidden = shown === 0;
      g.open = words.length > 0 && shown > 0 && shown <= 40;
    }
  }, 150));
}

async function openExample(id) {
  const got = await api("/api/example", {id});
  if (got.error) { showErrors([{field: "paste", message: typeof got.error === "string" ? got.error : got.error.message}]); return; }
  if (openResult(got, got.origin, false)) {
    $("#examples").hidden = true;
    $("#toggle-examples").setAttribute("aria-expanded", "false");
    ask();
  }
}

/* ---------- the card view ---------- */

async function showCard(name) {
  name = (name || "").trim();
  const box = $("#card-view");
  if (!name) return;
  box.hidden = false;
  box.replaceChildren(h("p", {class: "hint"}, `looking up ${name}…`));
  const c = await api(`/api/card?name=${encodeURIComponent(name)}`);
  const close = h("button", {type: "button", class: "icon close", title: "close", onclick: () => { box.hidden = true; }}, "✕");
  if (c.error) {
    box.replaceChildren(close, h("h2", {}, name), h("p", {class: "field-error"}, c.error),
      ...(c.suggestions || []).map((s) => h("button", {type: "button", class: "link", onclick: () => showCard(s)}, s)));
    return;
  }
  const facts = [
    ["mana cost", c.mana_cost || "—"], ["type", c.type_line], ["mana value", c.mana_value],
    ["colour identity", (c.color_identity || []).join("") || "colorless"], ["card data", c.source],
  ];
  if (c.power !== null && c.power !== undefined) facts.push(["power / toughness", `${c.power} / ${c.toughness}`]);
  if (c.loyalty) facts.push(["loyalty", c.loyalty]);
  const oracle = h("p", {class: "oracle"});
  if (c.oracle_parts && c.oracle_parts.length) {
    for (const part of c.oracle_parts) {
      oracle.append(part.unmodelled ? h("mark", {class: "unmodelled", title: "not modelled: questions it could change answer unsupported"}, part.text) : part.text);
    }
  } else {
    oracle.append(h("span", {class: "hint"}, "no Oracle text in this card data (the embedded catalog holds models in mtgcheck's own words, not card text)"));
  }
  const abilities = h("ol", {class: "abilities", id: "card-abilities"}, ...(c.abilities || []).map((a) => h("li",
    {class: a.modelled ? "modelled" : "unmodelled"},
    h("code", {}, `${a.kind}/${a.effect}`), a.cost ? ` cost ${a.cost}` : "", ": ", a.describe,
    a.modelled ? null : h("span", {class: "badge"}, ` not modelled${a.topics.length ? " — could change: " + a.topics.join(", ") : ""}`))));
  const legal = Object.entries(c.legalities || {}).filter(([, v]) => v === "legal").map(([k]) => k);
  box.replaceChildren(close, h("h2", {id: "card-name"}, c.name),
    h("table", {class: "facts"}, h("tbody", {}, ...facts.map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, String(v)))))),
    ...(c.faces || []).map((fc) => h("p", {class: "hint"}, `face: ${fc.name} ${fc.mana_cost || ""} — ${fc.type_line}`)),
    h("h3", {}, "Oracle text"), oracle,
    h("h3", {}, "What mtgcheck reads (its behaviour model)"), abilities,
    ...((c.abilities || []).length ? [] : [h("p", {class: "hint"}, "no abilities")]),
    h("p", {class: "hint"}, legal.length ? `legal in: ${legal.join(", ")}` : "legalities: none in this card data"));
  box.scrollIntoView({block: "nearest"});
}

/* ---------- start ---------- */

function newBoard() {
  S.form = emptyForm();
  S.origin = null;
  renderBoard();
  renderQuestion();
  $("#answer-body").replaceChildren(h("p", {class: "hint"}, "Build a board, choose a question and press Ask."));
  build();
}

async function start() {
  const info = await api("/api/info");
  if (info.error) { document.body.prepend(h("p", {class: "field-error"}, info.error)); return; }
  S.info = info;
  $("#cards-line").textContent = `cards: ${info.cards}`;
  S.form = emptyForm();
  renderBoard();
  renderQuestion();

  $("#f-title").addEventListener("input", (ev) => { S.form.title = ev.target.value; changed(); });
  $("#f-source").addEventListener("input", (ev) => { S.form.source = ev.target.value; changed(); });
  $("#f-more").addEventListener("input", (ev) => { S.form.more = ev.target.value; changed(); });
  $("#f-active").addEventListener("change", (ev) => { S.form.active = ev.target.value; changed(); });
  $("#f-step").addEventListener("change", (ev) => { S.form.step = ev.target.value; changed(); });
  $("#f-kind").addEventListener("change", (ev) => {
    // arguments the new kind also takes are kept (cast -> payments keeps the card, the player, X, ...)
    const spec = S.info.kinds.find((k) => k.kind === ev.target.value);
    const keys = new Set(spec ? spec.fields.map((f) => f.key) : []);
    const kept = Object.fromEntries(Object.entries(S.form.ask.args || {}).filter(([k]) => keys.has(k)));
    S.form.ask = {kind: ev.target.value, args: kept, more: ""};
    renderQuestion();
    changed();
  });
  $("#f-args-more").addEventListener("input", (ev) => { S.form.ask.more = ev.target.value; changed(); });
  $("#add-player").addEventListener("click", addPlayer);
  $("#ask").addEventListener("click", ask);
  $("#new-board").addEventListener("click", newBoard);
  $("#toggle-examples").addEventListener("click", (ev) => {
    const box = $("#examples");
    box.hidden = !box.hidden;
    ev.target.setAttribute("aria-expanded", String(!box.hidden));
  });
  $("#yaml").addEventListener("input", () => { S.yamlDirty = true; $("#open-text").classList.add("primary"); });
  $("#open-text").addEventListener("click", () => openText(1));
  $("#scenario-index").addEventListener("change", (ev) => openText(Number(ev.target.value)));
  $("#upload").addEventListener("change", async (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    $("#yaml").value = await file.text();
    ev.target.value = "";
    openText(1);
  });
  $("#download").addEventListener("click", download);
  $("#copy-yaml").addEventListener("click", () => copy($("#yaml").value, "scenario"));
  $("#copy-link").addEventListener("click", () => copy(location.href, "link"));
  document.addEventListener("keydown", (ev) => { if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); ask(); } });

  loadExamples();
  const m = /^#s=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (m) {
    const got = await api("/api/open", {share: m[1]});
    if (openResult(got, got.origin, false)) ask();
  } else {
    build();
  }
  document.body.dataset.ready = "true";
}

document.addEventListener("DOMContentLoaded", start);
