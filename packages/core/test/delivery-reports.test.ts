import { describe, expect, it } from "vitest"
import {
  type ReportParts,
  enhancedStatusIn,
  interpretReport,
  isHardFailure
} from "../src/transactional/DeliveryReports.js"

// The parts of whole messages, as the inbound adapter's mailparser splits them, are read in
// packages/adapters/test/report-parts.test.ts; here the parts are given as they come out of it.

const NOT_A_REPORT = "not a report: no delivery-status or feedback-report part in a multipart/report"

/** Line ends as SMTP carries them. */
const crlf = (text: string) => text.replace(/\n/g, "\r\n")

describe("a delivery-status part", () => {
  it("reads RFC 3464's multi-recipient DSN: only the 5.0.0 that says 'user unknown' is hard", () => {
    const deliveryStatus = `Reporting-MTA: dns; cs.utk.edu

Original-Recipient: rfc822;arathib@vnet.ibm.com
Final-Recipient: rfc822;arathib@vnet.ibm.com
Action: failed
Status: 5.0.0 (permanent failure)
Diagnostic-Code: smtp;  550 'arathib@vnet.IBM.COM' is not a
    registered gateway user
Remote-MTA: dns; vnet.ibm.com

Original-Recipient: rfc822;johnh@hpnjld.njd.hp.com
Final-Recipient: rfc822;johnh@hpnjld.njd.hp.com
Action: delayed
Status: 4.0.0 (hpnjld.njd.jp.com: host name lookup failure)

Original-Recipient: rfc822;wsnell@sdcc13.ucsd.edu
Final-Recipient: rfc822;wsnell@sdcc13.ucsd.edu
Action: failed
Status: 5.0.0
Diagnostic-Code: smtp; 550 user unknown
Remote-MTA: dns; sdcc13.ucsd.edu
`
    expect(interpretReport({ deliveryStatus, originalHeaders: "[original message goes here]" })).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "arathib@vnet.ibm.com",
          action: "failed",
          status: "5.0.0",
          diagnostic: "550 'arathib@vnet.IBM.COM' is not a registered gateway user",
          hard: false
        },
        {
          recipient: "johnh@hpnjld.njd.hp.com",
          action: "delayed",
          status: "4.0.0",
          diagnostic: null,
          hard: false
        },
        {
          recipient: "wsnell@sdcc13.ucsd.edu",
          action: "failed",
          status: "5.0.0",
          diagnostic: "550 user unknown",
          hard: true
        }
      ],
      // The part is there; the RFC's placeholder has no header in it.
      original: { headers: {} }
    })
  })

  it("reads blocks with CRLF, blank lines of spaces, no per-message block, and fields in any case", () => {
    const deliveryStatus = crlf(`

final-recipient: RFC822; <gone@EXAMPLE.org>
ACTION: Failed
STATUS: 5.2.1
diagnostic-code: smtp; 550 5.2.1 The email account that you tried to reach is disabled
  \t
Final-Recipient: rfc822; frank@example.org
Action: delivered (to mailbox)
Status: 2.0.0
   
Original-Recipient: rfc822;Only.Original@Example.ORG
Action: relayed
Status: 2.0.0

Final-Recipient: unknown; nair_s
Status: 5.0.0 (unknown permanent failure)
Action: failed
Diagnostic-Code: X-Exim; host mx.example.org [192.0.2.20]:
\tConnection timed out
`)
    expect(interpretReport({ deliveryStatus })).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "gone@example.org",
          action: "failed",
          status: "5.2.1",
          diagnostic: "550 5.2.1 The email account that you tried to reach is disabled",
          hard: true
        },
        { recipient: "frank@example.org", action: "delivered", status: "2.0.0", diagnostic: null, hard: false },
        { recipient: "Only.Original@example.org", action: "relayed", status: "2.0.0", diagnostic: null, hard: false },
        {
          recipient: "nair_s",
          action: "failed",
          status: "5.0.0",
          diagnostic: "host mx.example.org [192.0.2.20]: Connection timed out",
          hard: false
        }
      ],
      original: null
    })
  })

  it("keeps an untyped diagnostic whole, and drops a malformed status", () => {
    const deliveryStatus = `Final-Recipient: rfc822; someone@example.org
Action: failed
Status: 5.1.1.1
Diagnostic-Code: 550 user unknown; try again never
`
    expect(interpretReport({ deliveryStatus })).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "someone@example.org",
          action: "failed",
          status: "",
          diagnostic: "550 user unknown; try again never",
          hard: false
        }
      ],
      original: null
    })
  })

  it("tells a status part without any recipient outcome", () => {
    const reason = { kind: "unrecognized", reason: "a delivery-status part with no recipient block with an Action" }
    const noAction = `Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; judy@example.org
Status: 5.1.1

Final-Recipient: rfc822; judy@example.org
Action: exploded

Action: failed
Status: 5.1.1
`
    expect(interpretReport({ deliveryStatus: noAction })).toEqual(reason)
    expect(interpretReport({ deliveryStatus: "" })).toEqual(reason)
    // A status part decides even when it says nothing: the auto-reply header is not looked at.
    expect(interpretReport({ deliveryStatus: "", autoSubmitted: "auto-replied" })).toEqual(reason)
  })

  it("reads an RFC 6533 global DSN the same whether its text came decoded or as UTF-8 bytes held one per character", () => {
    const deliveryStatus = `Reporting-MTA: dns; mx.bücher.example

Final-Recipient: utf-8; jörg@BÜCHER.example
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 Unbekannter Empfänger
`
    const originalHeaders = "Message-ID: <msg_08UTF@example.com>\nSubject: Grüße"
    const expected = {
      kind: "bounce",
      outcomes: [
        {
          recipient: "jörg@bücher.example",
          action: "failed",
          status: "5.1.1",
          diagnostic: "550 5.1.1 Unbekannter Empfänger",
          hard: true
        }
      ],
      original: { headers: { "message-id": "<msg_08UTF@example.com>", subject: "Grüße" } }
    }
    const asBytes = (text: string) => Buffer.from(text, "utf8").toString("latin1")
    expect(interpretReport({ deliveryStatus, originalHeaders })).toEqual(expected)
    expect(
      interpretReport({ deliveryStatus: asBytes(deliveryStatus), originalHeaders: asBytes(originalHeaders) })
    ).toEqual(expected)
  })
})

