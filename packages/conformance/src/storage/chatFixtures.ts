import type { Conversation, MessageDraft, Visitor, Widget } from "@servicekit/core/chat"
import { type VisitorUpsert, defaultAssignmentRules, defaultFileRules, defaultWorkingHours } from "@servicekit/core/internal"
import { at, newestFirst, uuid } from "./fixtures.js"

/** Visitors, conversations and messages the chat suites share. */
export const makeUpsert = (tenantId: string, overrides: Partial<VisitorUpsert> = {}): VisitorUpsert => ({
  id: uuid(),
  tenantId,
  externalId: `user-${uuid()}`,
  displayName: null,
  email: null,
  attributes: null,
  at: at("2026-05-01T09:00:00.000Z"),
  ...overrides
})

export const makeConversation = (tenantId: string, overrides: Partial<Conversation> = {}): Conversation => ({
  id: uuid(),
  tenantId,
  visitorId: null,
  visitor: null,
  name: "Where is my order?",
  status: "open",
  priority: "normal",
  source: "api",
  assigneeId: null,
  labels: [],
  csat: null,
  messageCount: 0,
  lastMessageAt: null,
  lastMessage: null,
  createdAt: at("2026-05-01T09:00:00.000Z"),
  updatedAt: at("2026-05-01T09:00:00.000Z"),
  ...overrides
})

export const makeDraft = (conversation: Conversation, overrides: Partial<MessageDraft> = {}): MessageDraft => ({
  id: uuid(),
  tenantId: conversation.tenantId,
  conversationId: conversation.id,
  authorType: "visitor",
  authorId: conversation.visitorId,
  authorName: null,
  authorInitials: null,
  content: "Hello, my parcel has not arrived.",
  files: [],
  createdAt: at("2026-05-01T09:01:00.000Z"),
  ...overrides
})

export const siteKey = () => `svw_${uuid().replaceAll("-", "").slice(0, 24)}`

/** A widget as first stored: no identity secret, the platform's look. */
export const makeWidget = (tenantId: string, createdAt = at("2026-05-01T09:00:00.000Z")): Widget => ({
  tenantId,
  siteKey: siteKey(),
  identitySecret: null,
  identitySecretAt: null,
  appearance: { displayName: null, accentColor: null, greeting: null, launcherPosition: "right", updatedAt: null },
  fileRules: defaultFileRules,
  assignment: defaultAssignmentRules,
  assignmentCursor: null,
  workingHours: defaultWorkingHours,
  createdAt
})

/** Attribute values at the edges of what JSON carries, and text in many scripts, nested. */
export const richAttributes = {
  plan: "pro",
  seats: 42,
  ratio: 0.1 + 0.2,
  big: Number.MAX_SAFE_INTEGER,
  tiny: 1e-7,
  flags: [true, false, null],
  "clé ✓ 東京": "naïve café — 東京 — مرحبا — 👩‍💻🎉",
  escaped: 'she said "hi" \\ \n\ttab \u2028 </script> \u0001',
  nested: { deep: { deeper: [1, [2, { three: 3, "": "empty key" }]] }, empty: {}, none: [] }
}

export const conversationsNewestFirst = newestFirst<Conversation>((conversation) => conversation.createdAt)

export const visitorsNewestFirst = newestFirst<Visitor>((visitor) => visitor.createdAt)
