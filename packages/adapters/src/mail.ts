/** @servicekit/adapters/mail — mail over SMTP (nodemailer) and the development mailbox of `.eml` files. */
export { type SmtpMailerOptions, layerSmtpMailer } from "./mail/SmtpMailer.js"
export {
  type DevelopmentMailboxOptions,
  layerDevelopmentMailbox,
  layerDevelopmentTestMailbox,
  makeDevelopmentMailbox
} from "./mail/DevelopmentMailbox.js"