describe("a feedback-report part", () => {
  it("reads RFC 5965's example fields: the first Original-Rcpt-To, bare", () => {
    const feedbackReport = `
Feedback-Type: abuse
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <somespammer@example.net>
Original-Rcpt-To: <user@EXAMPLE.com>
Original-Rcpt-To: <other@example.com>
Arrival-Date: Thu, 8 Mar 2005 14:00:00 EDT
Reporting-MTA: dns; mail.example.com
Source-IP: 192.0.2.1
Authentication-Results: mail.example.com;
               spf=fail smtp.mail=somespammer@example.com
Reported-Domain: example.net

`
    expect(interpretReport({ feedbackReport })).toEqual({
      kind: "complaint",
      feedbackType: "abuse",
      recipient: "user@example.com",
      original: null
    })
  })

  it("answers a redacted report with what it has", () => {
    expect(interpretReport({ feedbackReport: "Feedback-Type: Not-Spam\nVersion: 1\n" })).toEqual({
      kind: "complaint",
      feedbackType: "not-spam",
      recipient: null,
      original: null
    })
    expect(interpretReport({ feedbackReport: "" })).toEqual({
      kind: "complaint",
      feedbackType: "",
      recipient: null,
      original: null
    })
  })

  it("is read only when there is no delivery-status part", () => {
    const deliveryStatus = "Final-Recipient: rfc822; r3@example.org\nAction: failed\nStatus: 5.1.1\n"
    expect(interpretReport({ deliveryStatus, feedbackReport: "Feedback-Type: abuse\n" })).toEqual({
      kind: "bounce",
      outcomes: [{ recipient: "r3@example.org", action: "failed", status: "5.1.1", diagnostic: null, hard: true }],
      original: null
    })
  })
})

