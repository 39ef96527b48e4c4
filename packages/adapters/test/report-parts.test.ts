import { interpretReport } from "@servicekit/core/internal"
import MimeNode from "nodemailer/lib/mime-node"
import { describe, expect, it } from "vitest"
import { reportPartsOf } from "../src/mail.js"

/** What a whole message reports: its parts as mailparser splits them, read by the core. */
const read = async (raw: Uint8Array | string) => interpretReport(await reportPartsOf(raw))

const NOT_A_REPORT = "not a report: no delivery-status or feedback-report part in a multipart/report"

/** Line ends as SMTP carries them. */
const crlf = (text: string) => text.replace(/\n/g, "\r\n")

/** A message built by nodemailer's MIME tree, as a real mail server's report would be. */
const built = (root: MimeNode) =>
  new Promise<string>((resolve, reject) =>
    root.build((error, message) => (error === null ? resolve(message.toString("utf8")) : reject(error)))
  )

describe("RFC 3464's example reports", () => {
  it("reads the simple DSN: a delay that became a failure is still a 4.x.x, so soft", async () => {
    const raw = `Date: Thu, 7 Jul 1994 17:16:05 -0400
From: Mail Delivery Subsystem <MAILER-DAEMON@CS.UTK.EDU>
Message-Id: <199407072116.RAA14128@CS.UTK.EDU>
Subject: Returned mail: Cannot send message for 5 days
To: <owner-info-mime@cs.utk.edu>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
    boundary="RAA14128.773615765/CS.UTK.EDU"

--RAA14128.773615765/CS.UTK.EDU

   The original message was received at Sat, 2 Jul 1994 17:10:28 -0400
   from root@localhost

      ----- The following addresses had delivery problems -----
<louisl@larry.slip.umd.edu>  (unrecoverable error)

      ----- Transcript of session follows -----
<louisl@larry.slip.umd.edu>... Deferred: Connection timed out
      with larry.slip.umd.edu.
Message could not be delivered for 5 days
Message will be deleted from queue

--RAA14128.773615765/CS.UTK.EDU
content-type: message/delivery-status

Reporting-MTA: dns; cs.utk.edu

Original-Recipient: rfc822;louisl@larry.slip.umd.edu
Final-Recipient: rfc822;louisl@larry.slip.umd.edu
Action: failed
Status: 4.0.0
Diagnostic-Code: smtp; 426 connection timed out
Last-Attempt-Date: Thu, 7 Jul 1994 17:15:49 -0400

--RAA14128.773615765/CS.UTK.EDU
content-type: message/rfc822

[original message goes here]

--RAA14128.773615765/CS.UTK.EDU--
`
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "louisl@larry.slip.umd.edu",
          action: "failed",
          status: "4.0.0",
          diagnostic: "426 connection timed out",
          hard: false
        }
      ],
      // The part is there; the RFC's placeholder has no header in it.
      original: { headers: {} }
    })
  })

  it("reads the multi-recipient DSN: only the 5.0.0 that says 'user unknown' is hard", async () => {
    const raw = `Date: Fri, 8 Jul 1994 09:21:47 -0400
From: Mail Delivery Subsystem <MAILER-DAEMON@CS.UTK.EDU>
Subject: Returned mail: User unknown
To: <owner-ups-mib@CS.UTK.EDU>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
    boundary="JAA13167.773673707/CS.UTK.EDU"

--JAA13167.773673707/CS.UTK.EDU
content-type: text/plain; charset=us-ascii

      ----- The following addresses had delivery problems -----
<arathib@vnet.ibm.com>  (unrecoverable error)
<wsnell@sdcc13.ucsd.edu>  (unrecoverable error)

--JAA13167.773673707/CS.UTK.EDU
content-type: message/delivery-status

Reporting-MTA: dns; cs.utk.edu

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

--JAA13167.773673707/CS.UTK.EDU
content-type: message/rfc822

[original message goes here]

--JAA13167.773673707/CS.UTK.EDU--
`
    expect(await read(raw)).toEqual({
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
      original: { headers: {} }
    })
  })

  it("reads the gateway's DSN: a foreign address keeps its form, the type removed", async () => {
    const raw = `Date: Thu, 7 Jul 1994 17:16:05 -0400
From: Mail Delivery Subsystem <MAILER-DAEMON@CS.UTK.EDU>
Subject: Returned mail: Cannot send message for 5 days
To: <owner-info-mime@cs.utk.edu>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
    boundary="RAA14128.773615765/CS.UTK.EDU"

--RAA14128.773615765/CS.UTK.EDU

   The original message was received at Sat, 2 Jul 1994 17:10:28 -0400
   from root@localhost

      ----- The following addresses had delivery problems -----
<nair_s@mailbus.example>  (unrecoverable error)

--RAA14128.773615765/CS.UTK.EDU
content-type: message/delivery-status

Reporting-MTA: mailbus; SYS30

Final-Recipient: unknown; nair_s
Status: 5.0.0 (unknown permanent failure)
Action: failed

--RAA14128.773615765/CS.UTK.EDU--
`
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [{ recipient: "nair_s", action: "failed", status: "5.0.0", diagnostic: null, hard: false }],
      original: null
    })
  })

  it("reads the delayed DSN: an unquoted boundary, no original quoted", async () => {
    const raw = `Date: Wed, 6 Jul 1994 06:33:17 -0400
From: postmaster@nsfnet-relay.ac.uk
To: owner-ups-mib@CS.UTK.EDU
Subject: WARNING: message delayed at "nsfnet-relay.ac.uk"
content-type: multipart/report; report-type=delivery-status;
    boundary=foobar

--foobar
content-type: text/plain

The following message:

UA-ID:   Reliable PC (...
Q-ID:    sun2.nsf:077160:000000

has been delayed, and the mail transfer system will continue trying to
deliver it.

--foobar
content-type: message/delivery-status

Reporting-MTA: dns; sun2.nsfnet-relay.ac.uk

Final-Recipient: rfc822;thomas@de-montfort.ac.uk
Status: 4.0.0 (unknown temporary failure)
Action: delayed

--foobar--
`
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        { recipient: "thomas@de-montfort.ac.uk", action: "delayed", status: "4.0.0", diagnostic: null, hard: false }
      ],
      original: null
    })
  })
})

