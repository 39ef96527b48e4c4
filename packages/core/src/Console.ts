/**
 * The console (`@servicekit/console`) as documents of the engine: the shell page at
 * `{mountPath}/console` and its hashed script and stylesheet under `{mountPath}/console/assets/`.
 * Like the docs page, these are not operations of the API. The page carries what the app needs to
 * know of this kit (where the API is, the scopes of each key product, the webhook events, the
 * platform's brand), so the app holds no copy of rules that live here. The brand's colours come in a
 * small stylesheet of their own, `{mountPath}/console/brand.css`, after the app's.
 */
import { consoleAssets } from "@servicekit/console"
import { Option, Schema, SchemaAST } from "effect"
import type { Document } from "./http/Documents.js"
import { escapeAttribute, escapeText } from "./http/Html.js"
import { isOrigin } from "./http/Cors.js"
import { builtInCatalog } from "./BuiltInProducts.js"
import { type Brand, brandImageSources, brandStyles, defaultBrand } from "./platform/Branding.js"
import type { Catalog, CatalogEvent } from "./platform/Products.js"

/** A `frame-ancestors` source the console accepts: `'self'`, `'none'` (alone) or an origin. */
export const isFrameAncestor = (source: string): boolean =>
  source === "'self'" || source === "'none'" || isOrigin(source)

/**
 * The page's policy: everything from this origin only, no inline script and no eval (the app is
 * one external script), images from here, inline or from the brand's logo's origin, framed only by
 * the configured ancestors.
 */
const policy = (frameAncestors: ReadonlyArray<string>, brand: Brand) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${brandImageSources(brand)}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.length === 0 ? "'none'" : frameAncestors.join(" ")}`
  ].join("; ")

/**
 * The template preview frame's policy: its one script from this origin, the email's inline styles
 * and inline images, nothing else (no script of the email's, no remote image that would tell a
 * sender someone looked), framed by the console only.
 */
const previewPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'"
].join("; ")

const previewPage = (mountPath: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<script src="${escapeAttribute(`${mountPath}/console/assets/${consoleAssets.preview.name}`)}"></script>
</head>
<body></body>
</html>
`

// The hashed assets never change under their name: a year in any cache.
const assetHeaders = { "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" }

/**
 * An event as the console's catalog page shows it: its description and its example body (as JSON,
 * encoded as a delivery would send it) from its body's annotations; null for an event never sent.
 */
const catalogEvent = ({ body, name, product }: CatalogEvent) => {
  if (body === undefined) return { name, product: product ?? null, description: null, example: null }
  const example = SchemaAST.getExamplesAnnotation(body.ast)
  return {
    name,
    product: product ?? null,
    description: Option.getOrNull(SchemaAST.getDescriptionAnnotation(body.ast)),
    example: Option.isSome(example) ? Schema.encodeSync(body)(example.value[0]) : null
  }
}

const page = (mountPath: string, products: Catalog, brand: Brand) => {
  const assets = `${mountPath}/console/assets`
  const scopesByProduct = Object.fromEntries(products.keyProducts.map((product) => [product, products.scopesOf(product)]))
  const webhookEvents = products.events.map(catalogEvent)
  const catalog = { scopesByProduct, webhookEvents }
  const shown = { name: brand.name, logoUrl: brand.logoUrl ?? null }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeText(brand.name)} console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeAttribute(`${assets}/${consoleAssets.styles.name}`)}">
<link rel="stylesheet" href="${escapeAttribute(`${mountPath}/console/brand.css`)}">
<script type="module" src="${escapeAttribute(`${assets}/${consoleAssets.script.name}`)}"></script>
</head>
<body>
<div id="app" data-api="${escapeAttribute(mountPath)}" data-catalog="${escapeAttribute(JSON.stringify(catalog))}"
  data-brand="${escapeAttribute(JSON.stringify(shown))}"></div>
<noscript>The ${escapeText(brand.name)} console needs JavaScript.</noscript>
</body>
</html>
`
}

/**
 * The console's page and assets by path, for the engine's documents; the page names the kit's key
 * products' scopes and wears the platform's brand.
 */
export const consoleDocuments = (
  mountPath: string,
  frameAncestors: ReadonlyArray<string>,
  products: Catalog = builtInCatalog,
  brand: Brand = defaultBrand
) => {
  const shell: Document = {
    contentType: "text/html; charset=utf-8",
    body: page(mountPath, products, brand),
    headers: {
      "content-security-policy": policy(frameAncestors, brand),
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "cache-control": "no-store"
    }
  }
  // The page names its assets by absolute path and routes in the fragment, so it works at the
  // address typed with a trailing slash too.
  const preview: Document = {
    contentType: "text/html; charset=utf-8",
    body: previewPage(mountPath),
    headers: {
      "content-security-policy": previewPolicy,
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
      "cache-control": "no-store"
    }
  }
  // Unhashed, as the brand may change with a restart: asked again each time.
  const brandSheet: Document = {
    contentType: "text/css; charset=utf-8",
    body: brandStyles(brand),
    headers: { "cache-control": "no-cache", "x-content-type-options": "nosniff" }
  }
  return new Map<string, Document>([
    [`${mountPath}/console`, shell],
    [`${mountPath}/console/`, shell],
    [`${mountPath}/console/preview`, preview],
    [`${mountPath}/console/brand.css`, brandSheet],
    ...Object.values(consoleAssets).map(
      ({ body, contentType, name }): [string, Document] => [
        `${mountPath}/console/assets/${name}`,
        { contentType, body, headers: assetHeaders }
      ]
    )
  ])
}
