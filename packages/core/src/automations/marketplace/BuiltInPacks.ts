import type { PackContent } from "./Pack.js"

/**
 * The platform's own packs, listed in every account's marketplace. A change to one is a new
 * version: an installation is pinned to a version's content digest.
 */
export const builtInPacks: ReadonlyArray<PackContent> = [
  {
    packId: "servicekit.chat-notify-email",
    version: "1.0.0",
    name: "New chat conversation → notify by email",
    description: "Emails your team when a Live Chat conversation starts, with its title and a link to it.",
    parameters: {
      recipients: {
        type: "array",
        items: { type: "string", format: "email" },
        minItems: 1,
        maxItems: 20,
        description: "Who gets the email."
      },
      subjectPrefix: {
        type: "string",
        maxLength: 100,
        default: "New chat",
        description: "Put before the conversation's title in the subject."
      },
      inboxUrl: {
        type: "string",
        format: "uri",
        description: "Your inbox's address; the conversation's id is added to it."
      }
    },
    templates: [
      {
        key: "notify",
        name: "Notify by email of new chat conversations",
        triggerJson: { schemaVersion: 1, type: "event", events: ["conversation.created"] },
        stepsJson: [
          {
            type: "skill",
            name: "Notify",
            skillId: "email.send",
            input: {
              to: "{{params.recipients}}",
              subject: "{{params.subjectPrefix}}: {{payload.conversation.name}}",
              text: "A conversation started: {{payload.conversation.name}}\n\n{{params.inboxUrl}}/{{payload.conversation.id}}"
            }
          }
        ]
      }
    ]
  },
  {
    packId: "servicekit.daily-usage-digest",
    version: "1.0.0",
    name: "Daily usage digest",
    description: "Every day at a set hour (UTC), emails yesterday's and today's Business Calling usage.",
    parameters: {
      recipients: {
        type: "array",
        items: { type: "string", format: "email" },
        minItems: 1,
        maxItems: 20,
        description: "Who gets the digest."
      },
      hourUtc: { type: "integer", minimum: 0, maximum: 23, default: 8, description: "The hour it is sent, UTC." }
    },
    templates: [
      {
        key: "digest",
        name: "Daily usage digest",
        triggerJson: { schemaVersion: 1, type: "schedule", cron: "0 {{params.hourUtc}} * * *" },
        stepsJson: [
          { type: "skill", name: "Usage", skillId: "voice.usage_read", input: {} },
          {
            type: "skill",
            name: "Digest",
            skillId: "email.send",
            input: {
              to: "{{params.recipients}}",
              subject: "Your daily usage digest",
              text: "Business Calling usage:\n\n{{last.outputText}}"
            }
          }
        ]
      }
    ]
  },
  {
    packId: "servicekit.chat-to-webhook",
    version: "1.0.0",
    name: "Chat messages → partner webhook",
    description:
      "POSTs every new Live Chat message to a partner system. A tool profile requiring approval for webhook.deliver gates each one.",
    parameters: {
      url: { type: "string", format: "uri", description: "The partner's HTTPS endpoint." }
    },
    templates: [
      {
        key: "relay",
        name: "Relay chat messages to a webhook",
        triggerJson: { schemaVersion: 1, type: "event", events: ["message.created"] },
        stepsJson: [
          {
            type: "skill",
            name: "Relay",
            skillId: "webhook.deliver",
            input: { url: "{{params.url}}", body: { event: "{{event.type}}", message: "{{payload.message.content}}" } }
          }
        ]
      }
    ]
  }
]
