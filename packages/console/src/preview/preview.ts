// The template preview's frame (`{mountPath}/console/preview`): the console posts the rendered
// HTML here and this shows it as the email would look. The frame is sandboxed without
// `allow-same-origin`, so nothing in it can reach the console, and its page's policy runs no
// script of the email's and loads nothing from outside.

/** Elements that would act rather than show: refresh or redirect, change the base, run, embed. */
const ACTING = "meta[http-equiv], base, script, noscript, iframe, frame, frameset, object, embed, link, form"

const show = (html: string) => {
  const parsed = new DOMParser().parseFromString(html, "text/html")
  for (const element of parsed.querySelectorAll(ACTING)) element.remove()
  // A link would navigate the frame away; in a new window the sandbox blocks it instead.
  const base = parsed.createElement("base")
  base.target = "_blank"
  parsed.head.prepend(base)
  document.replaceChild(document.adoptNode(parsed.documentElement), document.documentElement)
}

addEventListener("message", (event) => {
  // Only the console that framed this page; it sends `{ html }`.
  if (event.source !== parent || typeof event.data?.html !== "string") return
  show(event.data.html)
})
parent.postMessage({ previewReady: true }, "*")
