/** @servicekit/core/transactional — Transactional email's records, errors and service. */
export type {
  ActivityEntry,
  ActivityStatus,
  DeliveryStatistics,
  EmailMessage,
  EmailTemplate,
  MessageStatus,
  TemplateBody
} from "../transactional/Transactional.js"
export { TemplateNameTaken, TemplateNotFound } from "../transactional/TransactionalErrors.js"
export { TransactionalService } from "../transactional/TransactionalService.js"
