import { type KeyObject, createPrivateKey } from "node:crypto"
import type { OutgoingMail } from "@servicekit/core/internal"
import type { SendMailOptions } from "nodemailer"
import addressparser from "nodemailer/lib/addressparser"

/** Where a sender without a usable address says its messages come from. */
const FALLBACK_DOMAIN = "servicekit.local"

/** The `Message-ID` of `mail`: ServiceKit's id at the sender's domain, so replies and bounces can be matched. */
export const messageIdHeaderOf = (mail: OutgoingMail): string => {
  const address = addressparser(mail.from, { flatten: true })[0]?.address ?? ""
  const at = address.lastIndexOf("@")
  const domain = at > 0 && at < address.length - 1 ? address.slice(at + 1) : FALLBACK_DOMAIN
  return `<${mail.messageId}@${domain}>`
}

/**
 * The headers a DKIM signature covers: nodemailer's list (RFC 6376 §5.4's) and RFC 8058's
 * List-Unsubscribe-Post, which a one-click unsubscribe needs signed beside List-Unsubscribe.
 */
const SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:" +
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:" +
  "List-Owner:List-Archive"

/** Parsed private keys by their PEM: signing with a parsed key skips parsing the PEM for every message. */
const parsedKeys = new Map<string, KeyObject>()
const MAX_PARSED_KEYS = 1_000

const keyObjectOf = (pem: string): KeyObject => {
  let key = parsedKeys.get(pem)
  if (key === undefined) {
    key = createPrivateKey(pem)
    if (parsedKeys.size >= MAX_PARSED_KEYS) parsedKeys.delete(parsedKeys.keys().next().value!)
    parsedKeys.set(pem, key)
  }
  return key
}

/** `mail` as nodemailer builds it, for SMTP and for the development mailbox alike. */
export const nodemailerMessageOf = (mail: OutgoingMail): SendMailOptions => ({
  messageId: messageIdHeaderOf(mail),
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  headers: mail.headers === undefined ? undefined : { ...mail.headers },
  dkim:
    mail.dkim === undefined
      ? undefined
      : {
          ...mail.dkim,
          // nodemailer hands it to crypto's sign(), which takes a KeyObject; its types say a PEM string.
          privateKey: keyObjectOf(mail.dkim.privateKey) as unknown as string,
          headerFieldNames: SIGNED_HEADERS
        },
  envelope: mail.returnPath === undefined ? undefined : { from: mail.returnPath, to: [mail.to] },
  // Say nothing of the software that sent it.
  xMailer: false
})
