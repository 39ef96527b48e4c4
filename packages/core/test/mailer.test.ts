import { Mailer, MailRejected, TestMailbox } from "@servicekit/core/internal"
import { mailerConformance } from "@servicekit/conformance"
import { layerMemoryMailer, makeMemoryMailer, memoryMailer } from "@servicekit/core/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"

/** `Name <address>` or a bare address, as a mail client splits it. */
const mailbox = (value: string) => {
  const named = /^\s*(.*?)\s*<([^<>]*)>\s*$/.exec(value)
  return named === null ? { name: "", address: value.trim() } : { name: named[1]!, address: named[2]! }
}

mailerConformance("memory", async () => {
  const mailer = await Effect.runPromise(makeMemoryMailer())
  return {
    layer: Layer.succeed(Mailer, mailer.sender),
    arrived: async () =>
      mailer.sent().map((mail) => ({
        to: mailbox(mail.to).address,
        from: mailbox(mail.from),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.providerMessageId,
        headers: Object.fromEntries(
          Object.entries(mail.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])
        )
      })),
    reject: async (kind) =>
      mailer.failNext(
        new MailRejected({
          permanent: kind === "permanent",
          reason: kind === "permanent" ? "550 No such user" : "451 Try again later",
          code: kind === "permanent" ? 550 : 451
        })
      ),
    close: async () => {}
  }
})

describe("memory mailer", () => {
  const mail = {
    messageId: "msg_1",
    from: "Acme <hello@acme.example>",
    to: "ana@example.com",
    subject: "Hi",
    text: "Hi"
  }

  it("keeps Mailer and TestMailbox apart, and finds the mailbox behind each tag", async () => {
    const [live, test] = await Effect.runPromise(
      Effect.gen(function* () {
        yield* Effect.flatMap(Mailer, (mailer) => mailer.send(mail))
        yield* Effect.flatMap(TestMailbox, (mailer) => mailer.send({ ...mail, messageId: "msg_2" }))
        yield* Effect.flatMap(TestMailbox, (mailer) => mailer.send({ ...mail, messageId: "msg_3" }))
        return [yield* memoryMailer(Mailer), yield* memoryMailer(TestMailbox)] as const
      }).pipe(Effect.provide(layerMemoryMailer))
    )
    expect(live.sent().map((sent) => sent.providerMessageId)).toEqual(["<msg_1@acme.example>"])
    expect(test.sent().map((sent) => sent.messageId)).toEqual(["msg_2", "msg_3"])
  })

  it("fails as many sends as asked, then takes mail again", async () => {
    const mailer = await Effect.runPromise(makeMemoryMailer())
    mailer.failNext(new MailRejected({ permanent: false, reason: "421 busy", code: 421 }), 2)
    const outcomes = await Effect.runPromise(Effect.forEach([1, 2, 3], () => Effect.either(mailer.sender.send(mail))))
    expect(outcomes.map((outcome) => outcome._tag)).toEqual(["Left", "Left", "Right"])
    expect(mailer.sent()).toHaveLength(1)
  })

  it("answers a Message-ID at servicekit.local for a sender without an address", async () => {
    const mailer = await Effect.runPromise(makeMemoryMailer())
    const delivered = await Effect.runPromise(mailer.sender.send({ ...mail, from: "ServiceKit" }))
    expect(delivered.providerMessageId).toBe("<msg_1@servicekit.local>")
  })

  it("refuses to name another sender as a memory mailer", async () => {
    const other = Layer.succeed(Mailer, { send: () => Effect.succeed({ providerMessageId: "x" }) })
    const exit = await Effect.runPromiseExit(memoryMailer(Mailer).pipe(Effect.provide(other)))
    expect(exit._tag).toBe("Failure")
  })
})
