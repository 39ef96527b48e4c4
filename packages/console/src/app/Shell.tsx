import { BrandMark } from "./BrandMark.js"
import { Loading, PageHeader } from "./Components.js"
import { useLoad } from "./Load.js"
import { Overview, productNames } from "./Overview.js"
import { Agents } from "./automations/Agents.js"
import { Approvals } from "./automations/Approvals.js"
import { Channels } from "./automations/Channels.js"
import { Governance } from "./automations/Governance.js"
import { Marketplace } from "./automations/Marketplace.js"
import { Nodes } from "./automations/Nodes.js"
import { Sequences } from "./automations/Sequences.js"
import { RunDetail } from "./automations/RunDetail.js"
import { Runs } from "./automations/Runs.js"
import { SessionDetail } from "./automations/SessionDetail.js"
import { Sessions } from "./automations/Sessions.js"
import { Workflows } from "./automations/Workflows.js"
import { Calls } from "./calling/Calls.js"
import { SipSettings } from "./calling/SipSettings.js"
import { ChatAppearancePage } from "./chat/Appearance.js"
import { CannedResponses } from "./chat/CannedResponses.js"
import { ChatSettingsPage } from "./chat/ChatSettings.js"
import { PresenceBeacon } from "./chat/Presence.js"
import { Inbox } from "./chat/Inbox.js"
import { Visitors } from "./chat/Visitors.js"
import { Widget } from "./chat/Widget.js"
import { href, useRoute } from "./Route.js"
import type { PageProps } from "./PageProps.js"
import { ApiKeys } from "./developers/ApiKeys.js"
import { EventCatalog } from "./developers/EventCatalog.js"
import { Retention } from "./developers/Retention.js"
import { WebhookDetail } from "./developers/WebhookDetail.js"
import { Webhooks } from "./developers/Webhooks.js"
import { ConversationThread } from "./growth/ConversationThread.js"
import { Conversations } from "./growth/Conversations.js"
import { NewConversation } from "./growth/NewConversation.js"
import { DomainDetail } from "./transactional/DomainDetail.js"
import { Domains } from "./transactional/Domains.js"
import { Logs } from "./transactional/Logs.js"
import { MessageHistory } from "./transactional/MessageHistory.js"
import { Statistics } from "./transactional/Statistics.js"
import { Suppressions } from "./transactional/Suppressions.js"
import { NewTemplate, TemplateEditor } from "./transactional/TemplateEditor.js"
import { Templates } from "./transactional/Templates.js"


interface Area {
  readonly title: string
  /** The product the tenant must be entitled to for the area to show. */
  readonly product?: string
  readonly pages: ReadonlyArray<{
    readonly route: string
    readonly title: string
    /** A product the page needs beyond its area's. */
    readonly product?: string
  }>
}

