#!/usr/bin/env node
// The `servicekit` command. This file is in the repository, so npm links the command at install
// time, before any build; in a source checkout it first builds whatever changed.
import { existsSync } from "node:fs"

const buildScript = new URL("../../../scripts/build-packages.mjs", import.meta.url)
if (existsSync(new URL("../src/cli.ts", import.meta.url)) && existsSync(buildScript)) {
  const { buildPackages } = await import(buildScript.href)
  // Build output goes to stderr, keeping stdout for the command's own (--json) output. Running
  // needs no type declarations; `npm test` and `npm run build` add them.
  buildPackages({ declarations: false, log: (line) => console.error(`servicekit: ${line}`), output: process.stderr.fd })
}
await import("../dist/cli.js")
