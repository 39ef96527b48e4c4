import { sipNetworkConformance } from "@servicekit/conformance"
import { makeMemorySipNetwork } from "@servicekit/core/testing"
import { Effect } from "effect"

sipNetworkConformance("memory", async () => {
  const network = await Effect.runPromise(makeMemorySipNetwork())
  let port = 5060
  return {
    layer: network.layer,
    listen: async (transport) => {
      const address = { host: "127.0.0.1", port: port++, transport }
      const trunk = await Effect.runPromise(network.listen(address))
      return {
        address,
        receive: () => Effect.runPromise(trunk.receive),
        send: (message) => Effect.runPromise(trunk.send(message)),
        close: () => Effect.runPromise(trunk.hangUp)
      }
    },
    closedPort: async () => port++
  }
})
