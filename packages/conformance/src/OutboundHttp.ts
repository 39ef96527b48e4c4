import { MAX_RESPONSE_BYTES, OutboundHttp, type OutboundRefused, type OutboundRequest } from "@servicekit/core/internal"
import { Effect, Fiber, type Layer } from "effect"
import { describe, expect, it } from "vitest"

/** A request as the target received it. */
export interface ReceivedRequest {
  readonly method: string
  /** Path and query. */
  readonly path: string
  /** By lower-case name. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** How the target answers. */
export interface TargetAnswer {
  /** How long the target takes before it answers; at once by default. */
  readonly delayMs?: number
  readonly status: number
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
}

export interface OutboundHttpHarness {
  /**
   * The client under test, allowed to reach private and loopback targets or not, with
   * `connections` per destination (its own default when absent).
   */
  readonly layer: (options: { readonly allowPrivate: boolean; readonly connections?: number }) => Layer.Layer<OutboundHttp>
  /** The target's base URL, `http://127.0.0.1:<port>` or alike: loopback, so reachable only with allowPrivate. */
  readonly url: string
  /** The same target as another destination (another origin), `http://localhost:<port>` or alike. */
  readonly otherUrl: string
  /** Everything the target received so far, oldest first. */
  readonly received: () => Promise<ReadonlyArray<ReceivedRequest>>
  /** How the target answers from now on; 200 with an empty body until told. */
  readonly answer: (answer: TargetAnswer) => void
  /** Stops whatever the harness started; runs after the layer is released. */
  readonly close: () => Promise<void>
}

const post = (url: string, body = "{}"): OutboundRequest => ({
  url,
  headers: { "content-type": "application/json" },
  body,
  timeout: "10 seconds"
})

/** What every OutboundHttp must do: refuse what the guard refuses before connecting, and report any answer as it came. */
export const outboundHttpConformance = (name: string, makeHarness: () => Promise<OutboundHttpHarness>) =>
  describe(`OutboundHttp conformance: ${name}`, () => {
    const withClient = async <A>(
      allowPrivate: boolean,
      use: (client: OutboundHttp["Type"], harness: OutboundHttpHarness) => Effect.Effect<A, unknown>,
      connections?: number
    ) => {
      const harness = await makeHarness()
      try {
        return await Effect.runPromise(
          Effect.flatMap(OutboundHttp, (client) => use(client, harness)).pipe(
            Effect.provide(harness.layer({ allowPrivate, ...(connections === undefined ? {} : { connections }) }))
          )
        )
      } finally {
        await harness.close()
      }
    }
    const received = (harness: OutboundHttpHarness) => Effect.promise(() => harness.received())

    const expectRefusals = (
      client: OutboundHttp["Type"],
      cases: ReadonlyArray<readonly [string, OutboundRefused["reason"]]>
    ) =>
      Effect.forEach(cases, ([url, reason]) =>
        Effect.gen(function* () {
          const refusal = yield* Effect.flip(client.post(post(url)))
          expect({ url, tag: refusal._tag, reason: (refusal as OutboundRefused).reason }).toEqual({
            url,
            tag: "OutboundRefused",
            reason
          })
          expect(refusal.message.length).toBeGreaterThan(0)
        })
      )

    it("refuses http, non-public addresses, credentials, other schemes and garbage, and sends nothing", async () => {
      await withClient(false, (client, harness) =>
        Effect.gen(function* () {
          const port = new URL(harness.url).port
          yield* expectRefusals(client, [
            [harness.url, "scheme"],
            ["http://hooks.example.com/webhook", "scheme"],
            [`https://127.0.0.1:${port}/`, "address"],
            ["https://10.0.0.1/webhook", "address"],
            ["https://169.254.169.254/latest/meta-data/", "address"],
            ["https://[::1]/webhook", "address"],
            ["https://[::ffff:127.0.0.1]/webhook", "address"],
            ["https://[::127.0.0.1]/webhook", "address"],
            ["https://0x7f.1/webhook", "address"],
            ["https://localhost/webhook", "address"],
            [`https://LOCALHOST.:${port}/`, "address"],
            ["https://user:secret@hooks.example.com/webhook", "invalid_url"],
            ["ftp://hooks.example.com/webhook", "scheme"],
            ["file:///etc/passwd", "scheme"],
            ["not a url", "invalid_url"],
            ["https://", "invalid_url"]
          ])
          expect(yield* received(harness)).toEqual([])
        })
      )
    })

    it("refuses credentials, other schemes and garbage even where private targets are allowed", async () => {
      await withClient(true, (client, harness) =>
        Effect.gen(function* () {
          const target = new URL(harness.url)
          yield* expectRefusals(client, [
            [`http://user:secret@${target.host}/`, "invalid_url"],
            [`ftp://${target.host}/`, "scheme"],
            ["//example.com/webhook", "invalid_url"]
          ])
          expect(yield* received(harness)).toEqual([])
        })
      )
    })

    it("never repeats a URL's credentials in a refusal", async () => {
      await withClient(false, (client) =>
        Effect.gen(function* () {
          const refusal = yield* Effect.flip(client.post(post("https://user:s3cr3t-pw@hooks.example.com/")))
          expect(JSON.stringify(refusal)).not.toContain("s3cr3t-pw")
        })
      )
    })

    it("posts the headers and the exact body, and returns status, headers and body", async () => {
      await withClient(true, (client, harness) =>
        Effect.gen(function* () {
          harness.answer({
            status: 201,
            headers: { "X-Receiver": "ok", "Content-Type": "text/plain" },
            body: "got it ✓"
          })
          const body = JSON.stringify({ event: "conversation.created", text: "Grüße ✓ 你好\r\nline two\t." })
          const response = yield* client.post({
            url: `${harness.url}/hooks/chat?tenant=t_1`,
            headers: {
              "Content-Type": "application/json",
              "X-Service-Signature": "abc123",
              "X-Service-Delivery": "d_1"
            },
            body,
            timeout: "10 seconds"
          })
          expect(response.status).toBe(201)
          expect(response.headers["x-receiver"]).toBe("ok")
          expect(response.headers["content-type"]).toBe("text/plain")
          expect(response.body).toBe("got it ✓")
          expect(response.durationMs).toBeGreaterThanOrEqual(0)
          const [request, ...more] = yield* received(harness)
          expect(more).toEqual([])
          expect(request.method).toBe("POST")
          expect(request.path).toBe("/hooks/chat?tenant=t_1")
          expect(request.body).toBe(body)
          expect(request.headers["content-type"]).toBe("application/json")
          expect(request.headers["x-service-signature"]).toBe("abc123")
          expect(request.headers["x-service-delivery"]).toBe("d_1")
        })
      )
    })

    it("posts a batch at once and answers each request's end in order, a refusal failing only its own", async () => {
      await withClient(false, (client, harness) =>
        Effect.gen(function* () {
          harness.answer({ status: 202, body: "queued" })
          // Loopback and other schemes are refused here: nothing reaches the target, each answer says why.
          const refused = yield* client.postAll([post("https://127.0.0.1/a"), post("ftp://example.com/b")])
          expect(refused.map((answer) => answer._tag)).toEqual(["Left", "Left"])
          expect(refused.map((answer) => (answer._tag === "Left" && "reason" in answer.left ? answer.left.reason : undefined))).toEqual([
            "address",
            "scheme"
          ])
          expect(yield* received(harness)).toEqual([])
          expect(yield* client.postAll([])).toEqual([])
        })
      )
      await withClient(true, (client, harness) =>
        Effect.gen(function* () {
          harness.answer({ status: 202, body: "queued" })
          const answers = yield* client.postAll([
            post(`${harness.url}/first`, '{"n":1}'),
            post("not a url"),
            post(`${harness.url}/third`, '{"n":3}')
          ])
          expect(
            answers.map((answer) =>
              answer._tag === "Right"
                ? { status: answer.right.status, body: answer.right.body }
                : { refused: answer.left._tag }
            )
          ).toEqual([{ status: 202, body: "queued" }, { refused: "OutboundRefused" }, { status: 202, body: "queued" }])
          const paths = (yield* received(harness)).map((request) => `${request.path} ${request.body}`)
          expect([...paths].sort()).toEqual(['/first {"n":1}', '/third {"n":3}'])
        })
      )
    })

    it("returns 4xx and 5xx answers as responses, not failures", async () => {
      await withClient(true, (client, harness) =>
        Effect.gen(function* () {
          for (const [status, body] of [
            [400, '{"error":"bad"}'],
            [404, "not here"],
            [410, ""],
            [500, "boom"],
            [503, "later"]
          ] as const) {
            harness.answer({ status, body })
            const response = yield* client.post(post(`${harness.url}/hook`))
            expect({ status: response.status, body: response.body }).toEqual({ status, body })
          }
          expect(yield* received(harness)).toHaveLength(5)
        })
      )
    })

    it("returns a redirect as the answer, without following it", async () => {
      await withClient(true, (client, harness) =>
        Effect.gen(function* () {
          harness.answer({ status: 302, headers: { Location: `${harness.url}/elsewhere` }, body: "" })
          const response = yield* client.post(post(`${harness.url}/hook`))
          expect(response.status).toBe(302)
          expect(response.headers.location).toBe(`${harness.url}/elsewhere`)
          expect((yield* received(harness)).map((request) => request.path)).toEqual(["/hook"])
        })
      )
    })

    it(`keeps the first ${MAX_RESPONSE_BYTES} bytes of a longer body`, async () => {
      await withClient(true, (client, harness) =>
        Effect.gen(function* () {
          const body = "0123456789abcdef".repeat((3 * MAX_RESPONSE_BYTES) / 16)
          harness.answer({ status: 200, body })
          const response = yield* client.post(post(`${harness.url}/hook`))
          expect(response.body).toBe(body.slice(0, MAX_RESPONSE_BYTES))
        })
      )
    })

    it("waits for one of the destination's connections before the timeout starts", async () => {
      await withClient(
        true,
        (client, harness) =>
          Effect.gen(function* () {
            harness.answer({ status: 200, body: "slow", delayMs: 400 })
            // The second waits ~400 ms for the one connection, then takes ~400 ms: within its
            // 700 ms timeout only because the wait is not part of it.
            const answers = yield* client.postAll([
              { ...post(`${harness.url}/first`), timeout: "700 millis", connectionWait: "5 seconds" },
              { ...post(`${harness.url}/second`), timeout: "700 millis", connectionWait: "5 seconds" }
            ])
            expect(answers.map((answer) => (answer._tag === "Right" ? answer.right.body : answer.left._tag))).toEqual([
              "slow",
              "slow"
            ])
          }),
        1
      )
    })

    it("answers busy, sending nothing, when no connection comes free within the wait", async () => {
      await withClient(
        true,
        (client, harness) =>
          Effect.gen(function* () {
            harness.answer({ status: 200, delayMs: 600 })
            const answers = yield* client.postAll([
              post(`${harness.url}/held`),
              { ...post(`${harness.url}/turned-away`), connectionWait: "50 millis" }
            ])
            expect(answers[0]?._tag).toBe("Right")
            const busy = answers[1]
            expect(busy?._tag === "Left" ? busy.left._tag : busy?._tag).toBe("OutboundBusy")
            if (busy?._tag === "Left" && busy.left._tag === "OutboundBusy") {
              expect(busy.left.waitedMs).toBeGreaterThanOrEqual(40)
              expect(busy.left.message).not.toContain("/turned-away")
            }
            expect((yield* received(harness)).map((request) => request.path)).toEqual(["/held"])
          }),
        1
      )
    })

    it("keeps a request waiting while the destination answers the ones ahead of it, however long the line", async () => {
      await withClient(
        true,
        (client, harness) =>
          Effect.gen(function* () {
            harness.answer({ status: 200, delayMs: 100 })
            // One connection, eight requests: the last waits about 700 ms, seven times its wait,
            // yet a connection comes back every 100 ms, so none is turned away.
            const answers = yield* client.postAll(
              Array.from({ length: 8 }, (_, i) => ({ ...post(`${harness.url}/in-line-${i}`), connectionWait: "250 millis" }))
            )
            expect(answers.map((answer) => (answer._tag === "Right" ? answer.right.status : answer.left._tag))).toEqual(
              Array.from({ length: 8 }, () => 200)
            )
            expect((yield* received(harness)).length).toBe(8)
          }),
        1
      )
    })

    it("holds other destinations to nothing while one destination's connections are taken", async () => {
      await withClient(
        true,
        (client, harness) =>
          Effect.gen(function* () {
            harness.answer({ status: 200, delayMs: 500 })
            const held = yield* Effect.fork(client.post(post(`${harness.url}/held`)))
            yield* Effect.sleep("100 millis")
            const busy = yield* Effect.flip(client.post({ ...post(`${harness.url}/again`), connectionWait: "1 millis" }))
            expect(busy._tag).toBe("OutboundBusy")
            // Another origin has connections of its own: no wait, no busy.
            const other = yield* client.post({ ...post(`${harness.otherUrl}/other`), connectionWait: "1 millis" })
            expect(other.status).toBe(200)
            expect((yield* Fiber.join(held)).status).toBe(200)
            // Handed back: the destination takes requests again.
            harness.answer({ status: 204 })
            expect((yield* client.post({ ...post(`${harness.url}/after`), connectionWait: "1 millis" })).status).toBe(204)
          }),
        1
      )
    })
  })
