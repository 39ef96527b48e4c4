import {
  type DeliveredMail,
  type MailRejected,
  type MailSender,
  Mailer,
  type OutgoingMail
} from "@servicekit/core/internal"
import { Effect, type Layer } from "effect"
import { describe, expect, it } from "vitest"

/** A message as its recipient's mail client reads it. */
export interface ArrivedMail {
  /** The address it was delivered to. */
  readonly to: string
  readonly from: { readonly address: string; readonly name: string }
  readonly subject: string
  /** The html part, if the message has one. */
  readonly html: string | undefined
  /** The plain-text part, if the message has one. */
  readonly text: string | undefined
  /** The `Message-ID` header, angle brackets included. */
  readonly messageId: string
  /** Every other header the suite looks at, by lower-case name. */
  readonly headers: Readonly<Record<string, string>>
}

export interface MailerHarness {
  readonly layer: Layer.Layer<Mailer>
  /** Everything delivered so far, oldest first. */
  readonly arrived: () => Promise<ReadonlyArray<ArrivedMail>>
  /**
   * Makes the next delivery fail as a mail server would: for good (a 5xx answer) or for now (a
   * 4xx answer or a dropped connection). Absent where the destination cannot fail so (a folder
   * of files); the suite then leaves the refusal cases out.
   */
  readonly reject?: ((kind: "permanent" | "transient") => Promise<void>) | undefined
  /** Stops whatever the harness started; runs after the layer is released. */
  readonly close: () => Promise<void>
}

/** Mail ends its lines with CRLF, and a body's last line break belongs to the message, not its content. */
const content = (part: string | undefined) => part?.replace(/\r\n/g, "\n").replace(/\n$/, "")

const longLine = `${"Sehr geehrte Kundin, ".repeat(12)}Ende.`

const welcome = (messageId: string): OutgoingMail => ({
  messageId,
  from: "Jürgen von Acme <support@acme.example>",
  to: "ana@example.com",
  subject: "Grüße ✓ — Ihre Bestellung",
  html: `<h1>Grüße ✓</h1>\n<p>你好, <a href="https://acme.example/o?a=1&amp;b=2">Bestellung</a></p>\n<p>${longLine}</p>`,
  text: `Grüße ✓\n\n你好,  zwei Leerzeichen und ein Tab\t.\n${longLine}\n. ein Punkt am Zeilenanfang`,
  headers: { "X-ServiceKit-Tenant": "tenant_1" }
})

/** What every Mailer must do: deliver what it is given, as given, and say how a refusal should be treated. */
export const mailerConformance = (
  name: string,
  makeHarness: () => Promise<MailerHarness>,
  options: { readonly refuses: boolean } = { refuses: true }
) =>
  describe(`Mailer conformance: ${name}`, () => {
    const withMailer = async <A>(
      use: (mailer: MailSender, harness: MailerHarness) => Effect.Effect<A, unknown>,
      harness?: MailerHarness
    ) => {
      const using = harness ?? (await makeHarness())
      try {
        return await Effect.runPromise(
          Effect.flatMap(Mailer, (mailer) => use(mailer, using)).pipe(Effect.provide(using.layer))
        )
      } finally {
        await using.close()
      }
    }
    const arrived = (harness: MailerHarness) => Effect.promise(() => harness.arrived())

    it("delivers a message with both parts as it was given, under the Message-ID it answers", async () => {
      await withMailer((mailer, harness) =>
        Effect.gen(function* () {
          const mail = welcome("msg_conformance_1")
          const delivered = yield* mailer.send(mail)
          const [message, ...more] = yield* arrived(harness)
          expect(more).toEqual([])
          expect(message.to).toBe("ana@example.com")
          expect(message.from).toEqual({ address: "support@acme.example", name: "Jürgen von Acme" })
          expect(message.subject).toBe(mail.subject)
          expect(content(message.html)).toBe(mail.html)
          expect(content(message.text)).toBe(mail.text)
          expect(message.headers["x-servicekit-tenant"]).toBe("tenant_1")
          expect(message.messageId).toBe(delivered.providerMessageId)
          expect(delivered.providerMessageId).toContain("msg_conformance_1")
        })
      )
    })

    it("delivers a message that has only text, and one that has only html", async () => {
      await withMailer((mailer, harness) =>
        Effect.gen(function* () {
          const { html, ...textOnly } = welcome("msg_text_only")
          const { text, ...htmlOnly } = welcome("msg_html_only")
          yield* mailer.send({ ...textOnly, from: "alerts@acme.example" })
          yield* mailer.send(htmlOnly)
          const [first, second] = yield* arrived(harness)
          expect(first.from).toEqual({ address: "alerts@acme.example", name: "" })
          expect(content(first.text)).toBe(text)
          expect(first.html).toBeUndefined()
          expect(content(second.html)).toBe(html)
          expect(second.text).toBeUndefined()
        })
      )
    })

    it("gives each message its own Message-ID", async () => {
      await withMailer((mailer, harness) =>
        Effect.gen(function* () {
          const first = yield* mailer.send(welcome("msg_first"))
          const second = yield* mailer.send(welcome("msg_second"))
          expect(first.providerMessageId).not.toBe(second.providerMessageId)
          expect((yield* arrived(harness)).map((message) => message.messageId)).toEqual([
            first.providerMessageId,
            second.providerMessageId
          ])
        })
      )
    })

    it("refuses for good a recipient that is not an address, and delivers nothing", async () => {
      await withMailer((mailer, harness) =>
        Effect.gen(function* () {
          const rejection = yield* Effect.flip(mailer.send({ ...welcome("msg_nobody"), to: "not an address" }))
          expect(rejection._tag).toBe("MailRejected")
          expect(rejection.permanent).toBe(true)
          expect(yield* arrived(harness)).toEqual([])
        })
      )
    })

    const refusal = (kind: "permanent" | "transient", codes: readonly [number, number]) =>
      it(`reports a ${kind} refusal as ${kind}, then delivers the next message`, async () => {
        const harness = await makeHarness()
        const reject = harness.reject
        if (reject === undefined) throw new Error(`${name}: a harness for a mailer that refuses needs reject`)
        await withMailer(
          (mailer) =>
            Effect.gen(function* () {
              yield* Effect.promise(() => reject(kind))
              const rejection: MailRejected = yield* Effect.flip(mailer.send(welcome("msg_refused")))
              expect(rejection.permanent).toBe(kind === "permanent")
              expect(rejection.reason.length).toBeGreaterThan(0)
              if (rejection.code !== undefined) {
                expect(rejection.code).toBeGreaterThanOrEqual(codes[0])
                expect(rejection.code).toBeLessThan(codes[1])
              }
              expect(yield* arrived(harness)).toEqual([])
              const delivered: DeliveredMail = yield* mailer.send(welcome("msg_after"))
              expect((yield* arrived(harness)).map((message) => message.messageId)).toEqual([
                delivered.providerMessageId
              ])
            }),
          harness
        )
      })
    if (options.refuses) {
      refusal("permanent", [500, 600])
      refusal("transient", [400, 500])
    }
  })
