import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Loading, Notice, PageHeader } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { describeType, isRequired, parametersOf } from "./PackParameters.js"
import { PackWorkflowForm } from "./PackWorkflowForm.js"
import type { SkillPack, Workflow } from "./Types.js"

/** A pack as a card: what it does, the skills it calls, the parameters its form asks for. */
const PackCard = (props: {
  readonly pack: SkillPack
  readonly admin: boolean
  /** Who offers the built-in packs: the platform, by its brand's name. */
  readonly brandName: string
  readonly onInstall: () => void
  readonly onMake: () => void
}) => {
  const { pack } = props
  const parameters = parametersOf(pack.parameters)
  const installed = pack.installed
  const titleId = `pack-${pack.packId}`
  return (
    <section class="card pack" aria-labelledby={titleId}>
      <header class="pack-header">
        <div>
          <h2 id={titleId}>{pack.name}</h2>
          <p class="muted mono">
            {pack.packId} {pack.version}
            <span class="tag">{pack.source === "builtin" ? props.brandName : "Your account"}</span>
            {installed === null ? null : <span class="status active">Installed {installed.version}</span>}
          </p>
        </div>
        {props.admin ? (
          <div class="actions">
            {installed?.version === pack.version ? null : (
              <button type="button" class="button small" aria-label={`Install ${pack.name}`} onClick={props.onInstall}>
                {installed === null ? "Install" : `Update to ${pack.version}`}
              </button>
            )}
            {installed === null ? null : (
              <button
                type="button"
                class="button small primary"
                aria-label={`Make a workflow from ${pack.name}`}
                onClick={props.onMake}
              >
                Make a workflow
              </button>
            )}
          </div>
        ) : null}
      </header>
      {pack.description === null ? null : <p class="pack-description">{pack.description}</p>}
      <dl class="pack-facts">
        <dt>Skills</dt>
        <dd>
          {pack.skills.map((skill) => (
            <span key={skill} class="tag mono">
              {skill}
            </span>
          ))}
          {pack.approvals.length === 0 ? null : (
            <span class="muted"> (waits for an approval: {pack.approvals.join(", ")})</span>
          )}
        </dd>
        {pack.requires.length === 0 ? null : (
          <>
            <dt>Needs</dt>
            <dd>{pack.requires.join(", ")}</dd>
          </>
        )}
        <dt>Parameters</dt>
        <dd>
          {parameters.length === 0 ? (
            "None"
          ) : (
            <ul class="pack-parameters">
              {parameters.map(([name, parameter]) => (
                <li key={name}>
                  <span class="mono">{name}</span> <span class="muted">{describeType(parameter)}</span>
                  {isRequired(parameter) ? <span class="tag">required</span> : null}
                  {parameter.description === undefined ? null : <span class="block">{parameter.description}</span>}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  )
}

/**
 * The skill marketplace: the platform's packs and the account's own. Admins install a pack and
 * make workflows from it through a form built from its parameters; members browse.
 */
export const Marketplace = (props: PageProps) => {
  const [packs, reload] = useLoad(
    () => props.client.automationsDashboard.listDashboardSkillPacks({ query: { limit: 100 } }),
    []
  )
  const [making, setMaking] = useState<SkillPack | undefined>(undefined)
  const [made, setMade] = useState<Workflow | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const admin = props.session.role === "admin"

  const install = async (pack: SkillPack) => {
    const { error } = await props.client.automationsDashboard.installDashboardSkillPack({
      body: { packId: pack.packId, version: pack.version }
    })
    setFailure(error === undefined ? undefined : describeError(error))
    reload()
  }

  return (
    <>
      <PageHeader title="Marketplace" lead="Skill packs: ready-made workflows over the platform's skills." />
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {made === undefined ? null : (
        <Notice tone="info">
          Workflow <strong>{made.name}</strong> created.{" "}
          <a href={href("/automations/workflows")}>Open workflows to run it</a>
        </Notice>
      )}
      {making === undefined ? null : (
        <PackWorkflowForm
          {...props}
          key={making.packId}
          pack={making}
          onCancel={() => setMaking(undefined)}
          onMade={(workflow) => {
            setMaking(undefined)
            setMade(workflow)
          }}
        />
      )}
      <Loading loaded={packs}>
        {({ data }) =>
          data.length === 0 ? (
            <div class="card empty">
              <h2>No skill packs</h2>
              <p>Packs published with the skills SDK appear here.</p>
            </div>
          ) : (
            <>
              {data.map((pack) => (
                <PackCard
                  key={pack.packId}
                  pack={pack}
                  admin={admin}
                  brandName={props.kit.brand.name}
                  onInstall={() => install(pack)}
                  onMake={() => {
                    setMade(undefined)
                    setMaking(pack)
                  }}
                />
              ))}
            </>
          )
        }
      </Loading>
    </>
  )
}
