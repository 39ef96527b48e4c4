/**
 * The hosted chat page: plain HTML, CSS and a small script (HostedChatScript.ts), nothing from
 * elsewhere; the strict Content-Security-Policy would stop an injected script anyway. It is drawn
 * in the platform's brand (its name and logo in the header, its accent on the visitor's messages
 * and the buttons) until the script has the tenant's appearance, which it then wears.
 */

import { escapeAttribute, escapeText } from "../http/Html.js"
import { type Brand, brandImageSources, brandStyles } from "../platform/Branding.js"
import { DEFAULT_GREETING } from "./Appearance.js"

/**
 * Headers of the page and its assets: nothing but this origin may run, load or be sent (but the
 * brand's logo), and no Referer leaves.
 */
export const pageSecurityHeaders = (brand: Brand) => ({
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
    `img-src ${brandImageSources(brand)}; base-uri 'none'; form-action 'none'`,
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store"
})

/** The brand's logo (beside its name, so it says nothing more) and name, shown once the tenant's name is known. */
const brandMark = (brand: Brand) => {
  const logo = brand.logoUrl === undefined ? "" : `<img src="${escapeAttribute(brand.logoUrl)}" alt="">`
  return `<p class="brand" hidden>${logo}<span>${escapeText(brand.name)}</span></p>`
}

/**
 * The page at `${mountPath}/public/chat`, or with `siteKey` the widget's panel at
 * `${mountPath}/public/chat/widget`: a greeting before the first message and a button that closes
 * the panel; the panel offers to attach files once its first message has opened a conversation.
 * While nobody can chat, the away message and a field for an address replies go to stand above the
 * messages. Its assets beside it.
 */