describe("bounces as mail servers send them", () => {
  it("reads Postfix's 'User unknown' (5.1.1, CRLF): hard, the domain lowercased, the original's headers", async () => {
    const raw = crlf(`Return-Path: <>
Received: by mx.example.org (Postfix)
	id 3F1C2A0123; Tue, 14 Jul 2026 10:02:11 +0000 (UTC)
Date: Tue, 14 Jul 2026 10:02:11 +0000 (UTC)
From: MAILER-DAEMON@mx.example.org (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: bounces+abc123@mail.example.com
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="3F1C2A0123.1784023331/mx.example.org"
Content-Transfer-Encoding: 8bit
Message-Id: <20260714100211.3F1C2A0123@mx.example.org>

This is a MIME-encapsulated message.

--3F1C2A0123.1784023331/mx.example.org
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.org.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

                   The mail system

<Nobody@Example.ORG>: host mx.example.org[192.0.2.10] said: 550 5.1.1
    <Nobody@Example.ORG>: Recipient address rejected: User unknown in virtual
    mailbox table (in reply to RCPT TO command)

--3F1C2A0123.1784023331/mx.example.org
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org
X-Postfix-Queue-ID: 3F1C2A0123
X-Postfix-Sender: rfc822; bounces+abc123@mail.example.com
Arrival-Date: Tue, 14 Jul 2026 10:02:10 +0000 (UTC)

Final-Recipient: rfc822; Nobody@Example.ORG
Original-Recipient: rfc822;Nobody@Example.ORG
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.example.org
Diagnostic-Code: smtp; 550 5.1.1 <Nobody@Example.ORG>: Recipient address
    rejected: User unknown in virtual mailbox table

--3F1C2A0123.1784023331/mx.example.org
Content-Description: Undelivered Message
Content-Type: message/rfc822
Content-Transfer-Encoding: 8bit

Return-Path: <bounces+abc123@mail.example.com>
Received: from app.example.com (app.example.com [198.51.100.7])
	by mail.example.com (Postfix) with ESMTPSA id 9A8B7C6D5E
	for <Nobody@Example.ORG>; Tue, 14 Jul 2026 10:02:09 +0000 (UTC)
From: Acme <hello@example.com>
To: Nobody@Example.ORG
Subject: Your receipt
Message-ID: <msg_01J2ABCDEF@example.com>
Date: Tue, 14 Jul 2026 10:02:09 +0000
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

Thanks for your order.

--3F1C2A0123.1784023331/mx.example.org--
`)
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "Nobody@example.org",
          action: "failed",
          status: "5.1.1",
          diagnostic:
            "550 5.1.1 <Nobody@Example.ORG>: Recipient address rejected: User unknown in virtual mailbox table",
          hard: true
        }
      ],
      original: {
        headers: {
          "return-path": "<bounces+abc123@mail.example.com>",
          received:
            "from app.example.com (app.example.com [198.51.100.7])\tby mail.example.com (Postfix) with ESMTPSA id 9A8B7C6D5E\tfor <Nobody@Example.ORG>; Tue, 14 Jul 2026 10:02:09 +0000 (UTC)",
          from: "Acme <hello@example.com>",
          to: "Nobody@Example.ORG",
          subject: "Your receipt",
          "message-id": "<msg_01J2ABCDEF@example.com>",
          date: "Tue, 14 Jul 2026 10:02:09 +0000",
          "mime-version": "1.0",
          "content-type": "text/plain; charset=utf-8"
        }
      }
    })
  })

  it("finds Gmail's 'Address not found' inside the multipart/mixed a gateway wrapped it in", async () => {
    const raw = `Return-Path: <>
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: bounces@mail.example.com
Subject: [external] Delivery Status Notification (Failure)
Date: Wed, 01 Oct 2026 10:00:05 -0700 (PDT)
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="gateway-7f3a"

--gateway-7f3a
Content-Type: text/plain; charset=utf-8

This message came from outside your organisation.

--gateway-7f3a
Content-Type: multipart/report; boundary="0000000000001234abcd"; report-type=delivery-status

--0000000000001234abcd
Content-Type: multipart/related; boundary="0000000000001234abce"

--0000000000001234abce
Content-Type: multipart/alternative; boundary="0000000000001234abcf"

--0000000000001234abcf
Content-Type: text/plain; charset="UTF-8"


** Address not found **

Your message wasn't delivered to no.such.user@gmail.com because the address couldn't be found, or is unable to receive mail.

--0000000000001234abcf
Content-Type: text/html; charset="UTF-8"

<html><body><h1>Address not found</h1></body></html>

--0000000000001234abcf--
--0000000000001234abce
Content-Type: image/png; name="icon.png"
Content-Disposition: attachment; filename="icon.png"
Content-Transfer-Encoding: base64
Content-ID: <icon.png>

iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==
--0000000000001234abce--
--0000000000001234abcd
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; hello@example.com
Arrival-Date: Wed, 01 Oct 2026 10:00:04 -0700 (PDT)
X-Original-Message-ID: <msg_02K9ZYXWV@example.com>

Final-Recipient: rfc822; no.such.user@GMAIL.com
Action: failed
Status: 5.1.1
Remote-MTA: dns; gmail-smtp-in.l.google.com. 142.250.102.27
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does
 not exist. Please try 550-5.1.1 double-checking the recipient's email address
 for typos or 550-5.1.1 unnecessary spaces. For more information, go to 550 5.1.1
  https://support.google.com/mail/?p=NoSuchUser a1si123 - gsmtp
Last-Attempt-Date: Wed, 01 Oct 2026 10:00:05 -0700 (PDT)

--0000000000001234abcd
Content-Type: message/rfc822

From: Acme <hello@example.com>
To: no.such.user@gmail.com
Subject: Welcome aboard
Message-ID: <msg_02K9ZYXWV@example.com>
Date: Wed, 01 Oct 2026 10:00:03 -0700

Welcome!

--0000000000001234abcd--

--gateway-7f3a--
`
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "no.such.user@gmail.com",
          action: "failed",
          status: "5.1.1",
          diagnostic:
            "550-5.1.1 The email account that you tried to reach does not exist. Please try 550-5.1.1 double-checking the recipient's email address for typos or 550-5.1.1 unnecessary spaces. For more information, go to 550 5.1.1 https://support.google.com/mail/?p=NoSuchUser a1si123 - gsmtp",
          hard: true
        }
      ],
      original: {
        headers: {
          from: "Acme <hello@example.com>",
          to: "no.such.user@gmail.com",
          subject: "Welcome aboard",
          "message-id": "<msg_02K9ZYXWV@example.com>",
          date: "Wed, 01 Oct 2026 10:00:03 -0700"
        }
      }
    })
  })

  it("reads Exim's delay warning (4.4.1): soft, the diagnostic's X-Exim type removed", async () => {
    const raw = `Return-path: <>
From: Mail Delivery System <Mailer-Daemon@mail.example.net>
To: bounces@mail.example.com
References: <msg_03ABC@example.com>
Content-Type: multipart/report; report-type=delivery-status; boundary=1784023331-eximdsn-1804289383
MIME-Version: 1.0
Subject: Warning: message 1uXyZa-000123-AB delayed 24 hours
Auto-Submitted: auto-replied

--1784023331-eximdsn-1804289383
Content-type: text/plain; charset=us-ascii

This message was created automatically by mail delivery software.
A message that you sent has not yet been delivered to one or more of its
recipients after more than 24 hours on the queue on mail.example.net.

The message identifier is:     1uXyZa-000123-AB

The address to which the message has not yet been delivered is:

  grace@example.org
    host mx.example.org [192.0.2.20]
    Connection timed out

No action is required on your part.

--1784023331-eximdsn-1804289383
Content-type: message/delivery-status

Reporting-MTA: dns; mail.example.net

Action: delayed
Final-Recipient: rfc822;grace@example.org
Status: 4.4.1
Remote-MTA: dns; mx.example.org
Diagnostic-Code: X-Exim; host mx.example.org [192.0.2.20]:
  Connection timed out
Will-Retry-Until: Thu, 16 Jul 2026 10:00:00 +0000

--1784023331-eximdsn-1804289383
Content-type: text/rfc822-headers

Return-path: <bounces@mail.example.com>
Received: from app.example.com ([198.51.100.7])
	by mail.example.net with esmtp (Exim 4.97)
	id 1uXyZa-000123-AB; Tue, 14 Jul 2026 10:00:00 +0000
Message-ID: <msg_03ABC@example.com>
Subject: Your invoice
From: Acme <hello@example.com>
To: grace@example.org

--1784023331-eximdsn-1804289383--
`
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "grace@example.org",
          action: "delayed",
          status: "4.4.1",
          diagnostic: "host mx.example.org [192.0.2.20]: Connection timed out",
          hard: false
        }
      ],
      original: {
        headers: {
          "return-path": "<bounces@mail.example.com>",
          received:
            "from app.example.com ([198.51.100.7])\tby mail.example.net with esmtp (Exim 4.97)\tid 1uXyZa-000123-AB; Tue, 14 Jul 2026 10:00:00 +0000",
          "message-id": "<msg_03ABC@example.com>",
          subject: "Your invoice",
          from: "Acme <hello@example.com>",
          to: "grace@example.org"
        }
      }
    })
  })

  it("keeps a full mailbox (5.2.2) soft: the address is good, only full for now", async () => {
    const raw = `From: MAILER-DAEMON@mx.example.org (Mail Delivery System)
To: bounces@mail.example.com
Subject: Undelivered Mail Returned to Sender
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B2.full"

--B2.full
Content-Type: text/plain

<carol@example.org>: host mx.example.org said: 552 5.2.2 Mailbox full

--B2.full
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; carol@example.org
Action: failed
Status: 5.2.2
Diagnostic-Code: smtp; 552 5.2.2 <carol@example.org>: Mailbox full; quota exceeded

--B2.full
Content-Type: text/rfc822-headers

Message-ID: <msg_04FULL@example.com>
To: carol@example.org

--B2.full--
`
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "carol@example.org",
          action: "failed",
          status: "5.2.2",
          diagnostic: "552 5.2.2 <carol@example.org>: Mailbox full; quota exceeded",
          hard: false
        }
      ],
      original: { headers: { "message-id": "<msg_04FULL@example.com>", to: "carol@example.org" } }
    })
  })

  it("keeps a spam block (5.7.1) soft: it is about the sender, not the address", async () => {
    const raw = crlf(`From: postmaster@outlook.example
To: bounces@mail.example.com
Subject: Undeliverable: Spring sale
Content-Type: multipart/report; report-type=delivery-status;
	boundary="_000_AM0PR01MB1234_"
MIME-Version: 1.0

--_000_AM0PR01MB1234_
Content-Type: multipart/alternative; boundary="_002_AM0PR01MB1234_"

--_002_AM0PR01MB1234_
Content-Type: text/plain; charset="us-ascii"

Your message to dave@example.org couldn't be delivered.

--_002_AM0PR01MB1234_
Content-Type: text/html; charset="us-ascii"

<p>Your message to dave@example.org couldn't be delivered.</p>

--_002_AM0PR01MB1234_--

--_000_AM0PR01MB1234_
Content-Type: message/delivery-status

Reporting-MTA: dns;AM0PR01MB1234.eurprd01.prod.outlook.example
Received-From-MTA: dns;mail.example.com
Arrival-Date: Tue, 14 Jul 2026 10:02:10 +0000

Original-Recipient: rfc822;dave@example.org
Final-Recipient: rfc822;dave@example.org
Action: failed
Status: 5.7.1
Diagnostic-Code: smtp;550 5.7.1 Unfortunately, messages from [198.51.100.7]
 weren't sent. Please contact your Internet service provider since part of
 their network is on our block list (S3140).

--_000_AM0PR01MB1234_
Content-Type: message/rfc822

Message-ID: <msg_05SALE@example.com>
Subject: Spring sale

Up to 50% off.

--_000_AM0PR01MB1234_--
`)
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "dave@example.org",
          action: "failed",
          status: "5.7.1",
          diagnostic:
            "550 5.7.1 Unfortunately, messages from [198.51.100.7] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3140).",
          hard: false
        }
      ],
      original: { headers: { "message-id": "<msg_05SALE@example.com>", subject: "Spring sale" } }
    })
  })

  it("decodes a base64 delivery-status part and quoted-printable quoted headers (built by nodemailer)", async () => {
    const root = new MimeNode("multipart/report; report-type=delivery-status")
    root.setHeader({ from: "MAILER-DAEMON@mx.example.net", to: "bounces@mail.example.com", subject: "Undelivered" })
    root.createChild("text/plain").setContent("The message could not be delivered.")
    const status = root.createChild("message/delivery-status")
    status.setHeader("Content-Transfer-Encoding", "base64")
    status.setContent(
      crlf(`Reporting-MTA: dns; mx.example.net

Final-Recipient: rfc822; erin@example.net
Action: failed
Status: 5.1.10
Diagnostic-Code: smtp; 556 5.1.10 Recipient address has null MX
`)
    )
    const headers = root.createChild("text/rfc822-headers")
    headers.setHeader("Content-Transfer-Encoding", "quoted-printable")
    headers.setContent(
      crlf(`Message-ID: <msg_06NULL@example.com>
Subject: Votre reçu = ${"très ".repeat(20)}long
`)
    )
    const raw = await built(root)
    expect(raw).toContain("Content-Transfer-Encoding: base64")
    expect(raw).toContain("=C3=A7")

    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        {
          recipient: "erin@example.net",
          action: "failed",
          status: "5.1.10",
          diagnostic: "556 5.1.10 Recipient address has null MX",
          hard: true
        }
      ],
      original: {
        headers: {
          "message-id": "<msg_06NULL@example.com>",
          subject: `Votre reçu = ${"très ".repeat(20)}long`
        }
      }
    })
  })

  it("reads a DSN for two recipients: one address gone (hard), one delivered", async () => {
    const raw = `From: Mail Delivery Subsystem <MAILER-DAEMON@mx.example.org>
To: bounces@mail.example.com
Subject: Delivery Status Notification (Mixed)
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary=mixed-outcome

--mixed-outcome
Content-Type: text/plain

frank@example.org: delivered to mailbox
gone@example.org: mailbox disabled

--mixed-outcome
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org
Original-Envelope-Id: msg_07PAIR

Final-Recipient: rfc822; frank@example.org
Action: delivered (to mailbox)
Status: 2.0.0
Remote-MTA: dns; store.example.org

final-recipient: RFC822; <gone@EXAMPLE.org>
ACTION: Failed
STATUS: 5.2.1
diagnostic-code: smtp; 550 5.2.1 The email account that you tried to reach is disabled

--mixed-outcome
Content-Type: message/rfc822

Message-ID: <msg_07PAIR@example.com>
To: frank@example.org, gone@example.org
Subject: Team update

Hello both.
--mixed-outcome--
`
    expect(await read(raw)).toEqual({
      kind: "bounce",
      outcomes: [
        { recipient: "frank@example.org", action: "delivered", status: "2.0.0", diagnostic: null, hard: false },
        {
          recipient: "gone@example.org",
          action: "failed",
          status: "5.2.1",
          diagnostic: "550 5.2.1 The email account that you tried to reach is disabled",
          hard: true
        }
      ],
      original: {
        headers: {
          "message-id": "<msg_07PAIR@example.com>",
          to: "frank@example.org, gone@example.org",
          subject: "Team update"
        }
      }
    })
  })

  it("reads an RFC 6533 global DSN the same whether the caller decoded it as UTF-8 or as Latin-1", async () => {
    const raw = `From: MAILER-DAEMON@mx.bücher.example
To: bounces@mail.example.com
Subject: Undelivered
MIME-Version: 1.0
Content-Type: multipart/report; report-type=global-delivery-status; boundary="g"

--g
Content-Type: text/plain; charset=utf-8

Zustellung fehlgeschlagen.

--g
Content-Type: message/global-delivery-status
Content-Transfer-Encoding: 8bit

Reporting-MTA: dns; mx.bücher.example

Final-Recipient: utf-8; jörg@BÜCHER.example
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 Unbekannter Empfänger

--g
Content-Type: message/global-headers
Content-Transfer-Encoding: 8bit

Message-ID: <msg_08UTF@example.com>
Subject: Grüße

--g--
`
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
    expect(await read(raw)).toEqual(expected)
    expect(await read(Buffer.from(raw, "utf8").toString("latin1"))).toEqual(expected)
  })
})

