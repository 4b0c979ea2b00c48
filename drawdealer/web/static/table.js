// The players' table view: draws the state the server pushes (/events) into the page.
// Every name and word from the journal is set as text (textContent), never as HTML.
"use strict";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const STATUS = { active: "", folded: "folded", allin: "all-in", out: "sitting out" };
const ORDINALS = ["first", "second", "third", "fourth"];
const NTH = ["1st", "2nd", "3rd"];
const OPENERS = { J: "jacks", Q: "queens", K: "kings", A: "aces" };
const SHOWN_LOG = []; // {hand, said, street, toAct, at}: when each state was drawn (bench/bench_view.py)
window.tableViewShown = SHOWN_LOG;

const $ = (id) => document.getElementById(id);

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function chips(n) {
  return Number(n).toLocaleString("en-US");
}

function streetWords(street) {
  const m = /^([BD])(\d)$/.exec(street || "");
  if (m) {
    const nth = ORDINALS[Number(m[2]) - 1] || m[2];
    return (m[1] === "B" ? `${nth} betting round` : `${nth} draw`) + ` (${street})`;
  }
  return { SETUP: "forced bets", SHOWDOWN: "showdown", AWARD: "hand over" }[street] || street;
}

function cardNode(card) {
  const rank = card.slice(0, -1), suit = card.slice(-1);
  const node = el("span", `card suit-${suit}`, rank + (SUITS[suit] || suit));
  node.setAttribute("aria-label", `${rank} of ${SUIT_NAMES[suit] || suit}`);
  return node;
}

function drewText(counts) {
  return counts.map((c) => (c === 0 ? "pat" : String(c))).join(" · ");
}

function seatNode(seat, index, count) {
  const li = el("li", "seat");
  li.dataset.seat = seat.name;
  if (seat.to_act) li.classList.add("to-act");
  if (seat.status !== "active") li.classList.add(`is-${seat.status}`);
  // clockwise around the oval from the top (from just right of it for eight seats or ten, so that two
  // seats share the top's width); CSS places the seat from --x and --y (0..1)
  const start = count >= 8 && count % 2 === 0 ? -Math.PI / 2 + Math.PI / count : -Math.PI / 2;
  const angle = start + (2 * Math.PI * index) / count;
  li.style.setProperty("--x", (0.5 + 0.5 * Math.cos(angle)).toFixed(4));
  li.style.setProperty("--y", (0.5 + 0.5 * Math.sin(angle)).toFixed(4));

  const head = el("p", "seat-head");
  head.append(el("span", "seat-name", seat.name));
  if (seat.button) head.append(el("span", "button-disc", "D"));
  li.append(head);
  li.append(el("p", "seat-stack", chips(seat.stack)));
  const marks = [];
  if (seat.to_act) marks.push("▶ to act");
  if (seat.button) marks.push("button");
  if (seat.blind) marks.push(seat.blind);
  if (seat.opened && seat.blind !== "buio") marks.push("opened");
  if (STATUS[seat.status]) marks.push(STATUS[seat.status]);
  if (marks.length) li.append(el("p", "seat-marks", marks.join(" · ")));
  if (seat.bet) li.append(el("p", "seat-bet", `bet ${chips(seat.bet)}`));
  if (seat.drawn.length) li.append(el("p", "seat-drew", `drew ${drewText(seat.drawn)}`));
  if (seat.cards.length) {
    const cards = el("p", "seat-cards");
    cards.setAttribute("aria-label", "shows");
    seat.cards.forEach((c) => cards.append(cardNode(c)));
    li.append(cards);
  }
  return li;
}

function fill(list, items, make) {
  list.replaceChildren(...items.map(make));
  return items.length > 0;
}

function awardText(award) {
  const label = award.pot === 0 ? "Main pot" : `Side pot ${award.pot}`;
  const names = Object.entries(award.shares);
  let who = "undecided";
  if (names.length > 1) who = "split " + names.map(([n, v]) => `${n} ${chips(v)}`).join(", ");
  else if (names.length === 1) who = `to ${names[0][0]}`;
  const odd = award.odd_chip_to ? `; odd chip to ${award.odd_chip_to}` : "";
  return `${label}: ${chips(award.amount)} ${who}${odd} — ${award.reason}`;
}

