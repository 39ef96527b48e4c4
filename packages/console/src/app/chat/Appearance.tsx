import { describeError } from "../Api.js"
import { Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { Field } from "../Field.js"
import { useSave } from "../Saving.js"
import { AgentNames } from "./AgentNames.js"

type Appearance = NonNullable<
  Awaited<ReturnType<PageProps["client"]["chatAppearance"]["getChatAppearance"]>>["data"]
>

const FIELDS = ["displayName", "accentColor", "greeting"] as const
type FieldName = (typeof FIELDS)[number]

/**
 * A refusal split for this form: the API words its reasons about the appearance as whole clauses
 * ("it is empty", the accent's contrast), so each is said at its field as it comes.
 */
const refusalOf = (error: Parameters<typeof describeError>[0]) => {
  const atFields: Partial<Record<FieldName, string>> = Object.fromEntries(
    (error.details ?? [])
      .filter((detail) => (FIELDS as ReadonlyArray<string>).includes(detail.field))
      .map((detail) => [detail.field, detail.reason])
  )
  return { atFields, notice: Object.keys(atFields).length === 0 ? describeError(error) : undefined }
}

/** Text the tenant left empty is the platform's again. */
const valueOf = (form: FormData, field: FieldName) => {
  const text = String(form.get(field) ?? "").trim()
  return text === "" ? null : text
}

/**
 * How the widget and the hosted chat page look to the tenant's visitors (admins change it, members
 * read it), and the names agents sign replies with. A value the API refuses is said at its field.
 */
export const ChatAppearancePage = (props: PageProps) => {
  const tenantId = props.session.tenantId
  const [loaded, reload] = useLoad(
    () => props.client.chatAppearance.getChatAppearance({ path: { tenantId } }),
    [tenantId]
  )
  return (
    <>
      <PageHeader
        title="Chat appearance"
        lead="How your chat widget and chat page look to your visitors, and the names your agents sign their replies with."
      />
      <Loading loaded={loaded}>{(appearance) => <AppearanceForm {...props} appearance={appearance} onSaved={reload} />}</Loading>
      <AgentNames {...props} />
    </>
  )
}

const AppearanceForm = (props: PageProps & { readonly appearance: Appearance; readonly onSaved: () => void }) => {
  const { appearance } = props
  const admin = props.session.role === "admin"
  const { problems, failure, saved, busy, save } = useSave<FieldName>()

  const submit = async (event: Event) => {
    event.preventDefault()
    if (busy || !admin) return
    const form = new FormData(event.currentTarget as HTMLFormElement)
    const stored = await save(refusalOf, () =>
      props.client.chatAppearance.updateChatAppearance({
        path: { tenantId: props.session.tenantId },
        body: {
          displayName: valueOf(form, "displayName"),
          accentColor: valueOf(form, "accentColor"),
          greeting: valueOf(form, "greeting"),
          launcherPosition: form.get("launcherPosition") === "left" ? "left" : "right"
        }
      })
    )
    if (stored !== undefined) props.onSaved()
  }

  return (
    <form class="card form" onSubmit={submit} aria-labelledby="appearance-title">
      <h2 id="appearance-title">How your chat looks</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {saved ? <Notice tone="info">Saved: visitors see it the next time they open the chat.</Notice> : null}
      <fieldset disabled={!admin}>
        <Field
          id="appearance-displayName"
          label="Display name"
          problem={problems.displayName}
          help={`Shown above the chat. Empty: ${props.kit.brand.name}, the platform's name.`}
        >
          {(aria) => (
            <input
              {...aria}
              name="displayName"
              maxLength={60}
              defaultValue={appearance.displayName ?? ""}
              placeholder={props.kit.brand.name}
            />
          )}
        </Field>
        <Field
          id="appearance-accentColor"
          label="Accent colour"
          problem={problems.accentColor}
          help="Written #rrggbb: the launcher, your visitors' messages and the buttons; dark enough for white text on it. Empty: the platform's colour."
        >
          {(aria) => (
            <input
              {...aria}
              name="accentColor"
              maxLength={7}
              spellcheck={false}
              autocomplete="off"
              class="mono"
              defaultValue={appearance.accentColor ?? ""}
              placeholder={appearance.accentColor === null ? appearance.shown.accentColor : undefined}
            />
          )}
        </Field>
        <Field
          id="appearance-greeting"
          label="Greeting"
          problem={problems.greeting}
          help="The widget's first words, before a visitor writes. Empty: the platform's greeting."
        >
          {(aria) => (
            <textarea
              {...aria}
              name="greeting"
              rows={2}
              maxLength={500}
              defaultValue={appearance.greeting ?? ""}
              placeholder={appearance.greeting === null ? appearance.shown.greeting : undefined}
            />
          )}
        </Field>
        <div class="field">
          <label for="appearance-launcherPosition">Chat button</label>
          {/* Options selected at first only: a refused save keeps what was chosen. */}
          <select id="appearance-launcherPosition" name="launcherPosition">
            <option value="right" selected={appearance.launcherPosition === "right"}>
              Bottom right
            </option>
            <option value="left" selected={appearance.launcherPosition === "left"}>
              Bottom left
            </option>
          </select>
        </div>
      </fieldset>
      {admin ? (
        <div class="form-actions">
          <button type="submit" class="button primary" aria-disabled={busy ? "true" : undefined}>
            Save appearance
          </button>
        </div>
      ) : (
        <p class="muted small">An admin of your account changes how the chat looks.</p>
      )}
      {appearance.updatedAt === null ? null : <p class="muted small">Last changed {formatTime(appearance.updatedAt)}.</p>}
    </form>
  )
}