describe("complaints (ARF)", () => {
  it("reads RFC 5965's example report", async () => {
    const raw = `From: <abusedesk@example.com>
Date: Thu, 8 Mar 2005 17:40:36 EDT
Subject: FW: Earn money
To: <abuse@example.net>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
     boundary="part1_13d.2e68ed54_boundary"

--part1_13d.2e68ed54_boundary
Content-Type: text/plain; charset="US-ASCII"
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP
192.0.2.1 on Thu, 8 Mar 2005 14:00:00 EDT.  For more information
about this format please see http://www.mipassoc.org/arf/.

--part1_13d.2e68ed54_boundary
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <somespammer@example.net>
Original-Rcpt-To: <user@example.com>
Arrival-Date: Thu, 8 Mar 2005 14:00:00 EDT
Reporting-MTA: dns; mail.example.com
Source-IP: 192.0.2.1
Authentication-Results: mail.example.com;
               spf=fail smtp.mail=somespammer@example.com
Reported-Domain: example.net
Reported-Uri: http://example.net/earn_money.html
Reported-Uri: mailto:user@example.com
Removal-Recipient: user@example.com

--part1_13d.2e68ed54_boundary
Content-Type: message/rfc822
Content-Disposition: inline

From: <somespammer@example.net>
Received: from mailserver.example.net (mailserver.example.net
        [192.0.2.1]) by example.com with ESMTP id M63d4137594e46;
        Thu, 08 Mar 2005 14:00:00 -0400
To: <Undisclosed Recipients>
Subject: Earn money
MIME-Version: 1.0
Content-type: text/plain
Message-ID: 8787KJKJ3K4J3K4J3K4J3.mail@example.net
Date: Thu, 02 Sep 2004 12:31:03 -0500

Spam Spam Spam
Spam Spam Spam
Spam Spam Spam
Spam Spam Spam
--part1_13d.2e68ed54_boundary--
`
    expect(await read(raw)).toEqual({
      kind: "complaint",
      feedbackType: "abuse",
      recipient: "user@example.com",
      original: {
        headers: {
          from: "<somespammer@example.net>",
          received:
            "from mailserver.example.net (mailserver.example.net" +
            "        [192.0.2.1]) by example.com with ESMTP id M63d4137594e46;" +
            "        Thu, 08 Mar 2005 14:00:00 -0400",
          to: "<Undisclosed Recipients>",
          subject: "Earn money",
          "mime-version": "1.0",
          "content-type": "text/plain",
          "message-id": "8787KJKJ3K4J3K4J3K4J3.mail@example.net",
          date: "Thu, 02 Sep 2004 12:31:03 -0500"
        }
      }
    })
  })

  it("reads a provider's report with a quoted-printable feedback part and only the headers quoted (CRLF)", async () => {
    const raw = crlf(`Return-Path: <>
From: Feedback Loop <feedbackloop@fbl.mailbox.example>
To: fbl@mail.example.com
Subject: Complaint about message from 198.51.100.7
MIME-Version: 1.0
Content-Type: multipart/report; report-type="feedback-report";
 boundary="----=_Part_4821_1958211107.1784023331000"

------=_Part_4821_1958211107.1784023331000
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message from mail.example.com.

------=_Part_4821_1958211107.1784023331000
Content-Type: message/feedback-report; charset=us-ascii
Content-Transfer-Encoding: quoted-printable

Feedback-Type: abuse
User-Agent: Mailbox-Feedback/2.0
Version: 1
Original-Mail-From: <bounces+msg_09FBL@mail.example.com>
Original-Rcpt-To: <Heidi.Rather-Long.Local-Part.For.A.Wrapped.Line@Mailbox.EXAM=
PLE>
Original-Rcpt-To: <ivan@mailbox.example>
Arrival-Date: Tue, 14 Jul 2026 10:05:00 +0000
Authentication-Results: mx.mailbox.example; dkim=3Dpass header.d=3Dexamp=
le.com; spf=3Dpass smtp.mailfrom=3Dmail.example.com

------=_Part_4821_1958211107.1784023331000
Content-Type: text/rfc822-headers; charset=us-ascii
Content-Transfer-Encoding: 7bit

Received: from mail.example.com (mail.example.com [198.51.100.7])
 by mx.mailbox.example with ESMTPS; Tue, 14 Jul 2026 10:05:00 +0000
DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=sk1;
 h=from:to:subject:message-id; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=
From: Acme <news@example.com>
To: <Heidi.Rather-Long.Local-Part.For.A.Wrapped.Line@Mailbox.EXAMPLE>
Subject: This week at Acme
Message-ID: <msg_09FBL@example.com>
Date: Tue, 14 Jul 2026 10:04:59 +0000
List-Unsubscribe: <https://example.com/u/msg_09FBL>

------=_Part_4821_1958211107.1784023331000--
`)
    expect(await read(raw)).toEqual({
      kind: "complaint",
      feedbackType: "abuse",
      recipient: "Heidi.Rather-Long.Local-Part.For.A.Wrapped.Line@mailbox.example",
      original: {
        headers: {
          received:
            "from mail.example.com (mail.example.com [198.51.100.7]) by mx.mailbox.example with ESMTPS; Tue, 14 Jul 2026 10:05:00 +0000",
          "dkim-signature":
            "v=1; a=rsa-sha256; d=example.com; s=sk1; h=from:to:subject:message-id; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
          from: "Acme <news@example.com>",
          to: "<Heidi.Rather-Long.Local-Part.For.A.Wrapped.Line@Mailbox.EXAMPLE>",
          subject: "This week at Acme",
          "message-id": "<msg_09FBL@example.com>",
          date: "Tue, 14 Jul 2026 10:04:59 +0000",
          "list-unsubscribe": "<https://example.com/u/msg_09FBL>"
        }
      }
    })
  })

  it("answers a redacted report (no Original-Rcpt-To, no original) with what it has", async () => {
    const raw = `From: fbl@isp.example
To: fbl@mail.example.com
Content-Type: multipart/report; report-type=feedback-report; boundary=arf

--arf
Content-Type: text/plain

A user marked a message as not spam.
--arf
Content-Type: message/feedback-report

Feedback-Type: Not-Spam
Version: 1

--arf--
`
    expect(await read(raw)).toEqual({
      kind: "complaint",
      feedbackType: "not-spam",
      recipient: null,
      original: null
    })
  })
})

