import { createServer } from "node:http"
import { webhookListener } from "./receiver.mjs"

// WEBHOOK_SECRET is the `secret` ServiceKit returned when the subscription was created.
const secret = process.env.WEBHOOK_SECRET
if (secret === undefined || secret === "") {
  console.error("Set WEBHOOK_SECRET to the subscription's signing secret.")
  process.exit(2)
}
const port = Number(process.env.PORT ?? 4000)

const server = createServer(
  webhookListener({
    secret,
    onEvent: async (delivery, deliveryId) => {
      console.log(`${delivery.timestamp} ${delivery.event} ${delivery.eventId} (delivery ${deliveryId})`)
      console.log(JSON.stringify(delivery.payload))
    }
  })
)
server.listen(port, () => console.log(`Receiving ServiceKit webhooks on http://localhost:${port}/`))
