// An existing Express app with routes of its own, mounting ServiceKit under /api.
import express from "express"
import { createServiceKit, toNodeListener } from "@servicekit/host-node"

export const createApp = (options = {}) => {
  const kit = createServiceKit(options)
  const app = express()

  // The host app's own routes keep working next to ServiceKit.
  app.get("/", (_req, res) => res.type("text").send("Acme portal"))
  app.get("/health", (_req, res) => res.json({ ok: true }))

  // ServiceKit answers everything under its mount path (/api unless `mountPath` or
  // SERVICEKIT_MOUNT_PATH says otherwise): public /api/v1/* and dashboard routes.
  // Mounted before body parsers it reads the exact request bytes itself; behind
  // express.json() it uses the parsed body.
  app.use(kit.config.mountPath, toNodeListener(kit))

  return { app, kit }
}