describe("messages that are not reports", () => {
  it("tells an auto-reply", async () => {
    const raw = `From: Judy <judy@example.org>
To: hello@example.com
Subject: Out of office: Your receipt
Auto-Submitted: auto-replied
Content-Type: text/plain; charset=utf-8

I am away until Monday.
`
    expect(await reportPartsOf(raw)).toEqual({ autoSubmitted: "auto-replied" })
    expect(await read(raw)).toEqual({ kind: "unrecognized", reason: "an auto-reply, not a report" })
  })

  it("tells a plain message, a multipart one and a header-less text", async () => {
    const plain = `From: Judy <judy@example.org>
Subject: Re: Your receipt

Thanks!
`
    const mixed = `From: Judy <judy@example.org>
Content-Type: multipart/mixed; boundary=m

--m
Content-Type: text/plain

See attached.
--m
Content-Type: message/delivery-status

Final-Recipient: rfc822; judy@example.org
Action: failed
Status: 5.1.1
--m--
`
    // The parts say nothing of whether the message had a multipart/report: one reason for all.
    const reason = { kind: "unrecognized", reason: NOT_A_REPORT }
    expect(await read(plain)).toEqual(reason)
    // A status part outside a multipart/report is someone's attachment, not a report.
    expect(await reportPartsOf(mixed)).toEqual({})
    expect(await read(mixed)).toEqual(reason)
    expect(await read("hello")).toEqual(reason)
    expect(await read("")).toEqual(reason)
  })

  it("tells a read receipt and a report without any recipient outcome", async () => {
    const receipt = `From: judy@example.org
Content-Type: multipart/report; report-type=disposition-notification; boundary=mdn

--mdn
Content-Type: text/plain

Your message was displayed.
--mdn
Content-Type: message/disposition-notification

Final-Recipient: rfc822; judy@example.org
Disposition: manual-action/MDN-sent-manually; displayed
--mdn--
`
    const noAction = `From: MAILER-DAEMON@mx.example.org
Content-Type: multipart/report; report-type=delivery-status; boundary=b

--b
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; judy@example.org
Status: 5.1.1

Final-Recipient: rfc822; judy@example.org
Action: exploded
--b--
`
    expect(await reportPartsOf(receipt)).toEqual({})
    expect(await read(receipt)).toEqual({ kind: "unrecognized", reason: NOT_A_REPORT })
    expect(await read(noAction)).toEqual({
      kind: "unrecognized",
      reason: "a delivery-status part with no recipient block with an Action"
    })
  })
})


