import { PageHeader } from "./Components.js"
import { href } from "./Route.js"
import type { PageProps } from "./PageProps.js"

export const productNames: Record<string, string> = {
  chat: "Live Chat",
  voice: "Business Calling",
  transactional: "Transactional email",
  automations: "Automations",
  business_email: "Business email",
  marketing: "Marketing",
  ai_agent: "AI agent"
}

export const Overview = (props: PageProps) => {
  const admin = props.session.role === "admin"
  return (
    <>
      <PageHeader title="Overview" lead="Your tenant and what it may use." />
      <section class="card">
        <h2>Tenant</h2>
        <dl class="facts">
          <dt>Tenant id</dt>
          <dd class="mono">{props.session.tenantId}</dd>
          <dt>Your role</dt>
          <dd>{admin ? "Admin: you can read and change everything here." : "Member: you can read; admins make changes."}</dd>
        </dl>
      </section>
      <section class="card">
        <h2>Products</h2>
        {props.entitlements.length === 0 ? (
          <p class="muted">This tenant is entitled to no product yet.</p>
        ) : (
          <ul class="chips">
            {props.entitlements.map((product) => (
              <li key={product} class="chip">
                {productNames[product] ?? product}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="card">
        <h2>Developers</h2>
        <p>
          Create <a href={href("/developers/api-keys")}>API keys</a> for your servers and subscribe to events with{" "}
          <a href={href("/developers/webhooks")}>webhooks</a>.
        </p>
      </section>
    </>
  )
}
