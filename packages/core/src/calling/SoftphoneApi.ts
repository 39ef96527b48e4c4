import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { DashboardSocketAuth } from "../http/Security.js"
import { UpgradeRequired } from "../http/WebSocket.js"
import { SoftphoneUnavailable } from "./CallingErrors.js"

/** The dashboard softphone's SIP over WebSocket; the dashboard token comes as `?token=`. */
export class SoftphoneApi extends HttpApiGroup.make("softphone")
  .add(
    HttpApiEndpoint.get("connectSoftphone", "/sip/ws")
      .addSuccess(
        HttpApiSchema.Empty(101).annotations({ description: "Switching Protocols: the softphone's socket is open" })
      )
      .addError(SoftphoneUnavailable)
      .addError(UpgradeRequired)
      .annotate(OpenApi.Summary, "Softphone: SIP over WebSocket to the tenant's trunk")
      .annotate(
        OpenApi.Description,
        "A WebSocket upgrade offering the `sip` subprotocol (RFC 7118), on the native Node and Bun hosts; 426 elsewhere or without the upgrade. Each message is one SIP message, relayed to the tenant's own trunk (whose Digest challenges the relay answers with the stored password) or to the platform's carrier for hosted SIP. Signalling only: the SDP passes through untouched and media flows between the softphone and the far end. Any dashboard role."
      )
  )
  .middleware(DashboardSocketAuth)
  .annotate(OpenApi.Title, "Business Calling softphone (dashboard)")
  .annotate(
    OpenApi.Description,
    "The dashboard's softphone: SIP over WebSocket to the tenant's own trunk or hosted SIP, with the dashboard token as its only credential."
  ) {}