describe("the parts mailparser hands over", () => {
  it("takes the first status part and quoted original of the first multipart/report, wherever it is nested", async () => {
    const raw = `From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
Auto-Submitted: auto-replied (failure)
Auto-Submitted: auto-generated
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="outer"

--outer
Content-Type: message/delivery-status

Final-Recipient: rfc822; not-this-one@example.org
Action: failed
Status: 5.1.1

--outer
Content-Type: multipart/alternative; boundary="middle"

--middle
Content-Type: text/plain

A report follows.
--middle
Content-Type: Multipart/Report; boundary="report"; report-type=delivery-status

--report
Content-Type: text/plain; charset=utf-8

Address not found.
--report
Content-Type: multipart/related; boundary="inner"

--inner
Content-Type: message/delivery-status

Final-Recipient: rfc822; nor-this-one@example.org
Action: failed
Status: 5.1.1
--inner--
--report
Content-Type: Message/Delivery-Status
Content-Transfer-Encoding: quoted-printable

Final-Recipient: rfc822; gone@example.org
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 Us=
er unknown

--report
Content-Type: message/delivery-status

Final-Recipient: rfc822; second@example.org
Action: failed
Status: 5.1.1

--report
Content-Type: message/rfc822
Content-Disposition: inline

Message-ID: <first@example.com>
Subject: The one we sent

Hello.
--report
Content-Type: text/rfc822-headers

Message-ID: <second@example.com>
--report--
--middle--
--outer--
`
    expect(await reportPartsOf(raw)).toEqual({
      deliveryStatus:
        "Final-Recipient: rfc822; gone@example.org\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 5.1.1 User unknown\n",
      originalHeaders: "Message-ID: <first@example.com>\nSubject: The one we sent",
      autoSubmitted: "auto-replied (failure)"
    })
  })

  it("reads bytes as it reads text, from a view into a larger buffer too", async () => {
    const raw = `From: fbl@isp.example
Content-Type: multipart/report; report-type=feedback-report; boundary=arf

--arf
Content-Type: message/feedback-report

Feedback-Type: abuse
Original-Rcpt-To: <jörg@bücher.example>

--arf
Content-Type: message/global-headers

Message-ID: <msg_10BYTES@example.com>
Subject: Grüße
--arf--
`
    const parts = {
      feedbackReport: "Feedback-Type: abuse\nOriginal-Rcpt-To: <jörg@bücher.example>\n",
      originalHeaders: "Message-ID: <msg_10BYTES@example.com>\nSubject: Grüße"
    }
    const bytes = new TextEncoder().encode(raw)
    const padded = Buffer.concat([Buffer.from("garbage before"), bytes, Buffer.from("garbage after")])
    expect(await reportPartsOf(raw)).toEqual(parts)
    expect(await reportPartsOf(bytes)).toEqual(parts)
    expect(await reportPartsOf(padded.subarray(14, 14 + bytes.length))).toEqual(parts)
    expect(await read(bytes)).toEqual({
      kind: "complaint",
      feedbackType: "abuse",
      recipient: "jörg@bücher.example",
      original: { headers: { "message-id": "<msg_10BYTES@example.com>", subject: "Grüße" } }
    })
  })

  it("does not read a report forwarded inside a message: that is somebody else's", async () => {
    const raw = `From: Judy <judy@example.org>
Subject: Fwd: Undelivered Mail Returned to Sender
Content-Type: multipart/mixed; boundary=fwd

--fwd
Content-Type: text/plain

Why did this bounce?
--fwd
Content-Type: message/rfc822
Content-Disposition: inline

From: MAILER-DAEMON@mx.example.org
Content-Type: multipart/report; report-type=delivery-status; boundary=b

--b
Content-Type: message/delivery-status

Final-Recipient: rfc822; judy@example.org
Action: failed
Status: 5.1.1
--b--
--fwd--
`
    expect(await reportPartsOf(raw)).toEqual({})
  })
})