export const chatPageHtml = (mountPath: string, brand: Brand, siteKey?: string) => {
  const base = escapeAttribute(`${mountPath}/public/chat`)
  const widget = siteKey === undefined ? "" : ` data-site-key="${escapeAttribute(siteKey)}"`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Chat · ${escapeText(brand.name)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}/chat.css">
<script src="${base}/chat.js" defer></script>
</head>
<body>
<main class="chat" aria-label="Chat" data-base="${base}"${widget}>
  <header>
    <div class="heading">
      ${brandMark(brand)}
      <h1 id="title">Chat</h1>
    </div>
    <span id="status" class="status"></span>
    ${siteKey === undefined ? "" : '<button type="button" id="close" class="close" aria-label="Close chat">×</button>'}
  </header>
  <p id="notice" class="notice" role="alert" hidden></p>
  <section id="away" class="away" aria-labelledby="away-message" hidden>
    <p id="away-message"></p>
    <form id="away-form" novalidate>
      <label for="away-email">Email for replies</label>
      <div class="away-field">
        <input type="email" id="away-email" name="email" autocomplete="email" aria-describedby="away-status">
        <button type="submit" id="away-save">Save</button>
      </div>
      <p id="away-status" class="away-status" role="status"></p>
    </form>
  </section>
  <ol id="messages" class="messages" aria-live="polite"></ol>
  <p id="typing" class="typing" role="status" hidden></p>
  <p id="greeting" class="greeting" hidden>${escapeText(DEFAULT_GREETING)}</p>
  <section id="rating" class="rating" hidden>
    <p>How was this conversation?</p>
    <div class="stars">
      <button type="button" data-rating="1" aria-label="1 of 5">1</button>
      <button type="button" data-rating="2" aria-label="2 of 5">2</button>
      <button type="button" data-rating="3" aria-label="3 of 5">3</button>
      <button type="button" data-rating="4" aria-label="4 of 5">4</button>
      <button type="button" data-rating="5" aria-label="5 of 5">5</button>
    </div>
    <textarea id="comment" maxlength="2000" rows="2" placeholder="Anything to add? (optional)"></textarea>
  </section>
  <p id="thanks" class="thanks" hidden>Thank you for your rating.</p>
  <p id="restart" class="restart" hidden><button type="button">Start a new conversation</button></p>
  <p id="file-notice" class="file-notice" role="status" hidden></p>
  <form id="composer" class="composer">
    <textarea id="content" name="content" maxlength="10000" rows="2" placeholder="Write a message" aria-label="Message" required></textarea>
    <label id="attach-label" class="attach" title="Attach a file"${siteKey === undefined ? "" : " hidden"}><input type="file" id="attach" multiple><span class="vh">Attach a file</span><svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg></label>
    <button type="submit" id="send">Send</button>
  </form>
</main>
</body>
</html>
`
}

/** The page's stylesheet: the brand's colours, then the rules that use them. */
export const chatPageCss = (brand: Brand) => `${brandStyles(brand)}*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#1d2330}
.chat{display:flex;flex-direction:column;height:100vh;max-width:640px;margin:0 auto;background:#fff}
header{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:12px 16px;border-bottom:1px solid #e3e6eb}
.heading{min-width:0}
.brand{display:flex;align-items:center;gap:6px;margin:0 0 2px;font-size:12px;font-weight:600;color:var(--accent)}
.brand img{height:20px;width:auto;max-width:120px}
.brand span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
h1{font-size:17px;margin:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.status{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#5b6577}
.notice{margin:0;padding:8px 16px;background:#fff4e5;color:#7a4a00}
.away{padding:10px 16px;background:#fff4e5;color:#5c3800;border-bottom:1px solid #f1dcbc;font-size:14px}
.away p{margin:0}
#away-message{margin-bottom:8px;white-space:pre-wrap;overflow-wrap:anywhere}
.away label{display:block;margin-bottom:4px;font-size:13px;font-weight:600}
.away-field{display:flex;gap:8px}
.away input{flex:1;min-width:0;font:inherit;padding:6px 8px;border:1px solid #8c959f;border-radius:8px;background:#fff;color:#1d2330}
.away input[aria-invalid=true]{border-color:#a40e26}
.away button{padding:0 14px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;cursor:pointer}
.away button:hover{background:var(--accent-strong)}
.away .away-status{margin-top:4px;font-size:13px}
.away .refused{color:#a40e26}
.close{flex:none;width:32px;height:32px;border:0;border-radius:8px;background:none;color:#5b6577;font-size:22px;line-height:1;cursor:pointer}
.close:hover{background:#eef1f5}
.greeting{margin:0 16px 16px;padding:10px 12px;border-radius:12px;background:#eef1f5;align-self:flex-start;white-space:pre-wrap;overflow-wrap:anywhere}
.messages{flex:1;overflow-y:auto;list-style:none;margin:0;padding:16px;display:flex;flex-direction:column;gap:8px}
.message{max-width:80%;padding:8px 12px;border-radius:12px;background:#eef1f5;white-space:pre-wrap;overflow-wrap:anywhere}
.message p{margin:0}
.message small{display:flex;align-items:center;gap:4px;margin-top:4px;font-size:11px;color:#5b6577}
.initials{display:inline-flex;align-items:center;justify-content:center;min-width:18px;height:18px;padding:0 3px;border-radius:9px;background:var(--accent);color:#fff;font-size:9px;font-weight:600}
.message.visitor{align-self:flex-end;background:var(--accent);color:#fff}
.message.visitor small{color:#fff}
.message.system{align-self:center;background:none;color:#5b6577;font-style:italic}
.typing{margin:0 16px 8px;font-size:12px;color:#5b6577;font-style:italic}
.rating,.thanks,.restart{margin:0;padding:12px 16px;border-top:1px solid #e3e6eb}
.restart button{padding:8px 14px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;cursor:pointer}
.restart button:hover{background:var(--accent-strong)}
.rating p{margin:0 0 8px}
.stars{display:flex;gap:6px;margin-bottom:8px}
.stars button{width:40px;height:36px;border:1px solid #c9ced8;border-radius:8px;background:#fff;cursor:pointer}
.rating textarea,.composer textarea{width:100%;font:inherit;padding:8px;border:1px solid #c9ced8;border-radius:8px;resize:none}
.composer{display:flex;gap:8px;padding:12px 16px;border-top:1px solid #e3e6eb}
.composer button{padding:0 18px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;cursor:pointer}
.composer button:hover{background:var(--accent-strong)}
.composer button:disabled,.composer textarea:disabled{opacity:.6;cursor:not-allowed}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.attach{position:relative;flex:none;display:flex;align-items:center;justify-content:center;width:40px;border:1px solid #c9ced8;border-radius:8px;color:#5b6577;cursor:pointer}
.attach:hover{background:#eef1f5}
.attach:focus-within{outline:2px solid var(--accent);outline-offset:2px}
.attach input{position:absolute;width:1px;height:1px;opacity:0}
.attach input:disabled{cursor:not-allowed}
.file-notice{margin:0;padding:8px 16px;color:#a40e26;font-size:13px;overflow-wrap:anywhere}
.files{list-style:none;margin:4px 0 0;padding:0;display:flex;flex-direction:column;gap:4px;white-space:normal}
.files a{color:inherit}
.files img{display:block;max-width:200px;max-height:200px;border-radius:8px}
`
