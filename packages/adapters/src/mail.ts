/**
 * @servicekit/adapters/mail — mail over SMTP (nodemailer), the development mailbox of `.eml` files,
 * the DNS resolver that checks senders' domains, and the inbound SMTP listener for bounces and complaints
 * with the parser (mailparser) that splits them into the parts a report is read from.
 */
export { type SmtpMailerOptions, layerSmtpMailer } from "./mail/SmtpMailer.js"
export {
  type DevelopmentMailboxOptions,
  layerDevelopmentMailbox,
  layerDevelopmentTestMailbox,
  makeDevelopmentMailbox
} from "./mail/DevelopmentMailbox.js"
export { type NodeDnsOptions, layerNodeDns } from "./mail/NodeDns.js"
export { type InboundMail, type InboundSmtp, type InboundSmtpOptions, startInboundSmtp } from "./mail/InboundSmtp.js"
export { type ReportParts, reportPartsOf } from "./mail/ReportParts.js"
