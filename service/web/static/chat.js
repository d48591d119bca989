/* The table's chat on the game page (service/web/templates/chat_panel.html): follow the chat
   live on the game's event stream with ?chat=N (a seat's browser first asks for a stream ticket,
   so it reads the chat as its seat), add each new message with textContent (never as markup),
   remove messages hidden by a moderator, and keep a half-typed message when the page's main part
   is redrawn after a move. */
(function () {
  "use strict";
  if (window.chronicleChat) { return; }
  window.chronicleChat = true;
  var source = null;
  var game = null;
  var version = 0;
  var typed = null;

  function panel() { return document.getElementById("chat"); }

  function known(list) {
    var seen = {};
    list.querySelectorAll("li[data-id]").forEach(function (li) { seen[li.dataset.id] = true; });
    return seen;
  }

  function add(messages) {
    var p = panel();
    var list = p && document.getElementById("chat-list");
    if (!list) { return; }
    var muted = (p.dataset.chatMuted || "").split(",").filter(Boolean);
    var seen = known(list);
    messages.forEach(function (m) {
      if (seen[m.id] || (m.seat !== null && muted.indexOf(String(m.seat)) >= 0)) { return; }
      var empty = list.querySelector(".chat-empty");
      if (empty) { empty.remove(); }
      var li = document.createElement("li");
      li.dataset.id = m.id;
      li.dataset.room = m.room;
      li.className = "chat-" + m.room;
      var name = document.createElement("span");
      name.className = "chat-name";
      name.textContent = m.name + (m.room === "spectators" ? " " + (p.dataset.spectator || "(spectator)") : "");
      var text = document.createElement("span");
      text.className = "chat-text";
      text.textContent = m.text;
      li.appendChild(name);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(text);
      list.appendChild(li);
      list.scrollTop = list.scrollHeight;
    });
  }

  function hide(ids) {
    (ids || []).forEach(function (id) {
      var li = document.querySelector('#chat-list li[data-id="' + Number(id) + '"]');
      if (li) { li.remove(); }
    });
  }

  function onChat(event) {
    var data;
    try { data = JSON.parse(event.data); } catch (err) { return; }
    add(data.messages || []);
    hide(data.hidden);
    if (data.version > version) { version = data.version; }
  }

  function open(ticket) {
    var main = document.getElementById("main");
    var p = panel();
    if (!main || !p || !main.dataset.stream) { return; }
    var url = main.dataset.stream + "?chat=" + version + (ticket ? "&ticket=" + encodeURIComponent(ticket) : "");
    source = new EventSource(url);
    source.addEventListener("chat", onChat);
    source.onerror = function () {
      if (source && source.readyState === 2) {  /* refused (an expired ticket…): start again */
        source = null;
        window.setTimeout(start, 3000);
      }
    };
  }

  function start() {
    var p = panel();
    if (!p || source) { return; }
    game = document.getElementById("main").dataset.game;
    version = Math.max(version, parseInt(p.dataset.chatVersion || "0", 10));
    if (p.dataset.chatViewer === "") { open(null); return; }
    fetch(p.dataset.chatTicket, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (body) { open(body.ticket || null); })
      .catch(function () { window.setTimeout(start, 5000); });
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:beforeSwap", function () {
    var input = document.getElementById("chat-text");
    typed = input && input === document.activeElement ? {value: input.value, focus: true}
      : (input && input.value ? {value: input.value, focus: false} : null);
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var p = panel();
    if (!p) { return; }
    var main = document.getElementById("main");
    if (source && main && main.dataset.game !== game) { source.close(); source = null; version = 0; }
    var drawn = parseInt(p.dataset.chatVersion || "0", 10);
    if (drawn > version) { version = drawn; }
    var input = document.getElementById("chat-text");
    var sent = event.detail && event.detail.elt && event.detail.elt.id === "chat" && !document.getElementById("chat-error");
    if (input && typed && !sent) {
      input.value = typed.value;
      if (typed.focus) { input.focus(); }
    } else if (input && sent) { input.focus(); }
    typed = null;
    if (!source) { start(); }
  });
})();
