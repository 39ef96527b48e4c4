import { type Options, defineConfig } from "tsup"

// Running a server needs only the JavaScript: `npm start` and the CLI build without declarations
// (scripts/build-packages.mjs sets this), which is most of a fresh clone's build time.
const declarations = process.env.SERVICEKIT_BUILD_DECLARATIONS !== "0"

/**
 * The one build every package shares: ESM plus declarations for Node 20 and Bun. Entries are
 * paths, or output names to paths where an entry's file is not at the top of src/.
 */
export const packageBuild = (entry: Array<string> | Record<string, string>, options: Partial<Options> = {}) =>
  defineConfig({
    entry,
    format: ["esm"],
    clean: true,
    sourcemap: true,
    target: "node20",
    ...options,
    dts: declarations ? (options.dts ?? true) : false
  })
