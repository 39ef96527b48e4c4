/**
 * @servicekit/adapters/mail — mail over SMTP (nodemailer), the development mailbox of `.eml` files,
 * and the DNS resolver that checks senders' domains.
 */
export { type SmtpMailerOptions, layerSmtpMailer } from "./mail/SmtpMailer.js"
export {
  type DevelopmentMailboxOptions,
  layerDevelopmentMailbox,
  layerDevelopmentTestMailbox,
  makeDevelopmentMailbox
} from "./mail/DevelopmentMailbox.js"
export { type NodeDnsOptions, layerNodeDns } from "./mail/NodeDns.js"
