/* The table's chat on the game page (service/web/templates/chat_panel.html): the chat comes
   live on the page's one event stream (live.js opens it with ?chat=N and, for a seat, a
   stream ticket, and hands each chat message over as a "chronicle:chat" event); add each new
   message with textContent (never as markup), remove messages hidden by a moderator, and keep
   a half-typed message when the page's main part is redrawn after a move. */
(function () {
  "use strict";
  if (window.chronicleChat) { return; }
  window.chronicleChat = true;
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

  function onChat(data) {
    if (!data) { return; }
    add(data.messages || []);
    hide(data.hidden);
  }

  /* the messages arrive on the page's one event stream (live.js hands them over) */
  document.addEventListener("chronicle:chat", function (event) { onChat(event.detail); });
  document.addEventListener("htmx:beforeSwap", function () {
    var input = document.getElementById("chat-text");
    typed = input && input === document.activeElement ? {value: input.value, focus: true}
      : (input && input.value ? {value: input.value, focus: false} : null);
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var p = panel();
    if (!p) { return; }
    var input = document.getElementById("chat-text");
    var sent = event.detail && event.detail.elt && event.detail.elt.id === "chat" && !document.getElementById("chat-error");
    if (input && typed && !sent) {
      input.value = typed.value;
      if (typed.focus) { input.focus(); }
    } else if (input && sent) { input.focus(); }
    typed = null;
  });
})();
