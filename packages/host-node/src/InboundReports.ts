import { type InboundSmtp, reportPartsOf, startInboundSmtp } from "@servicekit/adapters/mail"
import type { ServiceKit } from "@servicekit/core"
import { DeliveryReportInbox } from "@servicekit/core/internal"
import { Effect } from "effect"

/**
 * The inbound SMTP listener for bounces and complaints on `port` and `host`: each message is split
 * by its MIME parts and recorded against the message it reports on (or ignored, and logged why).
 * `servicekit serve` and `servicekit worker` start it when SERVICEKIT_INBOUND_SMTP_PORT is set.
 */
export const startInboundReports = (
  kit: Pick<ServiceKit.ServiceKit<any>, "runtime">,
  options: { readonly port: number; readonly host: string }
): Promise<InboundSmtp> =>
  startInboundSmtp({
    ...options,
    receive: async ({ raw, recipients }) => {
      const parts = await reportPartsOf(raw)
      const runtime = kit.runtime as ServiceKit.ServiceKit<unknown>["runtime"]
      await runtime.runPromise(
        Effect.flatMap(DeliveryReportInbox, (inbox) => inbox.receive({ recipients, parts })).pipe(
          Effect.tap((receipt) =>
            Effect.logInfo(receipt.recorded ? "Delivery report recorded" : "Delivery report ignored").pipe(
              Effect.annotateLogs({ detail: receipt.detail })
            )
          )
        )
      )
    }
  })
