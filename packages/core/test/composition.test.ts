import { Layer, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { compose } from "../src/Composition.js"
import { builtInSkill } from "../src/module/SkillInputs.js"
import { type ProductModule, defineModule } from "../src/module/ProductModule.js"
import { catalogSchemas, makeCatalog } from "../src/platform/Products.js"

const moduleOf = (name: string, products: ProductModule["products"], extra: Partial<ProductModule> = {}): ProductModule =>
  defineModule({ name, products, groups: [], services: Layer.empty, memory: Layer.empty, ...extra }) as ProductModule

describe("a kit's product catalog", () => {
  it("folds the modules' declarations in module order, with the built-in products first", () => {
    const { catalog } = compose([moduleOf("notes", [{ name: "notes", keys: { scopes: ["notes:read", "notes:write"] } }])])
    expect(catalog.products).toEqual(["chat", "voice", "transactional", "business_email", "marketing", "automations", "ai_agent", "notes"])
    expect(catalog.keyProducts).toEqual(["chat", "voice", "transactional", "automations", "notes"])
    // A key of any product may carry the webhooks' shared scope, after its own.
    expect(catalog.scopesOf("notes")).toEqual([
      "notes:read",
      "notes:write",
      "webhooks:manage",
      "domains:manage",
      "suppressions:manage",
      "reputation:read",
      "retention:manage"
    ])
    expect(catalog.scopesOf("marketing")).toEqual([])
    expect(catalog.productOfScope("notes:write")).toBe("notes")
    expect(catalog.productOfScope("webhooks:manage")).toBeUndefined()
    expect(catalog.isSharedScope("webhooks:manage")).toBe(true)
    expect(catalog.grants("voice", "notes:read")).toBe(false)
    expect(["chat", "voice", "transactional", "automations", "notes", "marketing"].map((p) => catalog.grants(p, "webhooks:manage"))).toEqual(
      [true, true, true, true, true, false]
    )
    expect(catalog.requirementsOf("transactional")).toEqual(["business_email"])
    expect(catalog.keyHead("notes", "test")).toBe("test_notes")
    expect(catalog.keyOwner("test_live")).toEqual({ product: "chat", environment: "test" })
    // A kit of the built-in modules alone knows none of it.
    expect(compose().catalog.isProduct("notes")).toBe(false)
  })

  it("lists every product's webhook events, an added module's after the built-in ones", () => {
    const { catalog, products } = compose([moduleOf("notes", [{ name: "notes", events: [{ name: "note.created", body: Schema.Struct({}) }] }])])
    expect(catalog.events.map((event) => [event.name, event.product, event.body !== undefined])).toEqual([
      ["message.created", "chat", true],
      ["conversation.created", "chat", true],
      ["conversation.closed", "chat", true],
      ["conversation.assigned", "chat", true],
      ["csat.submitted", "chat", true],
      ["visitor.created", "chat", false],
      ["email.sent", "transactional", true],
      ["email.failed", "transactional", true],
      ["email.bounced", "transactional", true],
      ["email.complained", "transactional", true],
      ["email.delivered", "transactional", true],
      ["email.deferred", "transactional", true],
      ["run.succeeded", "automations", true],
      ["run.failed", "automations", true],
      ["run.cancelled", "automations", true],
      ["run.expired", "automations", true],
      ["approval.requested", "automations", true],
      ["approval.decided", "automations", true],
      ["node.offline", "automations", true],
      ["note.created", "notes", true],
      // The webhooks' own, anyone's whatever their products.
      ["endpoint.disabled", undefined, true],
      ["sending.warning", undefined, true],
      ["sending.paused", undefined, true],
      ["sending.resumed", undefined, true]
    ])
    expect(["note.created", "visitor.created", "note.deleted"].map(Schema.is(products.Event))).toEqual([true, true, false])
    // The webhooks take the events that are sent, from the catalog.
    const webhooks = compose().subscribers.find((subscriber) => subscriber.name === "webhooks")
    expect(webhooks?.types).toEqual([
      "message.created",
      "conversation.created",
      "conversation.closed",
      "conversation.assigned",
      "csat.submitted",
      "email.sent",
      "email.failed",
      "email.bounced",
      "email.complained",
      "email.delivered",
      "email.deferred",
      "run.succeeded",
      "run.failed",
      "run.cancelled",
      "run.expired",
      "approval.requested",
      "approval.decided",
      "node.offline",
      "endpoint.disabled",
      "sending.warning",
      "sending.paused",
      "sending.resumed"
    ])
  })

  it("takes the catalog's names, and only those, in the contract's schemas", () => {
    const { Product, KeyProduct, Scope } = catalogSchemas(makeCatalog([{ name: "fax", keys: { scopes: ["fax:send"] } }, { name: "paper" }]))
    expect(["fax", "paper", "voice"].map(Schema.is(Product))).toEqual([true, true, false])
    expect(["fax", "paper"].map(Schema.is(KeyProduct))).toEqual([true, false])
    expect(["fax:send", "voice:read"].map(Schema.is(Scope))).toEqual([true, false])
  })

  it.each([
    [[moduleOf("notes", [{ name: "chat" }])], /Product chat is declared twice/],
    [[moduleOf("notes", [{ name: "notes", keys: { scopes: ["chat:read"] } }])], /Scope chat:read is declared by both chat and notes/],
    [[moduleOf("notes", [{ name: "notes", keys: { scopes: ["webhooks:manage"] } }])], /Scope webhooks:manage is declared by both the platform \(a shared scope\) and notes/],
    [[moduleOf("notes", [], { scopes: ["webhooks:manage"] })], /Shared scope webhooks:manage is declared twice/],
    [[moduleOf("notes", [], { scopes: ["manage"] })], /Shared scope "manage" must look like resource:action/],
    [[moduleOf("notes", [], { events: [{ name: "endpoint.disabled" }] })], /Event endpoint.disabled is declared by both the platform and the platform/],
    [[moduleOf("notes", [{ name: "notes", events: [{ name: "endpoint.disabled" }] }])], /Event endpoint.disabled is declared by both notes and the platform/],
    [[moduleOf("notes", [{ name: "live", keys: { scopes: ["live:read"] } }])], /Keys of chat and live would both begin svk_test_live_/],
    [[moduleOf("notes", [{ name: "my_notes", keys: { scopes: ["notes:read"] } }])], /my_notes has keys: its name must be lowercase letters and digits only/],
    [[moduleOf("notes", [{ name: "notes", keys: { scopes: ["read"] } }])], /Scope "read" of product notes must look like resource:action/],
    [[moduleOf("notes", [{ name: "notes", requires: ["paper"] }])], /Product notes requires paper, which no module declares/],
    [[moduleOf("chat", [])], /Two modules are called chat/],
    [[moduleOf("notes", [{ name: "notes", events: [{ name: "message.created" }] }])], /Event message.created is declared by both chat and notes/],
    [[moduleOf("notes", [{ name: "notes", events: [{ name: "NoteCreated" }] }])], /Event "NoteCreated" of product notes must look like resource.action/],
    [
      [moduleOf("notes", [], { skills: [builtInSkill({ id: "notes.add", requires: ["notes"], input: {}, description: "" })] })],
      /The skill notes.add requires notes, which no module declares/
    ]
  ])("refuses modules that disagree, naming them (%#)", (added, message) => {
    expect(() => compose(added)).toThrow(message)
  })
})
