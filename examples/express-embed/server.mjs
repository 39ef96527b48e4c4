import { createApp } from "./app.mjs"

const { app, kit } = createApp()
// Background jobs (email delivery, webhooks, automation runs) in this process; without them sends stay queued.
await kit.startWorkers()
const port = Number(process.env.PORT ?? 3000)
const server = app.listen(port, () => console.log(`Express app with ServiceKit on http://localhost:${port}`))

const shutdown = () => server.close(() => kit.dispose().then(() => process.exit(0)))
process.once("SIGTERM", shutdown)
process.once("SIGINT", shutdown)
