import { growthConversationsSuite } from "./growthConversations.js"

growthConversationsSuite("the embedded default", () => ({}), "the development mailbox")
