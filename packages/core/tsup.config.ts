import { packageBuild } from "../../tsup.shared.js"

// One build of all entries: their common modules go to shared chunks, so an Effect tag or error
// class imported through two entries is one and the same value.
export default packageBuild({
  index: "src/index.ts",
  testing: "src/testing.ts",
  internal: "src/internal.ts",
  calling: "src/entries/calling.ts",
  chat: "src/entries/chat.ts",
  transactional: "src/entries/transactional.ts",
  growth: "src/entries/growth.ts",
  automations: "src/entries/automations.ts",
  webhooks: "src/entries/webhooks.ts"
})
