"use strict";
// The board of ecs-vanguard: one renderer for a replay (show --html) and a live game (play
// --web). Plain JavaScript, no library; every text goes in through textContent.
(function () {
  var data = JSON.parse(document.getElementById("data").textContent);
  var LIVE = data.kind === "ecs-vanguard live";
  var at = 0, timer = null, pinned = null;
  var CIRCLES_NEAR = [["front_left", "vc", "front_right"], ["back_left", "back_center", "back_right"]];
  var LABEL = {vc: "VC", front_left: "front left", front_right: "front right", back_left: "back left",
    back_center: "back center", back_right: "back right"};
  var ZONES = [["soul", "soul"], ["drop", "drop"], ["bind", "bind"], ["order", "order zone"],
    ["trigger", "trigger zone"], ["removed", "removed"], ["revealed", "revealed"],
    ["gc", "guardian circle"], ["ride_deck", "ride deck"]];

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function printed(c) { return (c && c.id && data.cards[c.id]) || {}; }
  function nameOf(c) { return c.name || printed(c).name || "(face down)"; }
  function gradeOf(c) { return c.grade !== undefined ? c.grade : printed(c).grade; }
  function isDown(c) { return c.face_up === false; }
  function showText(id) {
    var box = $("cardtext"); box.textContent = "";
    if (!id || !data.cards[id]) { box.appendChild(el("span", "help", "Point at a card or click it to read it.")); return; }
    box.appendChild(el("pre", "", data.cards[id].text));
  }
  function hoverable(e, c) {
    if (!c || !c.id) return e;
    e.setAttribute("data-id", c.id);
    e.title = nameOf(c) + " - click to keep its text shown";
    e.addEventListener("mouseenter", function () { if (!pinned) showText(c.id); });
    e.addEventListener("click", function () {
      pinned = pinned === c.id ? null : c.id; showText(c.id);
    });
    return e;
  }
  function who(p) { return data.players[p].label; }

  function unit(c) {
    var down = isDown(c);
    var e = el("div", "card" + (c.rested ? " rested" : "") + (down ? " down" : ""));
    e.appendChild(el("div", "n", (down && !c.id ? "(face down)" : nameOf(c)) + (down && c.id ? " (face down)" : "")));
    var s = el("div", "s");
    var g = gradeOf(c);
    if (g !== undefined) s.appendChild(document.createTextNode("G" + g + " "));
    if (c.power !== undefined) {
      s.appendChild(el("b", "", c.power));
      s.appendChild(document.createTextNode(" · crit " + c.critical + " "));
    }
    s.appendChild(el("span", "st", c.rested ? "rested" : "standing"));
    e.appendChild(s);
    var marks = (printed(c).marks || []).concat(c.marks || []);
    if (c.dress && c.dress.length) marks.push("overDress over " + c.dress.map(nameOf).join(", "));
    if (marks.length) e.appendChild(el("div", "m", marks.join(" · ")));
    return hoverable(e, c);
  }
  function chip(c, extra, faceless) {
    var down = isDown(c) && !faceless;
    var text = c.id || c.name ? nameOf(c) : "face down";
    if (down && (c.id || c.name)) text += " (down)";
    if (extra) text += extra;
    if (c.marks && c.marks.length) text += " [" + c.marks.join(", ") + "]";   // imprisoned, locked, ...
    return hoverable(el("span", "chip" + (down ? " down" : ""), text), c);
  }
  function zone(label, cards, always, extra, faceless) {
    if (!cards || (!cards.length && !always)) return null;
    var z = el("div", "zone");
    z.appendChild(el("span", "zl", label + " (" + cards.length + "): "));
    if (!cards.length) z.appendChild(el("span", "help", "none"));
    // copies of one card side by side, the same way up, show once with their count ("x2")
    var groups = [];
    cards.forEach(function (c) {
      var last = groups[groups.length - 1];
      var key = JSON.stringify(c);
      if (last && last.key === key) last.n += 1; else groups.push({key: key, c: c, n: 1});
    });
    groups.forEach(function (g) {
      z.appendChild(chip(g.c, (extra ? extra(g.c) : "") + (g.n > 1 ? " x" + g.n : ""), faceless));
    });
    return z;
  }
  function side(p, s, top, frame) {
    var box = el("section", "side p" + p + (frame.who === p ? " acting" : ""));
    box.id = "side" + p;
    var h = el("h2");
    var pl = data.players[p];
    h.appendChild(el("span", "who", pl.label + (pl.deck ? " · " + pl.deck : "") + (pl.agent ? " (" + pl.agent + ")" : "")));
    var counts = el("span", "counts");
    var down = (s.damage || []).filter(isDown).length;
    [["damage", (s.damage || []).length + (down ? " (" + down + " down)" : "")], ["hand", s.hand_size],
     ["deck", s.deck_size], ["soul", (s.soul || []).length], ["drop", (s.drop || []).length],
     ["bind", (s.bind || []).length], ["ride deck", s.ride_deck_size || 0],
     ["G zone", (s.g_zone || []).length]].forEach(function (kv) {
      if (kv[1] === 0 && ["bind", "ride deck", "G zone"].indexOf(kv[0]) >= 0) return;
      var c = el("span", "", kv[0] + " "); c.appendChild(el("b", "", kv[1])); counts.appendChild(c);
    });
    h.appendChild(counts);
    box.appendChild(h);
    var extras = (s.states || []).concat((s.worlds || []).filter(Boolean).map(function (w) { return w.replace(/_/g, " "); }));
    if (extras.length) box.appendChild(el("div", "help", "states: " + extras.join(", ")));
    var field = el("div", "field");
    var left = el("div", "zones");
    [zone("damage", s.damage || [], true), zone("G zone", s.g_zone || [])].forEach(function (z) { if (z) left.appendChild(z); });
    var circles = el("div", "circles");
    var rows = top ? [CIRCLES_NEAR[1].slice().reverse(), CIRCLES_NEAR[0].slice().reverse()] : CIRCLES_NEAR;
    rows.forEach(function (row) {
      row.forEach(function (name) {
        var c = el("div", "circle" + (name === "vc" ? " vc" : ""));
        c.setAttribute("data-circle", name);
        ((s.circles || {})[name] || []).forEach(function (u) { c.appendChild(unit(u)); });
        var force = (s.force || {})[name];
        c.appendChild(el("span", "cname", LABEL[name] + (force ? " · force " + force : "")));
        circles.appendChild(c);
      });
    });
    var right = el("div", "zones");
    ZONES.forEach(function (kz) {
      var z = zone(kz[1], s[kz[0]] || [], kz[0] === "drop" || kz[0] === "soul",
        kz[0] === "gc" ? function (c) { var sh = printed(c).shield; return sh ? " +" + sh : ""; } : null,
        kz[0] === "ride_deck" || kz[0] === "revealed");
      if (z) right.appendChild(z);
    });
    field.appendChild(left); field.appendChild(circles); field.appendChild(right);
    var hand = el("div", "hand");
    var picked = frame.who === p ? (frame.picked || []) : [];
    if (s.hand) {
      hand.appendChild(el("span", "zl", "hand (" + s.hand.length + "): "));
      var left_to_mark = picked.slice();
      s.hand.forEach(function (c) {
        var ch = chip(c, "", true);
        var k = left_to_mark.indexOf(nameOf(c));
        if (k >= 0) { ch.className += " picked"; ch.textContent += " (chosen)"; left_to_mark.splice(k, 1); }
        hand.appendChild(ch);
      });
    } else {
      hand.appendChild(el("span", "zl", "hand: " + s.hand_size + " cards (hidden)"));
    }
    if (top) { box.appendChild(hand); box.appendChild(field); } else { box.appendChild(field); box.appendChild(hand); }
    return box;
  }
  function named(u) {
    if (!u) return "?";
    var name = u.name || nameOf(u);
    return (u.player !== undefined ? who(u.player) + "'s " : "") + name + (u.circle ? " (" + LABEL[u.circle] + ")" : "");
  }
  function battle(b) {
    var box = $("battle"); box.textContent = "";
    if (!b) return;
    var head = named(b.attacker) + (b.co_attacker ? " and " + named(b.co_attacker) : "") + " attacks " + named(b.target);
    box.appendChild(el("div", "", "Battle" + (b.step ? " (" + b.step + " step)" : "") + ": " + head));
    var verdict = b.cant_be_hit ? "the target cannot be hit" : (b.hits_now ? "hits as it stands" : "no hit as it stands");
    box.appendChild(el("div", "totals", b.attack + " against " + b.defence + " - " + verdict));
    if (b.booster) box.appendChild(el("div", "", "boosted by " + named(b.booster)));
    if (b.guardians && b.guardians.length) {
      box.appendChild(el("div", "", "guardians: " + b.guardians.map(function (g) { return (g.name || "?") + " (+" + g.shield + ")"; }).join(", ")));
    }
  }
  function turnText(f) {
    if (f.phase === "setup") return "set-up";
    return "turn " + f.turn + ", " + who(f.tp) + "'s " + f.phase + " phase";
  }
  function render() {
    var f = data.frames[at];
    var sides = f.sides.map(function (k) { return data.sides[k]; });
    var bottom = LIVE ? data.you : 0, top = 1 - bottom;
    var board = $("board"); board.textContent = "";
    board.appendChild(side(top, sides[top], true, f));
    var b = el("div"); b.id = "battle"; board.appendChild(b);
    board.appendChild(side(bottom, sides[bottom], false, f));
    battle(f.battle);
    var st = $("status"); st.textContent = "";
    st.appendChild(el("div", "", turnText(f)));
    if (f.end) {
      st.appendChild(el("div", "ask", "The end: " + data.result));
      if (data.error) st.appendChild(el("div", "ask", data.error));
    } else if (f.ask) {
      var asking = LIVE && f.who === data.you ? "Your decision: " : who(f.who) + " decides: ";
      st.appendChild(el("div", "ask", asking + f.ask));
    }
    if (f.move) st.appendChild(el("div", "move", "Move: " + f.move));
    var lines = $("lines"); lines.textContent = "";
    var mine = data.log.slice(f.lines[0], f.lines[1]);
    var head = LIVE ? (mine.length ? "What happened since your last decision:" : "Nothing happened since your last decision.")
      : (mine.length ? "What it did:" : "No log line for this move.");
    lines.appendChild(el("div", "help", head));
    if (mine.length) lines.appendChild(el("pre", "", mine.join("\n")));
    var log = $("log"); log.textContent = "";
    var before = el("pre", "", data.log.slice(0, f.lines[0]).join("\n"));
    var now = el("pre", "now", mine.join("\n"));
    log.appendChild(before); log.appendChild(now);
    log.scrollTop = log.scrollHeight;
    if (!LIVE) {
      $("where").textContent = (f.end ? "End" : "Decision " + (at + 1)) + " of " + (data.frames.length - 1) + " · " + (f.phase === "setup" ? "set-up" : "turn " + f.turn);
      $("slider").value = at;
      if (location.hash !== "#" + (at + 1)) history.replaceState(null, "", "#" + (at + 1));
    }
    if (pinned) showText(pinned);
  }
  function go(i) { at = Math.max(0, Math.min(data.frames.length - 1, i)); render(); }
  function turnStarts() {
    var starts = [], last = null;
    data.frames.forEach(function (f, i) { var k = f.phase === "setup" ? 0 : f.turn; if (k !== last) { starts.push(i); last = k; } });
    return starts;
  }
  function nextTurn(dir) {
    var starts = turnStarts();
    if (dir > 0) { for (var i = 0; i < starts.length; i++) if (starts[i] > at) return go(starts[i]); return go(data.frames.length - 1); }
    for (var j = starts.length - 1; j >= 0; j--) if (starts[j] < at) return go(starts[j]);
    go(0);
  }
  function jump(turn) {
    var t = parseInt(turn, 10);
    if (isNaN(t)) return;
    for (var i = 0; i < data.frames.length; i++) if (data.frames[i].phase !== "setup" && data.frames[i].turn >= t) return go(i);
    go(data.frames.length - 1);
  }
  function play() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "Play"; return; }
    $("play").textContent = "Pause";
    timer = setInterval(function () {
      if (at >= data.frames.length - 1) { play(); return; }
      go(at + 1);
    }, parseInt($("speed").value, 10) || 800);
  }
  function replayControls() {
    var c = $("controls");
    function button(id, text, title, fn) { var b = el("button", "", text); b.id = id; b.title = title; b.addEventListener("click", fn); c.appendChild(b); }
    button("first", "|<", "the first decision (Home)", function () { go(0); });
    button("prevturn", "<< turn", "the previous turn (Up or Page Up)", function () { nextTurn(-1); });
    button("prev", "< prev", "the previous decision (Left)", function () { go(at - 1); });
    button("play", "Play", "play or pause (Space)", play);
    button("next", "next >", "the next decision (Right)", function () { go(at + 1); });
    button("nextturn", "turn >>", "the next turn (Down or Page Down)", function () { nextTurn(1); });
    button("last", ">|", "the end (End)", function () { go(data.frames.length - 1); });
    var speed = el("select"); speed.id = "speed"; speed.title = "time per decision while playing";
    [["1500", "slow"], ["800", "normal"], ["300", "fast"]].forEach(function (o) { var op = el("option", "", o[1]); op.value = o[0]; speed.appendChild(op); });
    speed.value = "800"; c.appendChild(speed);
    c.appendChild(el("label", "", "turn"));
    var t = el("input"); t.type = "number"; t.id = "turn"; t.min = 1; t.title = "jump to a turn (Enter)"; c.appendChild(t);
    t.addEventListener("keydown", function (e) { if (e.key === "Enter") { e.stopPropagation(); jump(t.value); } });
    button("jump", "go", "jump to the turn", function () { jump(t.value); });
    var s = el("input"); s.type = "range"; s.id = "slider"; s.min = 0; s.max = data.frames.length - 1; s.value = 0;
    s.addEventListener("input", function () { go(parseInt(s.value, 10)); });
    c.appendChild(s);
    c.appendChild(el("span", "", "")).id = "where";
    document.addEventListener("keydown", function (e) {
      if (e.target && e.target.tagName === "INPUT" && e.target.type === "number") return;
      var keys = {ArrowRight: function () { go(at + 1); }, ArrowLeft: function () { go(at - 1); },
        ArrowUp: function () { nextTurn(-1); }, PageUp: function () { nextTurn(-1); },
        ArrowDown: function () { nextTurn(1); }, PageDown: function () { nextTurn(1); },
        Home: function () { go(0); }, End: function () { go(data.frames.length - 1); }, " ": play};
      if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
    });
  }
  window.vgBoard = {data: function () { return data; }, go: go, render: render,
    setData: function (d) { data = d; at = d.frames.length - 1; render(); }};
  document.title = (data.title ? data.title + " - " : "") + "ecs-vanguard";
  $("title").textContent = data.title || "ecs-vanguard";
  $("result").textContent = LIVE ? "" : data.result + (data.error ? " - " + data.error : "");
  showText(null);
  if (!LIVE) {
    replayControls();
    var start = parseInt((location.hash || "#1").slice(1), 10) - 1;   // #N: decision N
    go(isNaN(start) ? 0 : start);
  } else if (window.vgLive) {
    window.vgLive(window.vgBoard);
  }
})();
