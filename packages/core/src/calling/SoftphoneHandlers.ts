import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { DashboardSession } from "../http/Security.js"
import { acceptWebSocket } from "../http/WebSocket.js"
import { Softphone } from "./Softphone.js"
import { SoftphoneApi } from "./SoftphoneApi.js"

export const softphoneHandlers = implement(
  SoftphoneApi,
  Effect.gen(function* () {
    const softphone = yield* Softphone
    return {
      connectSoftphone: () =>
        DashboardSession.pipe(
          Effect.flatMap((session) => softphone.prepare(session.tenantId)),
          Effect.flatMap((relay) => acceptWebSocket({ protocol: "sip" }, relay))
        )
    }
  })
)