describe("the quoted original", () => {
  it("keeps the first value of each header, unfolded but not decoded, names lowercase", () => {
    const originalHeaders = crlf(`Return-Path: <bounces+abc123@mail.example.com>
Received: from app.example.com (app.example.com [198.51.100.7])
\tby mail.example.com (Postfix) with ESMTPSA id 9A8B7C6D5E
Received: from somewhere.else
From: Acme <hello@example.com>
Subject: =?utf-8?q?Your_receipt?=
Message-ID: <msg_01J2ABCDEF@example.com>
not a header line
DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=sk1;
 h=from:to:subject:message-id`)
    expect(interpretReport({ feedbackReport: "Feedback-Type: abuse", originalHeaders })).toEqual({
      kind: "complaint",
      feedbackType: "abuse",
      recipient: null,
      original: {
        headers: {
          "return-path": "<bounces+abc123@mail.example.com>",
          received:
            "from app.example.com (app.example.com [198.51.100.7])\tby mail.example.com (Postfix) with ESMTPSA id 9A8B7C6D5E",
          from: "Acme <hello@example.com>",
          subject: "=?utf-8?q?Your_receipt?=",
          "message-id": "<msg_01J2ABCDEF@example.com>",
          "dkim-signature": "v=1; a=rsa-sha256; d=example.com; s=sk1; h=from:to:subject:message-id"
        }
      }
    })
  })

  it("reads the header block only, up to its first empty line", () => {
    const parts = (originalHeaders: string): ReportParts => ({ feedbackReport: "", originalHeaders })
    const headersOf = (originalHeaders: string) => {
      const report = interpretReport(parts(originalHeaders))
      return report.kind === "complaint" ? report.original : report
    }
    expect(headersOf("Message-ID: <a@example.com>\n\nX-Body: not a header\n")).toEqual({
      headers: { "message-id": "<a@example.com>" }
    })
    expect(headersOf("Message-ID: <a@example.com>\r\n\r\nX-Body: not a header\r\n")).toEqual({
      headers: { "message-id": "<a@example.com>" }
    })
    expect(headersOf("\nX-Body: not a header\n")).toEqual({ headers: {} })
    expect(headersOf("")).toEqual({ headers: {} })
  })

  it("keeps a quoted `__proto__` header as data", () => {
    const report = interpretReport({ feedbackReport: "", originalHeaders: "__proto__: polluted\nconstructor: x\n" })
    expect(report.kind === "complaint" && Object.entries(report.original!.headers)).toEqual([
      ["__proto__", "polluted"],
      ["constructor", "x"]
    ])
    expect(report.kind === "complaint" && Object.getPrototypeOf(report.original!.headers)).toBe(Object.prototype)
  })
})

describe("parts that are no report", () => {
  it("tells an auto-reply from a message that is not a report", () => {
    expect(interpretReport({})).toEqual({ kind: "unrecognized", reason: NOT_A_REPORT })
    expect(interpretReport({ originalHeaders: "Message-ID: <a@example.com>" })).toEqual({
      kind: "unrecognized",
      reason: NOT_A_REPORT
    })
    const autoReply = { kind: "unrecognized", reason: "an auto-reply, not a report" }
    expect(interpretReport({ autoSubmitted: "auto-replied" })).toEqual(autoReply)
    expect(interpretReport({ autoSubmitted: " Auto-Replied (vacation)" })).toEqual(autoReply)
    expect(interpretReport({ autoSubmitted: "auto-generated" })).toEqual({ kind: "unrecognized", reason: NOT_A_REPORT })
    expect(interpretReport({ autoSubmitted: "no" })).toEqual({ kind: "unrecognized", reason: NOT_A_REPORT })
  })
})

describe("how hard a failure is", () => {
  /** A one-recipient delivery-status part with the given status and diagnostic. */
  const dsn = (action: string, status: string, diagnostic: string) => `Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; someone@example.org
Action: ${action}
Status: ${status}
Diagnostic-Code: smtp; ${diagnostic}
`
  const hardOf = (action: string, status: string, diagnostic: string) => {
    const report = interpretReport({ deliveryStatus: dsn(action, status, diagnostic) })
    const hard = report.kind === "bounce" ? report.outcomes.map((outcome) => outcome.hard) : report
    // The rule shared with synchronous refusals decides the same for a failure, and is all there is to it.
    if (action === "failed") expect(hard).toEqual([isHardFailure(enhancedStatusIn(status), diagnostic)])
    return hard
  }

  it("is hard for the statuses of a bad or gone address, only when the action is failed", () => {
    expect(hardOf("failed", "5.1.1", "550 no such user")).toEqual([true])
    expect(hardOf("failed", "5.1.2", "550 host unknown")).toEqual([true])
    expect(hardOf("failed", "5.1.3", "501 bad address syntax")).toEqual([true])
    expect(hardOf("failed", "5.1.6", "550 mailbox has moved")).toEqual([true])
    expect(hardOf("failed", "5.1.10", "556 null MX")).toEqual([true])
    expect(hardOf("failed", "5.2.1", "550 mailbox disabled")).toEqual([true])
    expect(hardOf("delayed", "5.1.1", "550 no such user")).toEqual([false])
    expect(hardOf("relayed", "5.1.1", "550 no such user")).toEqual([false])
  })

  it("is soft for a full mailbox, a policy block, routing, the sender's own address and every 4.x.x", () => {
    expect(hardOf("failed", "5.2.2", "552 user unknown? no: mailbox full")).toEqual([false])
    expect(hardOf("failed", "5.7.1", "550 5.7.1 relaying denied, user unknown")).toEqual([false])
    expect(hardOf("failed", "5.4.4", "550 unable to route")).toEqual([false])
    expect(hardOf("failed", "5.1.8", "553 sender domain does not exist")).toEqual([false])
    expect(hardOf("failed", "4.1.1", "450 4.1.1 user unknown, try again")).toEqual([false])
    expect(hardOf("failed", "4.2.1", "421 user receiving mail too quickly")).toEqual([false])
  })

  it("reads a bare 5.0.0 or 5.1.0 by its diagnostic: the code it quotes, else its words", () => {
    expect(hardOf("failed", "5.0.0", "550 5.1.1 <someone@example.org>: Recipient address rejected")).toEqual([true])
    expect(hardOf("failed", "5.0.0", "550 5.7.1 Message rejected as spam; user unknown")).toEqual([false])
    expect(hardOf("failed", "5.0.0", "550 No such user here")).toEqual([true])
    expect(hardOf("failed", "5.1.0", "550 Mailbox not found")).toEqual([true])
    expect(hardOf("failed", "5.0.0", "550 Requested action not taken: mailbox unavailable")).toEqual([false])
    expect(hardOf("failed", "5.0.0", "554 delivery error: dd This user doesn't have a yahoo.example account")).toEqual([
      true
    ])
    // A malformed status says nothing.
    expect(hardOf("failed", "5.1.1.1", "550 user unknown")).toEqual([false])
  })
})

