// Passkeys (WebAuthn): register one on the account page, sign in with one on the sign-in page.
// The server sends the options as JSON (base64url for bytes) and checks the answer.
(function () {
  const csrf = () => document.querySelector('meta[name="csrf-token"]').content;
  const toBytes = (b64) => {
    const s = atob(b64.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((b64.length + 3) % 4));
    return Uint8Array.from(s, (c) => c.charCodeAt(0));
  };
  const toB64 = (buf) => {
    const s = String.fromCharCode(...new Uint8Array(buf));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const say = (text) => { const el = document.getElementById("passkey-status"); if (el) el.textContent = text; };
  const post = async (url, body) => {
    const r = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf()},
      body: JSON.stringify(body),
    });
    return [r.ok, await r.json()];
  };

  const add = document.getElementById("passkey-add");
  if (add) add.addEventListener("click", async () => {
    try {
      const o = await (await fetch(add.dataset.options, {credentials: "same-origin"})).json();
      o.challenge = toBytes(o.challenge);
      o.user.id = toBytes(o.user.id);
      (o.excludeCredentials || []).forEach((c) => { c.id = toBytes(c.id); });
      const c = await navigator.credentials.create({publicKey: o});
      const [ok, answer] = await post(add.dataset.post, {
        id: c.id, rawId: toB64(c.rawId), type: c.type,
        response: {
          clientDataJSON: toB64(c.response.clientDataJSON),
          attestationObject: toB64(c.response.attestationObject),
          transports: c.response.getTransports ? c.response.getTransports() : [],
        },
        clientExtensionResults: c.getClientExtensionResults(),
      });
      if (ok) { say("Passkey added."); window.location.reload(); } else { say(answer.detail); }
    } catch (err) { say("No passkey was added: " + err.message); }
  });

  const signin = document.getElementById("passkey-signin");
  if (signin) signin.addEventListener("click", async () => {
    try {
      const o = await (await fetch(signin.dataset.options, {credentials: "same-origin"})).json();
      o.challenge = toBytes(o.challenge);
      (o.allowCredentials || []).forEach((c) => { c.id = toBytes(c.id); });
      const c = await navigator.credentials.get({publicKey: o});
      const [ok, answer] = await post(signin.dataset.post, {
        id: c.id, rawId: toB64(c.rawId), type: c.type,
        response: {
          clientDataJSON: toB64(c.response.clientDataJSON),
          authenticatorData: toB64(c.response.authenticatorData),
          signature: toB64(c.response.signature),
          userHandle: c.response.userHandle ? toB64(c.response.userHandle) : null,
        },
        clientExtensionResults: c.getClientExtensionResults(),
      });
      if (ok) { window.location.assign(answer.redirect); } else { say(answer.detail); }
    } catch (err) { say("No passkey sign-in: " + err.message); }
  });
})();
