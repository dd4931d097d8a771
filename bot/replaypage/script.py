"""The replay page's script: unpacking the data, stepping, turn jumps, keys,
perspectives and language. Plain DOM code inlined into the page; every text is
set with textContent, and each board picture is an <img> of its SVG (an image
runs no script)."""

SCRIPT = r"""
(async function () {
  "use strict";
  // The data is gzipped JSON in base64 (page.packed): unpacked by the browser's own DecompressionStream.
  if (typeof DecompressionStream === "undefined") { document.getElementById("unsupported").hidden = false; return; }
  const packed = Uint8Array.from(atob(document.getElementById("data").textContent.trim()), (c) => c.charCodeAt(0));
  const D = await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"))).json();
  const UI = {
    en: {lang: "Language:", turn: "Turn", jump: "Go", view: "View:", log: "Log", hand: "Private (hand, face-down)",
         proof: "Fairness proof", commitment: "Commitment (published at the start)", secret: "Secret (revealed at the end)",
         verify: "Verification (run when this page was made)", passed: "passed", failed: "FAILED",
         explain: "Every shuffle and roll was drawn from the secret; SHA-256 of the secret must equal the commitment published when the match began.",
         keys: "Keys: ← → step, Home/End first/last.", step: "Step", event: "event", noTurn: "No step at turn ",
         players: "Players: ", image: "The board as posted in the channel"},
    ja: {lang: "言語:", turn: "ターン", jump: "移動", view: "視点:", log: "ログ", hand: "非公開情報（手札・裏向き）",
         proof: "公正さの証明", commitment: "コミットメント（開始時に公開）", secret: "秘密値（終了時に公開）",
         verify: "検証（このページの作成時に実行）", passed: "合格", failed: "不合格",
         explain: "シャッフルとダイスはすべて秘密値から導かれます。秘密値のSHA-256は開始時に公開されたコミットメントと一致しなければなりません。",
         keys: "キー: ← → で1手ずつ、Home/Endで最初/最後。", step: "ステップ", event: "イベント", noTurn: "該当するステップがないターン: ",
         players: "参加者: ", image: "チャンネルに投稿された盤面"}
  };
  const $ = (id) => document.getElementById(id);
  let lang = document.documentElement.lang === "ja" ? "ja" : "en";
  let persp = 0;
  let at = 0;
  const text = (i) => i < 0 ? "" : D.texts[i].map((n) => D.lines[n]).join("\n");

  const logItems = D.log.map((entry) => {
    const li = document.createElement("li");
    li.dataset.seq = entry.seq;
    $("log").appendChild(li);
    return li;
  });
  const perspButtons = D.perspectives.map((p, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.perspective = p.key;
    b.addEventListener("click", () => { persp = i; show(); });
    $("perspectives").appendChild(b);
    return b;
  });

  function labels() {
    const u = UI[lang];
    document.documentElement.lang = lang;
    $("title").textContent = D.game[lang] + " — " + D.match;
    $("players").textContent = u.players + D.players[lang].join(lang === "ja" ? "、" : ", ");
    $("result").textContent = D.result[lang] || "";
    $("lang-label").textContent = u.lang;
    $("turn-label").textContent = u.turn;
    $("jump").textContent = u.jump;
    $("view-label").textContent = u.view;
    $("log-title").textContent = u.log;
    $("private-title").textContent = u.hand;
    $("proof-title").textContent = u.proof;
    $("proof-explain").textContent = u.explain;
    $("commitment-label").textContent = u.commitment;
    $("secret-label").textContent = u.secret;
    $("verify-label").textContent = u.verify;
    $("commitment").textContent = D.proof.commitment;
    $("secret").textContent = D.proof.secret;
    $("verify").textContent = D.proof.ok ? "✓ " + u.passed : "✗ " + u.failed;
    $("verify").className = D.proof.ok ? "ok" : "bad";
    const ul = $("verify-lines");
    ul.replaceChildren(...D.proof.lines.map((l) => { const li = document.createElement("li"); li.textContent = l[lang]; return li; }));
    $("keys").textContent = u.keys;
    $("board-image").title = u.image;
    D.log.forEach((entry, i) => { logItems[i].textContent = (lang === "ja" ? "ターン" + entry.turn : "T" + entry.turn) + " · " + entry[lang]; });
    perspButtons.forEach((b, i) => { b.textContent = D.perspectives[i][lang]; });
    document.querySelectorAll("button[data-lang]").forEach((b) => b.classList.toggle("on", b.dataset.lang === lang));
  }

  function show() {
    const step = D.steps[at];
    const v = step.v[persp];
    const board = text(v[lang === "ja" ? 1 : 0]);
    const priv = text(v[lang === "ja" ? 3 : 2]);
    $("board").textContent = board;
    $("private").textContent = priv;
    $("private").hidden = $("private-title").hidden = v[2] < 0;
    const img = $("board-image");
    const picture = step.img[lang === "ja" ? 1 : 0];
    if (picture >= 0) {
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(D.pictures[picture]);
      img.alt = text(step.alt[lang === "ja" ? 1 : 0]);
      img.hidden = false;
    } else { img.removeAttribute("src"); img.alt = ""; img.hidden = true; }
    $("slider").value = String(at);
    const u = UI[lang];
    $("position").textContent = u.step + " " + (at + 1) + "/" + D.steps.length + " (" + u.event + " " + step.seq + ", " + u.turn + " " + step.turn + ")";
    const prevSeq = at > 0 ? D.steps[at - 1].seq : 0;
    let current = null;
    logItems.forEach((item, i) => {
      const seq = D.log[i].seq;
      item.classList.toggle("later", seq > step.seq);
      item.classList.toggle("now", seq > prevSeq && seq <= step.seq);
      if (seq > prevSeq && seq <= step.seq && current === null) current = item;
    });
    if (current) current.scrollIntoView({block: "nearest"});
    perspButtons.forEach((b, i) => b.classList.toggle("on", i === persp));
    document.body.dataset.step = String(at);
    document.body.dataset.perspective = D.perspectives[persp].key;
  }

  function go(i) { at = Math.max(0, Math.min(D.steps.length - 1, i)); show(); }
  function jump() {
    const n = parseInt($("turn").value, 10);
    const i = D.steps.findIndex((s) => s.turn >= n);
    $("jump-error").textContent = (isNaN(n) || i < 0) ? UI[lang].noTurn + $("turn").value : "";
    if (!isNaN(n) && i >= 0) go(i);
  }

  $("slider").max = String(D.steps.length - 1);
  $("slider").addEventListener("input", () => go(parseInt($("slider").value, 10)));
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(D.steps.length - 1));
  $("jump").addEventListener("click", jump);
  $("turn").addEventListener("keydown", (e) => { if (e.key === "Enter") jump(); });
  document.querySelectorAll("button[data-lang]").forEach((b) => b.addEventListener("click", () => { lang = b.dataset.lang; labels(); show(); }));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type === "number") return;
    const moves = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: D.steps.length - 1};
    if (e.key in moves) { e.preventDefault(); go(moves[e.key]); }
  });
  labels();
  show();
})();
"""