/** The built areas and their pages; an area joins this list when it is built, never as a placeholder. */
const areas: ReadonlyArray<Area> = [
  { title: "Tenant", pages: [{ route: "/", title: "Overview" }] },
  {
    title: "Live Chat",
    product: "chat",
    pages: [
      { route: "/chat/inbox", title: "Inbox" },
      { route: "/chat/visitors", title: "Visitors" },
      { route: "/chat/widget", title: "Widget" },
      { route: "/chat/canned-responses", title: "Canned responses" },
      { route: "/chat/appearance", title: "Appearance" },
      { route: "/chat/settings", title: "Chat settings" }
    ]
  },
  {
    title: "Automations",
    product: "automations",
    pages: [
      { route: "/automations/runs", title: "Runs" },
      { route: "/automations/approvals", title: "Approvals" },
      { route: "/automations/workflows", title: "Workflows" },
      { route: "/automations/sequences", title: "Sequences" },
      { route: "/automations/agents", title: "Agents" },
      { route: "/automations/channels", title: "Channels" },
      { route: "/automations/nodes", title: "Nodes" },
      { route: "/automations/marketplace", title: "Marketplace" },
      { route: "/automations/sessions", title: "Sessions" },
      { route: "/automations/governance", title: "Governance" }
    ]
  },
  {
    title: "Transactional email",
    product: "transactional",
    pages: [
      { route: "/transactional/templates", title: "Templates" },
      { route: "/transactional/logs", title: "Logs" },
      { route: "/transactional/statistics", title: "Statistics" },
      // Suppressions hold for all the tenant's mail (Growth's too), but their routes are
      // Transactional's and its logs say when a send was suppressed: the page sits beside them.
      { route: "/transactional/suppressions", title: "Suppressions" },
      // Sending domains sign Business email: the API adds them for tenants that have it.
      { route: "/transactional/domains", title: "Sending domains", product: "business_email" }
    ]
  },
  {
    title: "Business Calling",
    product: "voice",
    pages: [
      { route: "/calling/calls", title: "Calls" },
      { route: "/calling/sip", title: "SIP settings" }
    ]
  },
  // Growth's conversations are emails the tenant sends.
  { title: "Growth", product: "business_email", pages: [{ route: "/growth/conversations", title: "Conversations" }] },
  {
    title: "Developers",
    pages: [
      { route: "/developers/api-keys", title: "API keys" },
      { route: "/developers/webhooks", title: "Webhooks" },
      { route: "/developers/events", title: "Event catalog" },
      { route: "/developers/retention", title: "Data retention" }
    ]
  }
]

/** The page of `area` a route shows (Overview's `/` aside). */
const pageOf = (area: Area, route: string) => area.pages.find((page) => page.route !== "/" && route.startsWith(page.route))

/** The area a route belongs to. */
const areaOf = (route: string) => areas.find((area) => pageOf(area, route) !== undefined)

const entitledTo = (needs: { readonly product?: string }, entitlements: ReadonlyArray<string>) =>
  needs.product === undefined || entitlements.includes(needs.product)

/** A page of a product the tenant does not have, reached by its address: what it is, and where to get it. */
const NotIncluded = (props: { readonly title: string; readonly product: string }) => (
  <>
    <PageHeader title={props.title} lead="Not part of this tenant's products." />
    <div class="card empty">
      <h2>{productNames[props.product] ?? props.title} is not included</h2>
      <p>
        Your tenant is not entitled to it, so its pages are not shown. The platform you signed in from decides which
        products a tenant has: ask it to add this one.
      </p>
    </div>
  </>
)

