import { createApp } from "./app.mjs"

const port = Number(process.env.PORT ?? 3000)
// Where users reach this app: the links ServiceKit hands out (chat links) start with it.
const { app, kit } = createApp({ publicUrl: process.env.SERVICEKIT_PUBLIC_URL ?? `http://localhost:${port}` })
// Background jobs (email delivery, webhooks, automation runs) in this process; without them sends stay queued.
await kit.startWorkers()
const server = app.listen(port, () => console.log(`Express app with ServiceKit on http://localhost:${port}`))

const shutdown = () => server.close(() => kit.dispose().then(() => process.exit(0)))
process.once("SIGTERM", shutdown)
process.once("SIGINT", shutdown)