function dealerNotes(state) {
  // Once the hand is over, the dealer's notes on each pot are the result above, and "Hand over:
  // type 'next'" is said to the dealer: the players get the rest (uncalled chips, Italian outcomes).
  if (!state.finished) return state.table.notes;
  return state.table.notes.filter((n) => !/^(Main pot|Side pot \d+) [\d,]+: |^Hand over: /.test(n));
}

function drawTable(state) {
  const t = state.table;
  $("title").textContent = state.game.name;
  $("hand").textContent = `Hand ${t.hand} · ${streetWords(t.street)}`;
  const seats = state.seats;
  $("seats").dataset.count = seats.length;
  fill($("seats"), seats, (s, i) => seatNode(s, i, seats.length));

  $("street").textContent = streetWords(t.street);
  $("pot").textContent = `Pot ${chips(t.pot)}`;
  $("in-front").textContent = t.bets_in_front
    ? `${chips(t.pot - t.bets_in_front)} in the middle · ${chips(t.bets_in_front)} in bets` : "";
  fill($("pots"), state.pots.length > 1 ? state.pots : [],
    (pot, i) => el("li", "", `${pot.name}: ${chips(pot.amount)}` + (i ? ` (${pot.eligible.join(", ")})` : "")));
  $("stub").textContent = t.stub === null ? "" : `Stub: ${t.stub} card${t.stub === 1 ? "" : "s"}`;
  const it = state.italian;
  $("italian").textContent = it
    ? [`Openers: ${OPENERS[t.requirement || it.requirement] || it.requirement} or better`,
       it.carried ? `carried from earlier deals ${chips(it.carried)}` : "",
       it.invito ? `invito ${chips(it.invito)}` : "",
       it.penalty ? `penalty ${chips(it.penalty)} from ${it.penalty_player}` : ""].filter(Boolean).join(" · ")
    : "";

  const who = t.to_act;
  $("turn-who").textContent = who ? `${who} to act` : (state.finished ? "Hand over" : "Nobody to act");
  fill($("choices"), state.choices, (c) => el("li", "choice", c));
  const limit = $("pot-limit");
  limit.hidden = !state.pot_limit;
  fill($("pot-limit-lines"), state.pot_limit || [], (line) => el("li", "", line));

  $("result").hidden = !fill($("awards"), t.awards, (a) => el("li", "", awardText(a)));
  $("notes-box").hidden = !fill($("notes"), dealerNotes(state), (n) => el("li", "", n));
  const said = state.said.slice(-10).reverse();
  fill($("said"), said, (s) => {
    const li = el("li", "", s.text);
    if (s.notes.length) {
      const sub = el("ul", "said-notes");
      s.notes.forEach((n) => sub.append(el("li", "", n)));
      li.append(sub);
    }
    return li;
  });
  if (!said.length) $("said").append(el("li", "quiet", "nothing yet in this hand"));
  $("said").start = state.said.length;

  const ledger = state.ledger;
  $("ledger-box").hidden = !state.between || ledger.players.length === 0;
  $("ledger-title").textContent = `The evening so far: ${ledger.hands} hand${ledger.hands === 1 ? "" : "s"}`;
  fill($("ledger").tBodies[0], ledger.players, (p) => {
    const tr = el("tr");
    tr.append(el("th", "", p.name), el("td", "net", p.net > 0 ? `+${chips(p.net)}` : chips(p.net)),
      el("td", "", chips(p.stack)), el("td", "", String(p.hands)));
    tr.firstChild.scope = "row";
    return tr;
  });
  $("ledger-check").textContent = ledger.adds_up ? "The ledger adds up." : "The ledger does NOT add up.";
  drawHabits(state.stats);
}

// The evening's habits, between hands (state.stats is null while a hand is played): the numbers as
// `drawdealer stats` prints them, in small tables that each fit a phone's width; every number says
// in words what it is (the column, or a word beside it).
function pct(rate) {
  return rate === null || rate.pct === null ? "—" : `${rate.pct.toFixed(1)}%`;
}

