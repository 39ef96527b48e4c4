/**
 * The offline docs page (Scalar, inlined by @effect/platform) made self-contained: no web fonts
 * (Scalar fetches Inter and JetBrains Mono from its own host by default; the system's fonts stand
 * in), and a Content-Security-Policy that lets the page reach its own origin only, so that a
 * page that works offline cannot quietly depend on the network.
 */

/** Scalar's settings for the page: the system's fonts instead of its hosted ones. */
export const docsPageSettings = {
  withDefaultFonts: false,
  customCss: `:root {
  --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}`
} as const

const base64 = (bytes: ArrayBuffer) => {
  let text = ""
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte)
  return btoa(text)
}

/** The page's own scripts, by their SHA-256 (the JSON data block is not a script and needs none). */
const scriptHashes = async (html: string) =>
  Promise.all(
    [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(async ([, source]) => {
      const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(source))
      return `'sha256-${base64(digest)}'`
    })
  )

/**
 * The page with a CSP in its head: its own inline scripts by hash, styles (Scalar writes them at
 * run time) and images, fonts and requests from its own origin only; nothing from elsewhere.
 */
export const withOwnOriginOnly = async (html: string): Promise<string> => {
  const head = '<meta charset="utf-8" />'
  if (!html.includes(head)) throw new Error("The docs page has no charset meta to place its CSP after")
  const policy = [
    "default-src 'none'",
    // Scalar compiles WebAssembly; 'wasm-unsafe-eval' allows that and no JavaScript eval.
    `script-src ${(await scriptHashes(html)).join(" ")} 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'"
  ].join("; ")
  return html.replace(head, `${head}\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`)
}