describe("hostile messages", () => {
  const REPORT_HEAD =
    "From: x@example.org\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\n\n"
  const STATUS_PART = "--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; x\n\n"
  const recipientBlock = (index: number) =>
    `Final-Recipient: rfc822; r${index}@example.org\nAction: failed\nStatus: 5.1.1\n\n`
  const hardBounceOf = (index: number) => ({
    recipient: `r${index}@example.org`,
    action: "failed",
    status: "5.1.1",
    diagnostic: null,
    hard: true
  })

  /** Pseudo-random text over the characters MIME parsing cares about, the same every run. */
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

  /** The parts of `raw`, and how long finding them took. */
  const timed = async (raw: Uint8Array | string) => {
    const start = performance.now()
    const parts = await reportPartsOf(raw)
    return { parts, millis: performance.now() - start }
  }

  it("refuses more than 1 MB at once, as text or as bytes", async () => {
    const tenMegabytes = garbage(10_000_000)
    for (const raw of [
      tenMegabytes,
      Buffer.from(tenMegabytes, "latin1"),
      REPORT_HEAD + tenMegabytes,
      "\r\n".repeat(5_000_000),
      // Under a million characters, over a megabyte once encoded.
      REPORT_HEAD + STATUS_PART + recipientBlock(0) + "é".repeat(600_000)
    ]) {
      const { millis, parts } = await timed(raw)
      expect(parts).toEqual({})
      expect(millis).toBeLessThan(100)
    }
    const underTheLimit = REPORT_HEAD + STATUS_PART + recipientBlock(0) + "é".repeat(400_000)
    expect(await read(underTheLimit)).toEqual({ kind: "bounce", outcomes: [hardBounceOf(0)], original: null })
  })

  it("answers NUL bytes, control characters and a megabyte of garbage", async () => {
    expect(await read("\u0000".repeat(100_000))).toEqual({ kind: "unrecognized", reason: NOT_A_REPORT })
    const nulBoundary = `Content-Type: multipart/report; boundary=\u0000\n\n--\u0000\n\u0000`
    expect((await read(nulBoundary)).kind).toBe("unrecognized")
    expect((await read(garbage(1_000_000))).kind).toBe("unrecognized")
    expect((await read(REPORT_HEAD + garbage(1_000_000))).kind).toBe("unrecognized")
    expect((await read("\r\n".repeat(500_000))).kind).toBe("unrecognized")
    expect((await read("\n".repeat(1_000_000))).kind).toBe("unrecognized")
  })

  it("gives up on 10,000 nested multiparts, and on more than 50 parts", async () => {
    let raw = "Content-Type: text/plain\n\nbottom\n"
    for (let level = 0; level < 10_000; level += 1) {
      raw = `Content-Type: multipart/mixed; boundary="n${level}"\n\n--n${level}\n${raw}\n--n${level}--\n`
    }
    expect(await reportPartsOf(`From: x@example.org\n${raw}`)).toEqual({})

    const manyParts =
      "From: x@example.org\nContent-Type: multipart/mixed; boundary=b\n\n" +
      "--b\nContent-Type: text/plain\n\nfiller\n".repeat(10_000) +
      "--b\nContent-Type: multipart/report; boundary=c\n\n--c\nContent-Type: message/delivery-status\n\n" +
      recipientBlock(0) +
      "--c--\n--b--\n"
    expect(await reportPartsOf(manyParts)).toEqual({})
    expect(await read(manyParts)).toEqual({ kind: "unrecognized", reason: NOT_A_REPORT })
  })

  it("finds a report 40 multiparts deep: the part cap bounds the depth", async () => {
    let raw = `Content-Type: multipart/report; boundary=b\n\n${STATUS_PART}${recipientBlock(7)}--b--\n`
    for (let level = 0; level < 40; level += 1) {
      raw = `Content-Type: multipart/mixed; boundary="n${level}"\n\n--n${level}\n${raw}\n--n${level}--\n`
    }
    expect(await read(`From: x@example.org\n${raw}`)).toEqual({
      kind: "bounce",
      outcomes: [hardBounceOf(7)],
      original: null
    })
  })

  it("reads at most 100 recipients of a whole message", async () => {
    const blocks = Array.from({ length: 10_000 }, (_, index) => recipientBlock(index)).join("")
    expect(await read(`${REPORT_HEAD}${STATUS_PART}${blocks}--b--\n`)).toEqual({
      kind: "bounce",
      outcomes: Array.from({ length: 100 }, (_, index) => hardBounceOf(index)),
      original: null
    })
  })

  it("looks no further than the first report part", async () => {
    const raw =
      REPORT_HEAD +
      STATUS_PART +
      recipientBlock(3) +
      "--b\nContent-Type: message/feedback-report\n\nFeedback-Type: abuse\n\n" +
      "--b\nContent-Type: message/delivery-status\n\n" +
      recipientBlock(4) +
      "--b--\n"
    expect(await read(raw)).toEqual({ kind: "bounce", outcomes: [hardBounceOf(3)], original: null })
  })

  it("reads what it can of a report whose boundary is never closed, and nothing of one without a boundary", async () => {
    const unclosed = REPORT_HEAD + STATUS_PART + recipientBlock(1)
    expect(await read(unclosed)).toEqual({ kind: "bounce", outcomes: [hardBounceOf(1)], original: null })
    expect(await read(unclosed.replace("; boundary=b", ""))).toEqual({ kind: "unrecognized", reason: NOT_A_REPORT })
    expect(await read(unclosed.replace("boundary=b", "boundary=elsewhere"))).toEqual({
      kind: "unrecognized",
      reason: NOT_A_REPORT
    })
    const unclosedOriginal = `${unclosed}--b\nContent-Type: message/rfc822\n\nMessage-ID: <open@example.com>\n`
    expect(await read(unclosedOriginal)).toEqual({
      kind: "bounce",
      outcomes: [hardBounceOf(1)],
      original: { headers: { "message-id": "<open@example.com>" } }
    })
  })

  it("answers huge header lines, folded or not", async () => {
    const longLine = "x".repeat(5_000_000)
    expect((await read(`Subject: ${longLine}\n`)).kind).toBe("unrecognized")
    expect((await read(longLine)).kind).toBe("unrecognized")
    expect((await read(":".repeat(5_000_000))).kind).toBe("unrecognized")
    expect((await read(`Subject: a\n${" b\n".repeat(1_000_000)}\n`)).kind).toBe("unrecognized")
    const manySemicolons = `Content-Type: multipart/report;${" ;".repeat(1_000_000)} boundary=b\n\n`
    expect((await read(manySemicolons)).kind).toBe("unrecognized")
    const openQuote = `Content-Type: multipart/report; boundary="${"\\".repeat(1_000_000)}\n\n`
    expect((await read(openQuote)).kind).toBe("unrecognized")
    // The same under the megabyte, so that mailparser reads them.
    const line = "x".repeat(1_000_000)
    expect((await read(`Subject: ${line}\n`)).kind).toBe("unrecognized")
    expect((await read(line)).kind).toBe("unrecognized")
    expect((await read(":".repeat(1_000_000))).kind).toBe("unrecognized")
    expect((await read(`Subject: a\n${" b\n".repeat(300_000)}\n`)).kind).toBe("unrecognized")
    expect((await read(`Content-Type: multipart/report;${" ;".repeat(400_000)} boundary=b\n\n`)).kind).toBe(
      "unrecognized"
    )
    const manyAddresses = `To: ${"a@b, ".repeat(180_000)}\n${REPORT_HEAD}${STATUS_PART}${recipientBlock(5)}--b--\n`
    expect(await read(manyAddresses)).toEqual({ kind: "bounce", outcomes: [hardBounceOf(5)], original: null })
  })

  it("answers broken encodings and boundary look-alikes", async () => {
    const encoded = (encoding: string, body: string) =>
      `${REPORT_HEAD}--b\nContent-Type: message/delivery-status\nContent-Transfer-Encoding: ${encoding}\n\n${body}\n--b--\n`
    expect((await read(encoded("base64", "!!!!*%$#".repeat(100_000)))).kind).toBe("unrecognized")
    expect((await read(encoded("base64", "A"))).kind).toBe("unrecognized")
    expect((await read(encoded("quoted-printable", "=".repeat(1_000_000)))).kind).toBe("unrecognized")
    expect((await read(encoded("quoted-printable", `=${" ".repeat(1_000_000)}x`))).kind).toBe("unrecognized")
    // An encoding mailparser does not know is read as it is.
    expect(await read(encoded("x-unknown", recipientBlock(9)))).toEqual({
      kind: "bounce",
      outcomes: [hardBounceOf(9)],
      original: null
    })
    // Past the megabyte, then under it so that mailparser reads them.
    expect((await read(REPORT_HEAD + "--bb\n--b-\n -b\n".repeat(500_000))).kind).toBe("unrecognized")
    expect((await read(REPORT_HEAD + `--b${" ".repeat(1_000_000)}x\n`.repeat(3))).kind).toBe("unrecognized")
    expect((await read(REPORT_HEAD + `--b${" ".repeat(300_000)}x\n`.repeat(3))).kind).toBe("unrecognized")
    expect((await read(REPORT_HEAD + "--bb\n--b-\n -b\n".repeat(60_000))).kind).toBe("unrecognized")
  })

  it("keeps a quoted `__proto__` header as data", async () => {
    const quoted = "--b\nContent-Type: text/rfc822-headers\n\n__proto__: polluted\nconstructor: x\n\n--b--\n"
    const report = await read(REPORT_HEAD + STATUS_PART + recipientBlock(2) + quoted)
    expect(report.kind === "bounce" && Object.entries(report.original!.headers)).toEqual([
      ["__proto__", "polluted"],
      ["constructor", "x"]
    ])
    expect(report.kind === "bounce" && Object.getPrototypeOf(report.original!.headers)).toBe(Object.prototype)
  })
})