function decimal(value) {
  return value === null ? "—" : value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function habitsTable(caption, headers) {
  const table = el("table", "habits-table");
  table.append(el("caption", "", caption));
  const head = table.createTHead().insertRow();
  headers.forEach((h) => { const th = el("th", "", h); th.scope = "col"; head.append(th); });
  table.createTBody();
  return table;
}

function playerRow(table, name, cells, span = 1) {
  const tr = table.tBodies[0].insertRow();
  const th = el("th", "", name);
  th.scope = "row";
  if (span > 1) th.rowSpan = span;
  tr.append(th);
  cells.forEach((c) => tr.append(el("td", "", c)));
  return tr;
}

function drawsTable(g) {
  // a row per number (pat, avg, broke) under each player, a column per draw
  const several = g.draws > 1;
  const table = habitsTable("Draws", ["Player", "", ...Array.from({ length: g.draws },
    (_, k) => (several ? `${NTH[k]} draw` : "The draw"))]);
  table.classList.add("draws");
  g.players.forEach((p) => {
    const lines = [["pat", (d) => pct(d.stood_pat)], ["avg", (d) => decimal(d.cards_drawn.average)]];
    if (several) lines.push(["broke", (d) => (d.broke === null ? "" : pct(d.broke))]);
    lines.forEach(([word, value], i) => {
      const cells = [word, ...p.draws.map(value)];
      const tr = i === 0 ? playerRow(table, p.player, cells, lines.length) : table.tBodies[0].insertRow();
      if (i > 0) cells.forEach((c) => tr.append(el("td", "", c)));
      tr.cells[i === 0 ? 1 : 0].className = "what";
      if (i === lines.length - 1) tr.className = "last";
    });
  });
  return table;
}

function drawHabits(stats) {
  const box = $("habits-box");
  const games = stats ? stats.games.filter((g) => g.players.length) : [];
  box.hidden = games.length === 0;
  if (box.hidden) return;
  $("habits-title").textContent = `Habits this evening: ${stats.hands} hand${stats.hands === 1 ? "" : "s"}`
    + (stats.left_out ? ` (${stats.left_out} left out for their errors)` : "");
  $("habits").replaceChildren(...games.map((g) => {
    const div = el("div", "habits-game");
    div.dataset.game = g.game;
    if (games.length > 1) div.append(el("h3", "", `${g.name}: ${g.hands} hand${g.hands === 1 ? "" : "s"}`));
    const results = habitsTable("Results", ["Player", "Hands", "bb/100", "Won at SD", "Won w/o SD"]);
    const betting = habitsTable("Betting", ["Player", "VPIP", "Raised", "AF", "Went to SD"]);
    const italian = g.players.some((p) => p.opened !== null);
    const openings = italian ? habitsTable("Openings", ["Player", "Deals", "Opened"]) : null;
    g.players.forEach((p) => {
      playerRow(results, p.player, [String(p.hands), decimal(p.bb_per_100), pct(p.won_at_showdown),
        pct(p.won_without_showdown)]);
      playerRow(betting, p.player, [pct(p.vpip), pct(p.raised), decimal(p.aggression.factor),
        pct(p.went_to_showdown)]);
      if (openings) playerRow(openings, p.player, [String(p.hands), pct(p.opened)]);
    });
    div.append(results, betting, drawsTable(g), ...(openings ? [openings] : []));
    return div;
  }));
}

function draw(state) {
  $("journal").textContent = state.journal ? `“${state.journal}”` : "";
  const problem = state.problem;
  $("problem").hidden = !problem;
  $("game").hidden = !!problem;
  if (problem) {
    $("problem-title").textContent = problem.kind === "missing"
      ? "Waiting for the dealer: no game in this journal yet" : "The table view cannot read this journal";
    $("problem-message").textContent = problem.message;
    $("hand").textContent = "";
  } else {
    drawTable(state);
  }
  const t = state.table || {};
  SHOWN_LOG.push({ hand: t.hand, said: state.said ? state.said.length : null, street: t.street,
                   toAct: t.to_act, problem: problem ? problem.kind : null, at: Date.now() });
}

function connect() {
  const link = $("link");
  const source = new EventSource("events");
  source.onopen = () => { link.textContent = "live"; link.className = "link live"; };
  source.onmessage = (event) => draw(JSON.parse(event.data));
  source.onerror = () => { link.textContent = "connection lost: trying again…"; link.className = "link lost"; };
}

connect();
