import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { CopyField } from "../CopyField.js"
import { Confirm, Loading, Notice, PageHeader, SecretOnce, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"

/** The chat widget: the one line that puts it on the tenant's website, and the secret that names signed-in visitors. */
export const Widget = (props: PageProps) => {
  const tenantId = props.session.tenantId
  const [loaded, reload] = useLoad(() => props.client.chatDashboard.getChatWidget({ path: { tenantId } }), [tenantId])
  const [secret, setSecret] = useState<string | undefined>(undefined)
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const rotate = async () => {
    setConfirming(false)
    const { data, error } = await props.client.chatDashboard.rotateWidgetIdentitySecret({ path: { tenantId } })
    if (error !== undefined) return setFailure(describeError(error))
    setFailure(undefined)
    setSecret(data.identitySecret)
    reload()
  }
  return (
    <>
      <PageHeader
        title="Chat widget"
        lead="A chat button on your website: visitors write to your team without leaving the page, and their conversations arrive in the inbox."
      />
      {secret === undefined ? null : (
        <SecretOnce label="Your widget's identity secret" secret={secret} onDone={() => setSecret(undefined)} />
      )}
      <Loading loaded={loaded}>
        {(widget) => (
          <>
            <section class="card" aria-labelledby="widget-install">
              <h2 id="widget-install">Put it on your website</h2>
              <p>
                Paste this line into the pages that should show the chat button, before <code>&lt;/body&gt;</code>.
                If your site sends a Content-Security-Policy, allow <code>{new URL(widget.scriptUrl).origin}</code> in{" "}
                <code>script-src</code> and <code>frame-src</code>: nothing else is loaded.
              </p>
              <CopyField id="widget-snippet" context="Widget" label="HTML" value={widget.snippet} rows={3} />
              <p class="muted small">
                A visitor's first message opens a conversation; the widget remembers the visitor on that browser for 30
                days. Site key <span class="mono">{widget.siteKey}</span>.
              </p>
            </section>
            <section class="card" aria-labelledby="widget-identity">
              <h2 id="widget-identity">Signed-in visitors</h2>
              <p>
                To chat as the person signed in to your site, add <code>data-external-id</code> (your id for them) and{" "}
                <code>data-identity-hash</code> to the line: the hex HMAC-SHA256 of that id under your widget's identity
                secret, made on your server. Without a matching hash the widget refuses the id, so no page can speak as
                someone else.
              </p>
              <p>
                {widget.identitySecretAt === null
                  ? "No identity secret yet: the widget takes anonymous visitors only."
                  : `Identity secret made ${formatTime(widget.identitySecretAt)}.`}
              </p>
              {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
              {props.session.role !== "admin" ? (
                <p class="muted small">An admin of your account makes the secret.</p>
              ) : (
                <button
                  type="button"
                  class="button"
                  onClick={() => (widget.identitySecretAt === null ? rotate() : setConfirming(true))}
                >
                  {widget.identitySecretAt === null ? "Make an identity secret" : "Make a new identity secret"}
                </button>
              )}
            </section>
          </>
        )}
      </Loading>
      {confirming ? (
        <Confirm
          title="Make a new identity secret?"
          action="Make a new secret"
          onConfirm={rotate}
          onCancel={() => setConfirming(false)}
        >
          <p>The current secret stops working at once: hashes your server made with it are refused until it signs with the new one.</p>
        </Confirm>
      ) : null}
    </>
  )
}
