/* Chronicle pages: follow the game live (Server-Sent Events from the stream process, polling
   only while the stream cannot be reached), send the CSRF token with htmx requests, mark your
   turn in the tab title and icon, put the focus where the next action is after a swap, step
   through the move list with the arrow keys, and make the lobby's lists follow the chosen game.
   No inline script anywhere: the pages' Content-Security-Policy forbids it. */
(function () {
  "use strict";
  var source = null;
  var liveRefresh = false;  /* the coming swap is a live update (another seat moved) */
  var timer = null;
  var retry = null;

  function main() { return document.getElementById("main"); }

  function known() {
    var m = main();
    return m && m.dataset.version ? parseInt(m.dataset.version, 10) : 0;
  }

  var posting = false;  /* a move of this page is on its way: its answer brings the page */

  function refresh() {
    var m = main();
    if (posting) { return; }
    if (m && m.dataset.refresh && window.htmx) {
      liveRefresh = true;
      window.htmx.ajax("GET", m.dataset.refresh, {target: "#main", swap: "outerHTML"});
    }
  }

  var latest = 0;  /* the newest version the stream announced */

  function onMessage(event) {
    try {
      var version = JSON.parse(event.data).version;
      if (version > latest) { latest = version; }
      if (version > known()) { refresh(); }
    } catch (err) { /* a message without a version: nothing to do */ }
  }

  function poll() {
    var m = main();
    if (!m || !m.dataset.summary) { return; }
    fetch(m.dataset.summary, {headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (summary) { if (summary.version > known()) { refresh(); } })
      .catch(function () { /* try again at the next tick */ });
  }

  function startPolling() { if (!timer) { timer = window.setInterval(poll, 3000); } }

  function stopPolling() { if (timer) { window.clearInterval(timer); timer = null; } }

  /* One event stream per game page (issue 32): the game's versions, and the table's chat
     (``?chat=N``) when the page has a chat panel; a seat's browser first asks for a stream
     ticket (valid a minute), so it reads the chat as its seat. Chat messages are handed to
     chat.js as a "chronicle:chat" event on the document. */
  var chatSeen = 0;
  var refusals = 0;

  function onChat(event) {
    try {
      var data = JSON.parse(event.data);
      if (data.version > chatSeen) { chatSeen = data.version; }
      document.dispatchEvent(new CustomEvent("chronicle:chat", {detail: data}));
    } catch (err) { /* not a chat message */ }
  }

  function open(url) {
    source = new EventSource(url);
    source.addEventListener("snapshot", onMessage);
    source.addEventListener("version", onMessage);
    source.addEventListener("chat", onChat);
    source.addEventListener("finished", function (event) {
      onMessage(event);
      if (!document.getElementById("chat")) { source.close(); }  /* the chat goes on */
    });
    source.onopen = function () { refusals = 0; stopPolling(); };
    source.onerror = function () {
      startPolling();  /* meanwhile; the browser reconnects by itself unless refused */
      if (source && source.readyState === 2) {  /* refused (an expired ticket, 503…) */
        source = null;
        refusals += 1;
        var wait = refusals === 1 ? 2000 : 15000;  /* a ticket: at once; else later */
        if (!retry) { retry = window.setTimeout(function () { retry = null; follow(); }, wait); }
      }
    };
  }

  function follow() {
    var m = main();
    if (!m || !m.dataset.stream || source || m.dataset.game === undefined) { return; }
    if (!window.EventSource) { startPolling(); return; }
    var chat = document.getElementById("chat");
    if (!chat) { open(m.dataset.stream); return; }
    chatSeen = Math.max(chatSeen, parseInt(chat.dataset.chatVersion || "0", 10));
    var url = m.dataset.stream + "?chat=" + chatSeen;
    if (chat.dataset.chatViewer === "") { open(url); return; }
    fetch(chat.dataset.chatTicket, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (body) {
        if (source) { return; }
        open(url + (body.ticket ? "&ticket=" + encodeURIComponent(body.ticket) : ""));
      })
      .catch(function () {
        startPolling();
        if (!retry) { retry = window.setTimeout(function () { retry = null; follow(); }, 5000); }
      });
  }

  /* another seat of this browser (switch seat): the stream follows as that seat */
  function followAgain() {
    var m = main();
    var chat = document.getElementById("chat");
    var who = (m ? m.dataset.game : "") + "|" + (chat ? chat.dataset.chatViewer : "");
    if (followAgain.who !== undefined && followAgain.who !== who && source) {
      source.close();
      source = null;
    }
    followAgain.who = who;
    follow();
  }

  /* -- your turn: the tab title and icon ---------------------------------------------------- */
  function markTurn() {
    var m = main();
    if (!m || !m.dataset.title) { return; }
    var mine = m.dataset.myTurn === "yes";
    document.title = (mine ? "\u25B6 " + (m.dataset.yourTurn || "Your turn") + " \u00B7 " : "") + m.dataset.title;
    var icon = document.getElementById("favicon");
    if (icon) { icon.href = mine ? icon.dataset.turn : icon.dataset.idle; }
  }

  /* -- the move list: keep the shown move in view, step with the keys ------------------------ */
  function showCurrent() {
    var list = document.getElementById("move-list");
    var shown = list && list.querySelector("li.shown");
    if (shown) {
      list.scrollTop = Math.max(0, shown.offsetTop - list.clientHeight / 2);
    }
  }

  var KEYS = {ArrowLeft: 1, ArrowRight: 1, Home: 1, End: 1};

  function typing(target) {
    return target && (target.isContentEditable ||
      /^(INPUT|SELECT|TEXTAREA|BUTTON|SUMMARY)$/.test(target.tagName));
  }

  document.addEventListener("keydown", function (event) {
    if (!KEYS[event.key] || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    var timeline = document.getElementById("timeline");
    var target = event.target;
    var inTimeline = timeline && timeline.contains(target);
    if (!timeline || (!inTimeline && target !== document.body && target !== main()) ||
        typing(target)) { return; }
    var link = timeline.querySelector('a.step[data-key="' + event.key + '"]');
    if (!link) { return; }
    event.preventDefault();
    link.click();
  });

  /* -- after a swap: focus where the next action is ------------------------------------------ */
  var lastStepKey = null;
  var lastWhere = null;

  document.addEventListener("click", function (event) {
    var step = event.target.closest && event.target.closest("a.step");
    lastStepKey = step ? step.dataset.key : null;
    var move = event.target.closest && event.target.closest("button[data-where]");
    lastWhere = move ? move.dataset.where : null;
  });

  /* a live refresh swaps the page under the focus: put it back on the same control */
  var focused = null;

  /* a late answer never draws an older position over a newer one (a live refresh asked for
     just before this page's own move, answered after it) */
  var lost = false;  /* the answer to this page's move found its page redrawn meanwhile */

  document.addEventListener("htmx:beforeSwap", function (event) {
    var m = main();
    var verb = ((event.detail.requestConfig || {}).verb || "").toLowerCase();
    if (verb === "post" && event.detail.target && !document.body.contains(event.detail.target)) {
      lost = true;
      event.detail.shouldSwap = false;
      return;
    }
    if (!m || event.detail.target !== m || !event.detail.shouldSwap) { return; }
    var found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && verb === "get" && parseInt(found[1], 10) < known()) {  /* (the game's version) */
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var active = document.activeElement;
    var m = main();
    focused = null;
    if (event.detail.target === m && active && active !== document.body && m.contains(active)) {
      focused = active.id ? "#" + active.id :
        (active.dataset.where ? 'button[data-where="' + active.dataset.where + '"]' : null);
    }
  });

  function refocus() {
    if (!focused || (document.activeElement && document.activeElement !== document.body)) {
      return;
    }
    var again = document.querySelector(focused);
    focused = null;
    if (again) { again.focus(); return; }
    /* the control is gone (a live update of your own move redrew it): stay on the board */
    if (!focusWalk()) {
      var heading = document.getElementById("board-h");
      if (heading) { heading.focus(); }
    }
  }

  /* a multi-part action in progress (#walk): the focus stays on the board, on the place
     just used when it still has a move, else on the step's first place, else on the step */
  function focusWalk() {
    var walk = document.getElementById("walk");
    if (!walk || lastWhere === "list") { return false; }
    var same = lastWhere && lastWhere !== "walk" &&
      document.querySelector('.board.walking button[data-where="' + lastWhere + '"]');
    var place = same || document.querySelector(
      ".board.walking .step button, .board.walking .step > summary, .board.walking button.cell");
    (place || document.getElementById("walk-h")).focus();
    return true;
  }

  function focusAfterSwap(detail) {
    var error = document.getElementById("error");
    if (error) { error.focus(); return; }
    var config = detail.requestConfig || {};
    if (lastStepKey) {
      var again = document.querySelector('a.step[data-key="' + lastStepKey + '"]') ||
        document.querySelector("#timeline .stepper a.step");
      lastStepKey = null;
      if (again) { again.focus(); return; }
    }
    if ((config.verb || "").toLowerCase() !== "post") {  /* a live refresh */
      refocus();
      return;
    }
    if (focusWalk()) { return; }
    /* your turn goes on: the first move where you chose the last one (the list or the board);
       your turn ended: the board's heading, with the board and the log right after it */
    var list = document.querySelector("#moves details[open] button.move");
    var board = document.querySelector(".board .acts.one button, .board details.acts summary");
    var first = lastWhere === "list" ? (list || board) : (board || list);
    (first || document.getElementById("board-h") || document.getElementById("status")).focus();
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.target && event.detail.target.id === "main") {
      foldOthers();
      followAgain();
      markChanges(liveRefresh);
      liveRefresh = false;
      markTurn();
      showCurrent();
      focusAfterSwap(event.detail);
    }
  });

  /* -- what changed (issue 32): after a live update, the board's places, cells and goods whose
     drawing changed are marked (.changed, and .fresh for a few seconds); the marks stay through
     later live updates until this page makes a move of its own ------------------------------ */
  var marked = {};
  var before = null;

  function drawn() {
    var out = {};
    document.querySelectorAll("#main [data-id]").forEach(function (el) {
      var cls = el.className.baseVal === undefined ? el.className : "";
      out[el.dataset.id] = (el.dataset.k || "") + "|" +
        cls.replace(/\b(changed|fresh|can-act)\b/g, "").replace(/\s+/g, " ");
    });
    return out;
  }

  function markChanges(live) {
    var now = drawn();
    if (live && before) {
      Object.keys(now).forEach(function (id) {
        if (before[id] !== undefined && before[id] !== now[id]) { marked[id] = "fresh"; }
      });
    }
    before = now;
    document.querySelectorAll("#main [data-id]").forEach(function (el) {
      var how = marked[el.dataset.id];
      if (!how) { return; }
      el.classList.add("changed");
      if (how === "fresh") {
        el.classList.add("fresh");
        marked[el.dataset.id] = "kept";
        window.setTimeout(function () { el.classList.remove("fresh"); }, 3000);
      }
    });
  }

  /* after a load: the marks kept since this seat's last move, as the server derives them
     from the event log as this seat sees it (service/web/marks.py), so a reload keeps them */
  function loadMarks() {
    var m = main();
    if (!m || !m.dataset.marks || !window.fetch) { return; }
    fetch(m.dataset.marks, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : {ids: []}; })
      .then(function (found) {
        var now = main();
        if (!now || String(found.version) !== now.dataset.version) { return; }
        (found.ids || []).forEach(function (id) { if (!marked[id]) { marked[id] = "kept"; } });
        markChanges(false);
      })
      .catch(function () { /* no marks: nothing else is lost */ });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var verb = ((event.detail.requestConfig || {}).verb || "").toLowerCase();
    if (verb === "post") { marked = {}; posting = true; }  /* your own move: the marks go */
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var verb = ((event.detail.requestConfig || {}).verb || "").toLowerCase();
    if (verb !== "post") { return; }
    posting = false;
    /* a live refresh redrew the page while the move was on its way (its answer had no page
       left to go to), or the stream announced a newer version meanwhile: draw it now */
    var again = lost;
    lost = false;
    window.setTimeout(function () { if (again || latest > known()) { refresh(); } }, 50);
  });

  /* move clocks (issue 25): every <time data-deadline> counts down to its deadline */
  function countdown() {
    var now = Date.now() / 1000;
    document.querySelectorAll("time[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round(parseFloat(el.dataset.deadline) - now));
      var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
      var m = Math.floor(left % 3600 / 60), s = left % 60;
      el.textContent = (d ? d + "d " : "") + (d || h ? h + "h " : "") + m + "m " + s + "s";
    });
  }
  setInterval(countdown, 1000);
  document.addEventListener("DOMContentLoaded", countdown);

  document.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) { event.detail.headers["X-CSRF-Token"] = meta.content; }
  });

  /* -- the lobby: the variant list follows the game, the seats follow the variant ----------- */
  function lobby() {
    var title = document.getElementById("title");
    var variant = document.getElementById("variant");
    if (!title || !variant) { return; }
    function seats() {
      var chosen = variant.options[variant.selectedIndex];
      var min = chosen ? parseInt(chosen.dataset.min, 10) : 1;
      var max = chosen ? parseInt(chosen.dataset.max, 10) : 8;
      document.querySelectorAll(".seat-field").forEach(function (box) {
        var i = parseInt(box.dataset.seat, 10);
        var input = box.querySelector("input");
        var bot = box.querySelector("select");
        var isBot = bot && bot.value !== "";
        box.hidden = i >= max;
        input.disabled = i >= max;
        if (bot) { bot.disabled = i >= max; }
        input.required = i < min && !isBot;
        input.placeholder = isBot ? "no name needed" : "";
      });
      /* only the chosen variant's options are shown and sent */
      document.querySelectorAll("fieldset.options").forEach(function (set) {
        var mine = chosen && set.dataset.variant === chosen.value;
        set.hidden = !mine;
        set.disabled = !mine;
      });
    }
    document.querySelectorAll(".seat-field select").forEach(function (bot) {
      bot.addEventListener("change", seats);
    });
    function variants() {
      var keep = null;
      variant.querySelectorAll("optgroup").forEach(function (group) {
        var show = group.dataset.title === title.value;
        group.hidden = !show;
        group.disabled = !show;
      });
      var current = variant.options[variant.selectedIndex];
      if (current && current.dataset.title === title.value) { keep = current; }
      if (!keep) {
        keep = variant.querySelector('option[data-title="' + title.value + '"]');
        if (keep) { keep.selected = true; }
      }
      seats();
    }
    title.addEventListener("change", variants);
    variant.addEventListener("change", seats);
    var chosen = variant.options[variant.selectedIndex];
    if (chosen && chosen.dataset.title !== title.value && variant.dataset.fromServer) {
      title.value = chosen.dataset.title;
    }
    variants();
  }

  /* Copy buttons (invite links): the link to the clipboard, or selected to copy by hand */
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.copy[data-copy]");
    if (!button) { return; }
    var input = document.getElementById(button.dataset.copy);
    if (!input) { return; }
    input.select();
    var done = function () { button.textContent = button.dataset.copied || "Copied"; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () { /* selected */ });
    } else {
      try { if (document.execCommand("copy")) { done(); } } catch (err) { /* selected */ }
    }
  });

  /* your name, asked once: remembered in this browser and offered in the lobby's forms */
  var NAME_KEY = "chronicle-name";
  function rememberName() {
    var stored = null;
    try { stored = window.localStorage.getItem(NAME_KEY); } catch (err) { return; }
    ["player0", "quick-name"].forEach(function (id) {
      var input = document.getElementById(id);
      if (input && !input.value && stored) { input.value = stored; }
    });
    document.querySelectorAll("form.create, form.quick").forEach(function (form) {
      form.addEventListener("submit", function () {
        var input = form.querySelector("#player0, #quick-name");
        try {
          if (input && input.value.trim()) { window.localStorage.setItem(NAME_KEY, input.value.trim()); }
        } catch (err) { /* storage refused: asked again next time */ }
      });
    });
  }

  /* on a phone the other seats fold away (the page keeps what the player last chose) */
  var othersOpen = null;
  function foldOthers() {
    var others = document.querySelector("details.others");
    if (!others) { return; }
    if (othersOpen === null) { othersOpen = window.innerWidth >= 640; }
    others.open = othersOpen;
    others.addEventListener("toggle", function () { othersOpen = others.open; });
  }

  /* Compare (issue 32): outline what differs between the boards drawn side by side */
  function compareBoards() {
    var boards = document.querySelectorAll("[data-compare]");
    if (boards.length < 2) { return; }
    var drawnIn = function (root) {
      var out = {};
      root.querySelectorAll("[data-id]").forEach(function (el) {
        out[el.dataset.id] = (el.dataset.k || "") + "|" + el.className;
      });
      return out;
    };
    var first = drawnIn(boards[0]);
    boards.forEach(function (root, index) {
      if (index === 0) { return; }
      var other = drawnIn(root);
      [boards[0], root].forEach(function (side) {
        side.querySelectorAll("[data-id]").forEach(function (el) {
          var id = el.dataset.id;
          if (first[id] !== other[id]) { el.classList.add("changed"); }
        });
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    compareBoards();
    foldOthers();
    rememberName();
    markChanges(false);
    loadMarks();
    followAgain();
    markTurn();
    showCurrent();
    lobby();
    var error = document.getElementById("error");
    if (error) { error.focus(); }
  });
}());
