import { type ChildProcess, spawn } from "node:child_process"
import { createSocket } from "node:dgram"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { header } from "../../core/src/calling/SipMessage.js"
import { connectSoftphone, outgoingCall } from "./fixtures/softphone.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-softphone-sipp-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const scenario = fileURLToPath(new URL("./fixtures/sipp/trunk.xml", import.meta.url))

/** A free UDP port on loopback (released again for sipp to bind). */
const freeUdpPort = () =>
  new Promise<number>((resolve) => {
    const socket = createSocket("udp4")
    socket.bind(0, "127.0.0.1", () => {
      const { port } = socket.address()
      socket.close(() => resolve(port))
    })
  })

/** sipp as the tenant's trunk for one call; resolves with its exit code. */
const startTrunk = async () => {
  const port = await freeUdpPort()
  const child: ChildProcess = spawn(
    "sipp",
    [
      "-sf",
      scenario,
      "-i",
      "127.0.0.1",
      "-p",
      String(port),
      "-mp",
      String(await freeUdpPort()),
      "-m",
      "1",
      "-timeout",
      "20s",
      "-nostdin",
      "-trace_err",
      "-error_file",
      join(dataDir, "sipp-errors.log")
    ],
    { stdio: ["ignore", "ignore", "pipe"], cwd: dataDir }
  )
  let stderr = ""
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, stderr }))
  )
  return { port, exited, stop: () => child.kill("SIGKILL") }
}

describe("softphone WebSocket against sipp as the tenant's trunk", () => {
  const served = serve(() =>
    kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true" })
  )

  it("sets up a call through the relay, answering the trunk's challenge with the stored password, and tears it down", async () => {
    const trunk = await startTrunk()
    try {
      const registered = await fetch(`${served.url}/api/sip/register`, {
        method: "POST",
        headers: { authorization: `Bearer ${served.admin}`, "content-type": "application/json" },
        body: JSON.stringify({
          host: "127.0.0.1",
          port: trunk.port,
          transport: "udp",
          username: "acme",
          password: "s3cret-trunk-pass"
        })
      })
      expect(registered.status).toBe(200)

      const phone = await connectSoftphone(`${served.url.replace("http", "ws")}/api/sip/ws?token=${served.admin}`)
      expect(phone.protocol).toBe("sip")
      const call = outgoingCall("softphone-call-1")
      phone.send(call.invite)

      // The challenge never reaches the softphone: it sees the answer to its own INVITE.
      const ringing = await phone.next()
      expect(ringing.status?.code).toBe(180)
      expect(header(ringing, "cseq")).toBe("1 INVITE")
      const ok = await phone.next()
      expect(ok.status?.code).toBe(200)
      expect(header(ok, "cseq")).toBe("1 INVITE")
      expect(header(ok, "via")).toBe("SIP/2.0/WSS h7kq2.invalid;branch=z9hG4bKinv1")
      // The SDP answer passes untouched: media flows between the ends, not through the relay.
      expect(ok.body).toContain("c=IN IP4 198.51.100.20")
      phone.send(call.ack(ok))

      // The trunk hangs up; the BYE comes through the relay and the softphone's 200 goes back.
      const bye = await phone.next()
      expect(bye.request?.method).toBe("BYE")
      expect(header(bye, "call-id")).toBe("softphone-call-1")
      phone.send(call.okTo(bye))

      const exit = await trunk.exited
      expect(exit.code, exit.stderr).toBe(0)
      phone.close()
      expect((await phone.closed).code).toBe(1005)
    } finally {
      trunk.stop()
    }
  }, 30_000)
})