const pageFor = (route: string, props: PageProps) => {
  const area = areaOf(route)
  if (area !== undefined && !entitledTo(area, props.entitlements)) {
    return <NotIncluded title={area.title} product={area.product!} />
  }
  const page = area === undefined ? undefined : pageOf(area, route)
  if (page !== undefined && !entitledTo(page, props.entitlements)) {
    return <NotIncluded title={page.title} product={page.product!} />
  }
  const inbox = /^\/chat\/inbox(?:\/([0-9a-f-]{36}))?$/.exec(route)
  if (inbox !== null) return <Inbox {...props} conversationId={inbox[1]} />
  if (route === "/chat/visitors") return <Visitors {...props} />
  if (route === "/chat/widget") return <Widget {...props} />
  if (route === "/chat/appearance") return <ChatAppearancePage {...props} />
  if (route === "/chat/settings") return <ChatSettingsPage {...props} />
  if (route === "/chat/canned-responses") return <CannedResponses {...props} />
  const webhook = /^\/developers\/webhooks\/([0-9a-f-]{36})$/.exec(route)
  if (webhook !== null) return <WebhookDetail {...props} webhookId={webhook[1]} />
  const run = /^\/automations\/runs\/([0-9a-f-]{36})$/.exec(route)
  if (run !== null) return <RunDetail {...props} runId={run[1]!} />
  if (route === "/automations/runs") return <Runs {...props} />
  if (route === "/automations/approvals") return <Approvals {...props} />
  if (route === "/automations/workflows") return <Workflows {...props} />
  if (route === "/automations/sequences") return <Sequences {...props} />
  if (route === "/automations/agents") return <Agents {...props} />
  if (route === "/automations/channels") return <Channels {...props} />
  if (route === "/automations/nodes") return <Nodes {...props} />
  if (route === "/automations/marketplace") return <Marketplace {...props} />
  const session = /^\/automations\/sessions\/([0-9a-f-]{36})$/.exec(route)
  if (session !== null) return <SessionDetail {...props} sessionId={session[1]!} />
  if (route === "/automations/sessions") return <Sessions {...props} />
  if (route === "/automations/governance") return <Governance {...props} />
  if (route === "/transactional/templates/new") return <NewTemplate {...props} />
  const template = /^\/transactional\/templates\/([0-9a-f-]{36})$/.exec(route)
  if (template !== null) return <TemplateEditor {...props} templateId={template[1]!} />
  if (route === "/transactional/templates") return <Templates {...props} />
  if (route === "/transactional/logs") return <Logs {...props} />
  const message = /^\/transactional\/logs\/messages\/([0-9a-f-]{36})$/.exec(route)
  if (message !== null) return <MessageHistory {...props} messageId={message[1]!} />
  if (route === "/transactional/suppressions") return <Suppressions {...props} />
  if (route === "/transactional/statistics") return <Statistics {...props} />
  const domain = /^\/transactional\/domains\/([0-9a-f-]{36})$/.exec(route)
  if (domain !== null) return <DomainDetail {...props} domainId={domain[1]!} />
  if (route === "/transactional/domains") return <Domains {...props} />
  if (route === "/calling/calls") return <Calls {...props} />
  if (route === "/calling/sip") return <SipSettings {...props} />
  if (route === "/growth/conversations/new") return <NewConversation {...props} />
  const growthConversation = /^\/growth\/conversations\/([0-9a-f-]{36})$/.exec(route)
  if (growthConversation !== null) return <ConversationThread {...props} conversationId={growthConversation[1]!} />
  if (route === "/growth/conversations") return <Conversations {...props} />
  if (route === "/developers/api-keys") return <ApiKeys {...props} />
  if (route === "/developers/webhooks") return <Webhooks {...props} />
  if (route === "/developers/events") return <EventCatalog {...props} />
  if (route === "/developers/retention") return <Retention {...props} />
  return <Overview {...props} />
}

type ShellProps = Omit<PageProps, "entitlements"> & { readonly onSignOut: () => void }

/** The console once the tenant's products are known: the areas it has, and the page of the address. */
export const Shell = (props: ShellProps) => {
  const [entitlements] = useLoad(() => props.client.developers.getEntitlements(), [])
  return (
    <Loading loaded={entitlements}>{(data) => <Console {...props} entitlements={data.entitlements} />}</Loading>
  )
}

const Console = (props: ShellProps & { readonly entitlements: ReadonlyArray<string> }) => {
  const route = useRoute()
  return (
    <div class="shell">
      {props.entitlements.includes("chat") ? <PresenceBeacon client={props.client} session={props.session} /> : null}
      <aside class="sidebar">
        <BrandMark brand={props.kit.brand} />
        <nav aria-label="Console">
          {areas.filter((area) => entitledTo(area, props.entitlements)).map((area) => (
            <div class="nav-area" key={area.title}>
              <p class="nav-title">{area.title}</p>
              <ul>
                {area.pages.filter((page) => entitledTo(page, props.entitlements)).map((page) => {
                  const active = page.route === "/" ? route === "/" : route.startsWith(page.route)
                  return (
                    <li key={page.route}>
                      <a href={href(page.route)} aria-current={active ? "page" : undefined}>
                        {page.title}
                      </a>
                    </li>
                  )
                })}
              </ul>
            </div>
          ))}
        </nav>
        <div class="who">
          <p>
            <span class="role">{props.session.role}</span>
            <span class="subject">{props.session.subject}</span>
          </p>
          <button type="button" class="button small" onClick={props.onSignOut}>
            Sign out
          </button>
        </div>
      </aside>
      <main class="content">{pageFor(route, props)}</main>
    </div>
  )
}
