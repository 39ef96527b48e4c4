import { expect, it } from "vitest"
import { until } from "../../../host-node/test/automationsClient.js"
import { type ContractContext, UNKNOWN_ID, found, openSocket } from "./setup.js"

/** Automations through the key routes: workflows and runs, governance and agents, companion nodes. */
export const automationsTests = (context: ContractContext) => {
  const { receiver, recorder, connect, tenantWith, expectOk, expectError, runIn } = context

  it("creates, runs, approves, cancels and retries workflows, starts runs from a hook, and reads the readouts", async () => {
    const acme = await tenantWith("Runs", ["automations"])
    const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })
    const manual = { schemaVersion: 1, type: "manual" }
    const gated = expectOk(
      await sk.automations.createWorkflow({
        body: {
          name: "Refunds",
          triggerJson: manual,
          stepsJson: [
            { type: "log", message: "refund {{payload.amount}}" },
            { type: "approval", title: "Refund?" }
          ]
        }
      })
    )
    expect(gated).toMatchObject({ name: "Refunds", active: true, revision: 1 })
    // Steps are typed by kind: a misspelled field does not compile, and the server refuses it as well.
    const misspelled = await sk.automations.createWorkflow({
      body: {
        name: "Typo",
        triggerJson: manual,
        // @ts-expect-error: an approval step has no field `tittle`
        stepsJson: [{ type: "approval", tittle: "Refund?" }]
      }
    })
    expect(expectError(misspelled, 400).details).toEqual([expect.objectContaining({ field: "stepsJson.0.tittle" })])
    const alias = expectOk(
      await sk.automations.createAutomation({
        body: { name: "Alias", triggerJson: manual, stepsJson: [{ type: "log", message: "hi" }] }
      })
    )
    const renamed = expectOk(
      await sk.automations.updateWorkflow({ path: { id: alias.id }, body: { name: "Alias, renamed" } })
    )
    expect(renamed).toMatchObject({ name: "Alias, renamed", revision: 2 })
    expect(
      expectOk(await sk.automations.listWorkflows())
        .data.map((w) => w.id)
        .sort()
    ).toEqual([gated.id, alias.id].sort())
    expect(
      expectOk(await sk.automations.listAutomations())
        .data.map((w) => w.id)
        .sort()
    ).toEqual([gated.id, alias.id].sort())
    expect(expectOk(await sk.automations.getFlow({ path: { id: gated.flowId } }))).toMatchObject({
      workflowId: gated.id,
      revision: 1
    })
    expect(expectOk(await sk.automations.listFlows()).data.map((flow) => flow.id)).toContain(gated.flowId)
    expect(expectOk(await sk.automations.deleteWorkflow({ path: { id: alias.id } })).id).toBe(alias.id)

    // Approved: the run goes on after the approval.
    const approvedRun = expectOk(
      await sk.automationRuns.runWorkflow({ path: { id: gated.id }, body: { payload: { amount: 30 } } })
    )
    expect(approvedRun).toMatchObject({ workflowId: gated.id, status: "queued" })
    await runIn(sk, approvedRun.id, ["waiting_approval"])
    const pending = expectOk(await sk.automationRuns.listApprovals({ query: { status: "pending" } }))
    const approval = found(
      pending.data.find((each) => each.runId === approvedRun.id),
      "the run's approval"
    )
    expect(approval).toMatchObject({ title: "Refund?", status: "pending" })
    const decided = expectOk(
      await sk.automationRuns.decideApproval({ path: { id: approval.id }, body: { decision: "approve" } })
    )
    expect(decided.status).toBe("approved")
    const succeeded = await runIn(sk, approvedRun.id, ["succeeded", "failed"])
    expect(succeeded.status).toBe("succeeded")
    expect(succeeded.stepsResultJson[0]).toMatchObject({ outputText: "refund 30" })

    // Cancelled while it waits, then retried: it asks for the approval again.
    const second = expectOk(await sk.automationRuns.runWorkflow({ path: { id: gated.id }, body: {} }))
    await runIn(sk, second.id, ["waiting_approval"])
    expect(expectOk(await sk.automationRuns.cancelRun({ path: { id: second.id } })).status).toBe("cancelled")
    expect(expectOk(await sk.automationRuns.retryRun({ path: { id: second.id } }))).toMatchObject({
      status: "queued",
      attempt: 2
    })
    const retried = await runIn(sk, second.id, ["waiting_approval", "succeeded", "failed"])
    // Nobody decided this try's approval: the run waits for a new one.
    expect(retried.status, "the retried run passed its approval step undecided").toBe("waiting_approval")
    const runs = expectOk(await sk.automationRuns.listRuns({ query: { workflowId: gated.id } }))
    expect(runs.data.map((run) => run.id).sort()).toEqual([approvedRun.id, second.id].sort())

    const finished = await sk.automationRuns.cancelRun({ path: { id: approvedRun.id } })
    if (finished.error?.code === "invalid_run_transition") expect(finished.error.status).toBe(409)
    const conflict = expectError(finished, 409)
    expect(conflict.code).toBe("invalid_run_transition")
    // @ts-expect-error: a 409 of cancelRun is never an approval's
    expect(conflict.code === "approval_decided").toBe(false)
    expect(expectError(await sk.automationRuns.getRun({ path: { id: UNKNOWN_ID } }), 404).code).toBe("run_not_found")

    // A partner starts a run with the workflow's token, no API key.
    const token = "hook-token-0123456789abcdef"
    const hooked = expectOk(
      await sk.automations.createWorkflow({
        body: {
          name: "Orders",
          triggerJson: { schemaVersion: 1, type: "webhook", webhook: { token } },
          stepsJson: [{ type: "log", message: "{{event.type}}: {{payload.id}}" }]
        }
      })
    )
    const partner = connect()
    const started = expectOk(
      await partner.automationHooks.inboundHook({
        headers: { "x-service-automation-token": token },
        body: { workflowId: hooked.id, event: "order.paid", payload: { id: 42 } }
      })
    )
    expect(started.trigger).toEqual({ type: "webhook", event: "order.paid" })
    expect((await runIn(sk, started.id, ["succeeded", "failed"])).stepsResultJson[0]).toMatchObject({
      outputText: "order.paid: 42"
    })

    // The readout counts the runs as the list shows them.
    const slo = expectOk(await sk.automationReadouts.getSlo())
    const all = expectOk(await sk.automationRuns.listRuns({ query: { limit: 100 } })).data
    expect(slo.runs.total).toBe(3)
    expect(slo.runs.succeeded).toBe(all.filter((run) => run.status === "succeeded").length)
    const onboarding = expectOk(await sk.automationReadouts.getOnboarding())
    expect(onboarding.steps.find((step) => step.id === "decide_approval")?.done).toBe(true)
    const logs = expectOk(await sk.automationReadouts.listLogs({ query: { runId: started.id } }))
    expect(logs.data).toHaveLength(1)
    expect(expectOk(await sk.automationReadouts.listMessages()).data).toEqual([])
  })

  it("keeps standing orders, model labels, tool profiles, memory, sessions, agents and channels", async () => {
    const acme = await tenantWith("Governance", ["automations"])
    const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })
    const policy = expectOk(
      await sk.automationGovernance.putPolicy({ body: { standingOrders: "Never refund over 100 EUR." } })
    )
    expect(expectOk(await sk.automationGovernance.getPolicy())).toEqual(policy)
    expect(expectOk(await sk.automationGovernance.getModels())).toEqual({
      primary: "fast",
      failover: [],
      updatedAt: null,
      toolCalls: { fast: "text" }
    })
    const models = expectOk(
      await sk.automationGovernance.putModels({ body: { primary: "smart", failover: ["fast"] } })
    )
    expect(models.toolCalls).toEqual({ smart: "native", fast: "text" })
    expect(expectOk(await sk.automationGovernance.getModels())).toEqual(models)
    const profile = expectOk(
      await sk.automationGovernance.putToolProfile({
        body: { name: "ops", allow: ["log.write"], deny: ["memory.write"] }
      })
    )
    expect(expectOk(await sk.automationGovernance.listToolProfiles()).data).toEqual([profile])
    const entry = expectOk(
      await sk.automationGovernance.putMemory({ body: { key: "customer:ada", value: { tier: "gold" } } })
    )
    expect(expectOk(await sk.automationGovernance.listMemory({ query: { key: "customer:ada" } })).data).toEqual([
      entry
    ])
    const audit = expectOk(await sk.automationGovernance.listMemoryAudit({ query: { key: "customer:ada" } }))
    expect(audit.data.map((each) => each.action).sort()).toEqual(["read", "write"])

    const session = expectOk(await sk.automationSessions.openSession({ body: { scope: "dm", peer: "carol" } }))
    expect(expectOk(await sk.automationSessions.getSession({ path: { id: session.id } }))).toMatchObject({
      id: session.id,
      messages: []
    })
    expect(expectOk(await sk.automationSessions.listSessions({ query: { scope: "dm" } })).data).toEqual([session])

    const agent = expectOk(
      await sk.automationAgents.createAgent({
        body: { name: "Desk", instructions: "Answer briefly.", model: "fast", route_keys: ["peer:vip-1"] }
      })
    )
    const changed = expectOk(
      await sk.automationAgents.updateAgent({ path: { id: agent.id }, body: { model: null, toolProfile: "ops" } })
    )
    expect(changed).toMatchObject({ model: null, toolProfile: "ops" })
    expect(expectOk(await sk.automationAgents.listAgents()).data).toEqual([changed])
    expect(expectOk(await sk.automationAgents.deleteAgent({ path: { id: agent.id } })).id).toBe(agent.id)
    expect(expectError(await sk.automationAgents.deleteAgent({ path: { id: agent.id } }), 404).code).toBe(
      "agent_not_found"
    )

    // The channel's secret lets a partner post without a key; a workflow listening on it runs.
    const inboundSecret = "partner-secret-0123456789"
    const channel = expectOk(
      await sk.automationChannels.createChannel({
        body: { name: "Partner", type: "webhook", config_json: { url: receiver.url(), inboundSecret } }
      })
    )
    expect(channel).toMatchObject({ type: "webhook", hasInboundSecret: true })
    expect(JSON.stringify(expectOk(await sk.automationChannels.listChannels()))).not.toContain(inboundSecret)
    const listening = expectOk(
      await sk.automations.createWorkflow({
        body: {
          name: "Inbox",
          triggerJson: { schemaVersion: 1, type: "channel", channelId: channel.id },
          stepsJson: [{ type: "log", message: "{{payload.peer}} said {{payload.text}}" }]
        }
      })
    )
    const inbound = expectOk(
      await connect().automationChannelInbound.channelInbound({
        path: { id: channel.id },
        headers: { "x-service-channel-secret": inboundSecret },
        body: { text: "Where is my order?", peer: "erin" }
      })
    )
    expect(inbound.runs.map((run) => run.workflowId)).toEqual([listening.id])
    const heard = await runIn(sk, inbound.runs[0].id, ["succeeded", "failed"])
    expect(heard.stepsResultJson[0]).toMatchObject({ outputText: "erin said Where is my order?" })
    const wrong = await connect().automationChannelInbound.channelInbound({
      path: { id: channel.id },
      headers: { "x-service-channel-secret": "not-the-secret-000000" },
      body: { text: "x" }
    })
    expect(expectError(wrong, 401).code).toBe("invalid_channel_secret")
  })

  it("pairs a companion node, serves its device routes and socket, runs a node skill, and revokes it", async () => {
    const acme = await tenantWith("Nodes", ["automations"])
    const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })
    const created = expectOk(await sk.automationNodes.createNode({ body: { name: "Laptop" } }))
    expect(created).toMatchObject({ status: "pending", pairingCode: expect.stringMatching(/^[A-Z2-9]{8}$/) })
    const claimed = expectOk(
      await connect().automationNodeClaim.claimNode({
        body: {
          pairingCode: created.pairingCode,
          platform: "linux x64",
          version: "1.0.0",
          capabilities: ["node.ping"]
        }
      })
    )
    expect(claimed).toMatchObject({ id: created.id, status: "paired", capabilities: ["node.ping"] })
    const device = connect({ token: claimed.deviceSecret })
    const path = { id: created.id }
    expect(
      expectOk(await device.automationNodeDevice.nodeHeartbeat({ path, body: { version: "1.0.1" } }))
    ).toMatchObject({
      id: created.id,
      capabilities: ["node.ping"]
    })
    const changed = expectOk(await sk.automationNodes.updateNode({ path, body: { name: "Front desk" } }))
    expect(changed).toMatchObject({ name: "Front desk", version: "1.0.1", status: "paired" })
    expect(expectOk(await sk.automationNodes.listNodes()).data).toEqual([changed])

    // The socket: the device secret in the URL the client gives; the first message is the node's settings.
    const url = await device.automationNodeDevice.nodeSocket({ path })
    const socket = await openSocket(url)
    recorder.socketOpened(url, socket.upgradeStatus)
    expect(socket.upgradeStatus).toBe(101)
    expect(JSON.parse(await socket.next())).toMatchObject({
      type: "settings",
      node: { id: created.id, name: "Front desk" }
    })
    socket.socket.close()

    // A run's node step waits for the device, which takes the command by long poll and answers it once.
    const pinging = expectOk(
      await sk.automations.createWorkflow({
        body: {
          name: "Ping",
          triggerJson: { schemaVersion: 1, type: "manual" },
          stepsJson: [{ type: "skill", skillId: "node.ping", input: { nodeId: created.id } }]
        }
      })
    )
    const run = expectOk(await sk.automationRuns.runWorkflow({ path: { id: pinging.id }, body: {} }))
    const command = await until("the node's command", async () => {
      const due = expectOk(await device.automationNodeDevice.nodeCommands({ path, query: { wait: 2 } }))
      return due.data[0]
    })
    expect(command).toMatchObject({ command: "node.ping" })
    const result = expectOk(
      await device.automationNodeDevice.nodeCommandResult({
        path: { id: created.id, commandId: command.id },
        body: { ok: true, output: "pong" }
      })
    )
    expect(result).toMatchObject({ id: command.id, status: "succeeded" })
    expect((await runIn(sk, run.id, ["succeeded", "failed"])).stepsResultJson[0]).toMatchObject({
      status: "succeeded",
      output: { ok: true, output: "pong" }
    })
    const again = await device.automationNodeDevice.nodeCommandResult({
      path: { id: created.id, commandId: command.id },
      body: { ok: true, output: "pong again" }
    })
    expect(expectError(again, 409).code).toBe("command_finished")

    expect(expectOk(await sk.automationNodes.revokeNode({ path }))).toMatchObject({ status: "revoked" })
    const refused = await device.automationNodeDevice.nodeHeartbeat({ path, body: {} })
    const unauthenticated = expectError(refused, 401)
    expect(unauthenticated.code).toBe("invalid_device_secret")
    // @ts-expect-error: a 401 is never a missing node
    expect(unauthenticated.code === "node_not_found").toBe(false)
  })
}
