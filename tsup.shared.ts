import { type Options, defineConfig } from "tsup"

/** The one build every package shares: ESM plus declarations for Node 20 and Bun. */
export const packageBuild = (entry: Array<string>, options: Partial<Options> = {}) =>
  defineConfig({ entry, format: ["esm"], dts: true, clean: true, sourcemap: true, target: "node20", ...options })