describe("synchronous refusals: enhancedStatusIn and isHardFailure", () => {
  const NODEMAILER_REFUSAL =
    "Can't send mail - all recipients were rejected: 550 5.1.1 <x@y>: Recipient address rejected: User unknown"

  it("finds the first enhanced status code in a server's reply", () => {
    expect(enhancedStatusIn("550 5.1.1 <a@b>: User unknown")).toBe("5.1.1")
    expect(enhancedStatusIn(NODEMAILER_REFUSAL)).toBe("5.1.1")
    expect(enhancedStatusIn("550-5.1.1 The email account that you tried to reach does not exist")).toBe("5.1.1")
    expect(enhancedStatusIn("556 5.1.10 Recipient address has null MX")).toBe("5.1.10")
    expect(enhancedStatusIn("421 4.7.0 Try again later, closing connection")).toBe("4.7.0")
    expect(enhancedStatusIn("554 [192.0.2.10] 5.7.1 Service unavailable; client host blocked")).toBe("5.7.1")
    expect(enhancedStatusIn("250 2.0.0 OK 1784023331 a1si123 - gsmtp")).toBe("2.0.0")
  })

  it("answers '' when there is none", () => {
    expect(enhancedStatusIn("550 Requested action not taken: mailbox unavailable")).toBe("")
    expect(enhancedStatusIn("550 5.1.1.1 not a status")).toBe("")
    expect(enhancedStatusIn("550 15.1.1 nor this")).toBe("")
    expect(enhancedStatusIn("550 6.1.1 nor this")).toBe("")
    expect(enhancedStatusIn("")).toBe("")
    expect(enhancedStatusIn("5.".repeat(1_000_000))).toBe("")
  })

  it("tells a refused address from a refused message", () => {
    expect(isHardFailure(enhancedStatusIn(NODEMAILER_REFUSAL), NODEMAILER_REFUSAL)).toBe(true)
    expect(isHardFailure("5.1.1", null)).toBe(true)
    expect(isHardFailure("5.1.10", null)).toBe(true)
    expect(isHardFailure("5.2.1", "550 5.2.1 mailbox disabled")).toBe(true)
    expect(isHardFailure("5.0.0", "550 5.0.0 <x@y>: no such user here")).toBe(false)
    expect(isHardFailure("5.0.0", "550 <x@y>: no such user here")).toBe(true)
    expect(isHardFailure("5.0.0", null)).toBe(false)
    expect(isHardFailure("5.2.2", "552 5.2.2 mailbox full")).toBe(false)
    expect(isHardFailure("5.7.1", "550 5.7.1 user unknown to our spam filter")).toBe(false)
    expect(isHardFailure("4.1.1", "450 4.1.1 user unknown")).toBe(false)
    expect(isHardFailure("", "550 user unknown")).toBe(false)
    const refusal = "Can't send mail - all recipients were rejected: 550 5.7.1 <x@y>: Relay access denied"
    expect(isHardFailure(enhancedStatusIn(refusal), refusal)).toBe(false)
  })
})

