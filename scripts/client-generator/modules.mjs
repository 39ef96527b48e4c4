// How a section of the contract (a group's operations, its routes, the shared schemas, ...) becomes
// modules of at most LINE_LIMIT lines: one module while it fits, otherwise one module per value of
// its items' first key that divides them (a group's operations by resource, the shared schemas by
// family, ...), each cut again by the next key while it does not fit, with an index module joining
// the parts under the section's one name. Every item's last key is its own name, so only an item
// that alone passes the limit cannot be placed: the generator then fails rather than write it.

/** The most lines a generated module may have: the project's rule for every file, generated or not. */
export const LINE_LIMIT = 400

export const lineCount = (text) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0)

export const header = (what) =>
  `// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: ${what}.\n` +
  "// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.\n\n"

const words = (key) => key.split(/[^A-Za-z0-9]+/).filter((word) => word !== "")
export const pascal = (key) => words(key).map((word) => word[0].toUpperCase() + word.slice(1)).join("")
export const camel = (key) => {
  const name = pascal(key)
  return name[0].toLowerCase() + name.slice(1)
}

// A part's file name; `index` is the joining module's.
const fileName = (key) => (camel(key) === "index" ? "indexPart" : camel(key))

/** The import of the contract's `components` and `operations` a module's text refers to, from its folder depth. */
const indexImport = (file, body) => {
  const names = ["components", "operations"].filter((name) => body.includes(`${name}[`))
  const up = "../".repeat(file.split("/").length - 1)
  return names.length === 0 ? "" : `import type { ${names.join(", ")} } from "${up}index.js"\n\n`
}

/** A module's whole text: the header, the import of the contract its body refers to, the body. */
export const moduleText = (file, what, body) => header(what) + indexImport(file, body) + body

const groupBy = (items, key) => {
  const groups = new Map()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

/**
 * A section's modules, by file, and its entry: the module the rest of the contract imports the
 * section's name from. `section` says where it goes (`base`, the file path without `.ts`), what its
 * parts are called (`name(path)`, `what(path)`, for the path of keys that leads to a part, [] for
 * the whole section), and how a part's items (`body(name, items)`) and the joining index
 * (`join(name, parts)`) are written. Each item has `keys`, from the coarsest cut to its own name.
 */
export const sectionModules = (section, items) => {
  const leaf = (path, members) => {
    const file = path.length === 0 ? `${section.base}.ts` : `${section.base}/${path.map(fileName).join("/")}.ts`
    const name = section.name(path)
    return { file, name, text: moduleText(file, section.what(path), section.body(name, members)) }
  }
  const cut = (members, path, level) => {
    const whole = leaf(path, members)
    if (lineCount(whole.text) <= LINE_LIMIT) return [whole]
    for (let next = level; next < members[0].keys.length; next += 1) {
      const parts = groupBy(members, (item) => item.keys[next])
      if (parts.size > 1) return [...parts].flatMap(([key, part]) => cut(part, [...path, key], next + 1))
    }
    throw new Error(
      `${whole.file} would be ${lineCount(whole.text)} lines, over the limit of ${LINE_LIMIT}, and has nothing left to cut by`
    )
  }
  const parts = cut(items, [], 0)
  const clash = parts.find((part, index) => parts.findIndex((other) => other.file === part.file) !== index)
  if (clash !== undefined) throw new Error(`two parts of ${section.base} would both be ${clash.file}`)
  if (parts.length === 1 && parts[0].file === `${section.base}.ts`) {
    return { entry: parts[0], files: { [parts[0].file]: parts[0].text } }
  }
  const file = `${section.base}/index.ts`
  const joined = parts.map((part) => ({ name: part.name, from: `./${part.file.slice(section.base.length + 1, -3)}.js` }))
  const entry = { file, name: section.name([]) }
  const files = Object.fromEntries(parts.map((part) => [part.file, part.text]))
  files[file] = moduleText(file, section.what([]), section.join(entry.name, joined))
  return { entry, files }
}

/** Fails, naming them, when modules pass the limit anyway (a joining index of very many parts, say). */
export const assertWithinLimit = (files) => {
  const over = Object.entries(files).filter(([, text]) => lineCount(text) > LINE_LIMIT)
  if (over.length > 0) {
    const list = over.map(([file, text]) => `${file} (${lineCount(text)} lines)`).join(", ")
    throw new Error(`generated modules over the limit of ${LINE_LIMIT} lines: ${list}`)
  }
}
