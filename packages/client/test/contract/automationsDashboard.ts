import { expect, it } from "vitest"
import { type ContractContext, found } from "./setup.js"

/** Automations on the dashboard, sequences and skill packs, and the console's dashboard twins. */
export const automationsDashboardTests = (context: ContractContext) => {
  const { connect, tenantWith, expectOk, expectError, runIn } = context

  it("serves the Automations dashboard routes to a tenant's users: members read, admins write", async () => {
    const acme = await tenantWith("Console", ["automations"])
    const admin = connect({ dashboardToken: await acme.token("admin") }).automationsDashboard
    const member = connect({ dashboardToken: await acme.token("member") }).automationsDashboard
    const workflow = expectOk(
      await admin.createDashboardWorkflow({
        body: {
          name: "From the console",
          triggerJson: { schemaVersion: 1, type: "manual" },
          stepsJson: [{ type: "log" }]
        }
      })
    )
    expect(expectOk(await member.listDashboardWorkflows()).data).toEqual([workflow])
    const sequence = expectOk(
      await admin.createDashboardSequence({
        body: { name: "Onboarding", stepsJson: [{ type: "log", message: "day one" }] }
      })
    )
    expect(expectOk(await member.listDashboardSequences()).data).toEqual([sequence])
    const agent = expectOk(
      await admin.createDashboardAgent({ body: { name: "Desk", instructions: "Answer briefly." } })
    )
    expect(expectOk(await member.listDashboardAgents()).data).toEqual([agent])
    const renamed = expectOk(
      await admin.updateDashboardResource({
        path: { resource: "workflows", id: workflow.id },
        body: { name: "Renamed" }
      })
    )
    expect(renamed).toMatchObject({ id: workflow.id, name: "Renamed" })
    expect(
      expectOk(await admin.deleteDashboardResource({ path: { resource: "agents", id: agent.id } }))
    ).toMatchObject({
      id: agent.id
    })
    expect(expectOk(await member.listDashboardAgents()).data).toEqual([])
    expect(expectOk(await member.getAutomationsConsole())).toMatchObject({ recentRuns: [], waitingApprovals: [] })
    expect(expectOk(await member.listDashboardRuns()).data).toEqual([])
    expect(expectOk(await member.listDashboardSessions()).data).toEqual([])
    expect(expectOk(await member.listDashboardApprovals()).data).toEqual([])
    expect(expectOk(await member.listDashboardChannels()).data).toEqual([])

    const refused = await member.createDashboardWorkflow({
      body: { name: "No", triggerJson: { schemaVersion: 1, type: "manual" }, stepsJson: [{ type: "log" }] }
    })
    if (refused.error?.code === "admin_required") expect(refused.error.status).toBe(403)
    expect(expectError(refused, 403).code).toBe("admin_required")
    const missing = await admin.deleteDashboardResource({ path: { resource: "agents", id: agent.id } })
    expect(expectError(missing, 404).code).toBe("agent_not_found")
  })

  it("runs sequences, and publishes, installs and makes workflows from skill packs", async () => {
    const acme = await tenantWith("Packs", ["automations", "business_email"])
    const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })
    const sequence = expectOk(
      await sk.automationSequences.createSequence({
        body: {
          name: "Nurture",
          stepsJson: [
            { type: "log", message: "first" },
            { type: "wait", days: 2 }
          ]
        }
      })
    )
    expect(expectOk(await sk.automationSequences.listSequences()).data).toEqual([sequence])
    const updated = expectOk(
      await sk.automationSequences.updateSequence({
        path: { id: sequence.id },
        body: {
          stepsJson: [
            { type: "log", message: "hello {{payload.name}}" },
            { type: "wait", minutes: 5 }
          ]
        }
      })
    )
    expect(updated.revision).toBe(sequence.revision + 1)
    const run = expectOk(
      await sk.automationSequences.runSequence({ path: { id: sequence.id }, body: { payload: { name: "Ada" } } })
    )
    // The wait holds the run with no worker, after the first step ran.
    const waiting = await runIn(sk, run.id, ["waiting_timer", "failed"])
    expect(waiting.status).toBe("waiting_timer")
    expect(waiting.stepsResultJson.map((step) => [step.type, step.status, step.outputText])).toEqual([
      ["log", "succeeded", "hello Ada"],
      ["wait", "waiting_timer", null]
    ])
    expect(expectOk(await sk.automationSequences.deleteSequence({ path: { id: sequence.id } })).id).toBe(sequence.id)
    const gone = await sk.automationSequences.runSequence({ path: { id: sequence.id }, body: {} })
    expect(expectError(gone, 404).code).toBe("sequence_not_found")

    const sdk = expectOk(await sk.automationSkills.getSkillSdk())
    expect(sdk.skills.map((skill) => skill.id)).toContain("email.send")
    const pack = {
      packId: "acme.follow-up",
      version: "1.0.0",
      name: "Follow-up email",
      parameters: { recipients: { type: "array", items: { type: "string", format: "email" }, minItems: 1 } },
      templates: [
        {
          key: "send",
          name: "Send the follow-up",
          triggerJson: { schemaVersion: 1, type: "manual" },
          stepsJson: [
            {
              type: "skill",
              skillId: "email.send",
              input: { to: "{{params.recipients}}", subject: "Following up", text: "Hi" }
            }
          ]
        }
      ]
    }
    const published = expectOk(await sk.automationSkills.publishSkillPack({ body: pack }))
    expect(published).toMatchObject({ packId: "acme.follow-up", source: "account", requires: ["business_email"] })
    const changed = expectError(
      await sk.automationSkills.publishSkillPack({ body: { ...pack, name: "Changed" } }),
      409
    )
    expect(changed.code).toBe("pack_version_exists")
    // @ts-expect-error: a 409 of publishSkillPack is never a pack that is not installed
    expect(changed.code === "pack_not_installed").toBe(false)
    expect(expectOk(await sk.automationSkills.listSkillPacks({ query: { source: "account" } })).data).toEqual([
      published
    ])
    const installed = expectOk(await sk.automationSkills.installSkillPack({ body: { packId: "acme.follow-up" } }))
    expect(installed.installed).toMatchObject({ version: "1.0.0", digest: published.digest })
    const workflow = expectOk(
      await sk.automationSkills.createWorkflowFromPack({
        path: { packId: "acme.follow-up" },
        body: { parameters: { recipients: ["grace@example.test"] } }
      })
    )
    expect(workflow).toMatchObject({ name: "Send the follow-up", active: true })
    expect(workflow.stepsJson[0]).toMatchObject({ input: { to: ["grace@example.test"] } })
  })

  it("serves the console's dashboard twins of runs, approvals, nodes, skill packs, governance and sessions", async () => {
    const acme = await tenantWith("Console twins", ["automations", "business_email"])
    const board = connect({ dashboardToken: await acme.token("admin") }).automationsDashboard
    const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })

    // A gated run started, read, approved and finished from the dashboard; another cancelled and retried.
    const gated = expectOk(
      await board.createDashboardWorkflow({
        body: {
          name: "Gated",
          triggerJson: { schemaVersion: 1, type: "manual" },
          stepsJson: [{ type: "approval", title: "Ship it?" }]
        }
      })
    )
    const started = expectOk(await board.runDashboardWorkflow({ path: { id: gated.id }, body: {} }))
    await runIn(sk, started.id, ["waiting_approval"])
    expect(expectOk(await board.getDashboardRun({ path: { id: started.id } }))).toMatchObject({
      id: started.id,
      status: "waiting_approval"
    })
    const approval = found(
      expectOk(await board.listDashboardApprovals()).data.find((each) => each.runId === started.id),
      "the run's approval"
    )
    const decided = expectOk(
      await board.decideDashboardApproval({ path: { id: approval.id }, body: { decision: "approve", note: "fine" } })
    )
    expect(decided).toMatchObject({ status: "approved", note: "fine" })
    expect((await runIn(sk, started.id, ["succeeded", "failed"])).status).toBe("succeeded")
    const second = expectOk(await board.runDashboardWorkflow({ path: { id: gated.id }, body: {} }))
    await runIn(sk, second.id, ["waiting_approval"])
    expect(expectOk(await board.cancelDashboardRun({ path: { id: second.id } })).status).toBe("cancelled")
    expect(expectOk(await board.retryDashboardRun({ path: { id: second.id } }))).toMatchObject({
      status: "queued",
      attempt: 2
    })

    const node = expectOk(await board.createDashboardNode({ body: { name: "Laptop" } }))
    expect(node.pairingCode).toEqual(expect.any(String))
    expect(expectOk(await board.listDashboardNodes()).data.map((each) => each.id)).toEqual([node.id])

    // Governance written from the dashboard is what the key routes read.
    const policy = expectOk(await board.putDashboardPolicy({ body: { standingOrders: "Be brief." } }))
    expect(expectOk(await board.getDashboardPolicy())).toEqual(policy)
    expect(expectOk(await sk.automationGovernance.getPolicy())).toEqual(policy)
    const models = expectOk(await board.putDashboardModels({ body: { primary: "smart", failover: ["fast"] } }))
    expect(expectOk(await board.getDashboardModels())).toEqual(models)
    const profile = expectOk(
      await board.putDashboardToolProfile({ body: { name: "ops", allow: ["log.write"], deny: ["memory.write"] } })
    )
    expect(expectOk(await board.listDashboardToolProfiles()).data).toEqual([profile])
    const entry = expectOk(await board.putDashboardMemory({ body: { key: "customer:ada", value: { tier: "gold" } } }))
    expect(expectOk(await board.listDashboardMemory({ query: { key: "customer:ada" } })).data).toEqual([entry])
    const audit = expectOk(await board.listDashboardMemoryAudit({ query: { key: "customer:ada" } }))
    expect(audit.data.map((each) => each.action).sort()).toEqual(["read", "write"])

    const session = expectOk(await sk.automationSessions.openSession({ body: { scope: "dm", peer: "carol" } }))
    expect(expectOk(await board.getDashboardSession({ path: { id: session.id } }))).toMatchObject({
      id: session.id,
      messages: []
    })

    // A pack published with the key, installed and made into a workflow from the dashboard.
    expectOk(
      await sk.automationSkills.publishSkillPack({
        body: {
          packId: "acme.console-follow-up",
          version: "1.0.0",
          name: "Follow-up email",
          parameters: { recipients: { type: "array", items: { type: "string", format: "email" }, minItems: 1 } },
          templates: [
            {
              key: "send",
              name: "Send the follow-up",
              triggerJson: { schemaVersion: 1, type: "manual" },
              stepsJson: [
                {
                  type: "skill",
                  skillId: "email.send",
                  input: { to: "{{params.recipients}}", subject: "Following up", text: "Hi" }
                }
              ]
            }
          ]
        }
      })
    )
    expect(
      expectOk(await board.listDashboardSkillPacks({ query: { source: "account" } })).data.map((each) => each.packId)
    ).toEqual(["acme.console-follow-up"])
    const installed = expectOk(await board.installDashboardSkillPack({ body: { packId: "acme.console-follow-up" } }))
    expect(installed.installed).toMatchObject({ version: "1.0.0" })
    const fromPack = expectOk(
      await board.createDashboardWorkflowFromPack({
        path: { packId: "acme.console-follow-up" },
        body: { parameters: { recipients: ["grace@example.test"] } }
      })
    )
    expect(fromPack.stepsJson[0]).toMatchObject({ input: { to: ["grace@example.test"] } })
  })
}