describe("hostile field text", () => {
  const STATUS_HEAD = "Reporting-MTA: dns; x\n\n"
  const recipientBlock = (index: number) =>
    `Final-Recipient: rfc822; r${index}@example.org\nAction: failed\nStatus: 5.1.1\n\n`
  const hardBounceOf = (index: number) => ({
    recipient: `r${index}@example.org`,
    action: "failed",
    status: "5.1.1",
    diagnostic: null,
    hard: true
  })

  /** Pseudo-random text over the characters field parsing cares about, the same every run. */
  const garbage = (length: number) => {
    const alphabet = Buffer.from("ab:-=;\"<>@. \t\n\r\u0000-bB/\\", "latin1")
    const bytes = Buffer.alloc(length)
    let seed = 42
    for (let index = 0; index < length; index += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      bytes[index] = alphabet[seed % alphabet.length]!
    }
    return bytes.toString("latin1")
  }

  it("answers NUL bytes, control characters and 10 MB of garbage in any part", () => {
    const tenMegabytes = garbage(10_000_000)
    for (const text of ["\u0000".repeat(100_000), tenMegabytes, "\r\n".repeat(5_000_000)]) {
      expect(interpretReport({ deliveryStatus: text }).kind).toBe("unrecognized")
      expect(interpretReport({ feedbackReport: text })).toEqual({
        kind: "complaint",
        feedbackType: "",
        recipient: null,
        original: null
      })
      const quoted = interpretReport({ feedbackReport: "", originalHeaders: text })
      expect(quoted.kind === "complaint" && Object.keys(quoted.original!.headers).length).toBeLessThanOrEqual(50)
      expect(interpretReport({ autoSubmitted: text }).kind).toBe("unrecognized")
    }
  })

  it("keeps NUL bytes inside fields as data", () => {
    const deliveryStatus = "Final-Recipient: rfc822; r\u00001@example.org\nAction: failed\u0000\nStatus: 5.1.1\u0000\n"
    expect(interpretReport({ deliveryStatus })).toEqual({
      kind: "bounce",
      outcomes: [
        { recipient: "r\u00001@example.org", action: "failed", status: "5.1.1", diagnostic: null, hard: true }
      ],
      original: null
    })
  })

  it("reads at most 100 recipients, and a million characters of a part", () => {
    const blocks = Array.from({ length: 10_000 }, (_, index) => recipientBlock(index)).join("")
    expect(interpretReport({ deliveryStatus: `${STATUS_HEAD}${blocks}` })).toEqual({
      kind: "bounce",
      outcomes: Array.from({ length: 100 }, (_, index) => hardBounceOf(index)),
      original: null
    })
    expect(interpretReport({ deliveryStatus: "\n".repeat(999_000) + recipientBlock(1) })).toEqual({
      kind: "bounce",
      outcomes: [hardBounceOf(1)],
      original: null
    })
    expect(interpretReport({ deliveryStatus: "\n".repeat(1_000_000) + recipientBlock(1) }).kind).toBe("unrecognized")
  })

  it("answers huge lines, folded or not", () => {
    const longLine = "x".repeat(5_000_000)
    for (const text of [
      longLine,
      `Action: ${longLine}\n`,
      ":".repeat(5_000_000),
      `Action: failed\n${" b\n".repeat(1_000_000)}\n`,
      // Fields past the thousandth of a block are not read.
      `${"X-Field: y\n".repeat(500_000)}Final-Recipient: rfc822; a@b\nAction: failed\n`
    ]) {
      expect(interpretReport({ deliveryStatus: text }).kind).toBe("unrecognized")
    }
    const folded = interpretReport({
      deliveryStatus: `Final-Recipient: rfc822; a@b\nAction: failed\nDiagnostic-Code: smtp; a\n${" b\n".repeat(1_000_000)}`
    })
    expect(folded.kind === "bounce" && folded.outcomes[0]!.diagnostic).toMatch(/^a( b){400,500} ?$/)
  })

  it("cuts huge fields to their limits", () => {
    const recipient = `Final-Recipient: rfc822; ${"r".repeat(400_000)}@EXAMPLE.org\n`
    const diagnostic = `Diagnostic-Code: smtp; ${"d ".repeat(200_000)}\n`
    const headers = Array.from({ length: 200 }, (_, index) => `X-H${index}: ${"v".repeat(5_000)}\n`).join("")
    const huge = interpretReport({
      deliveryStatus: `${STATUS_HEAD}Action: failed\nStatus: 5.1.1\n${recipient}${diagnostic}\n`,
      originalHeaders: headers
    })
    expect(huge).toEqual({
      kind: "bounce",
      outcomes: [
        { recipient: "r".repeat(320), action: "failed", status: "5.1.1", diagnostic: "d ".repeat(500), hard: true }
      ],
      original: {
        headers: Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`x-h${index}`, "v".repeat(1_000)]))
      }
    })
  })
})
