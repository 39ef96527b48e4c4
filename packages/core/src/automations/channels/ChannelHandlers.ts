import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { ApiCaller } from "../../http/Security.js"
import type { Channel } from "./Channel.js"
import { ChannelInboundApi, ChannelsApi } from "./ChannelsApi.js"
import { ChannelService } from "./ChannelService.js"
import { HookCaller } from "../hooks/HookAuth.js"
import { runJson } from "../runs/RunHandlers.js"
import { RunEngine } from "../runs/RunEngine.js"

export const channelJson = (channel: Channel) => ({
  id: channel.id,
  name: channel.name,
  type: channel.type,
  config_json: channel.config,
  hasInboundSecret: channel.inboundSecret !== null,
  createdAt: channel.createdAt,
  updatedAt: channel.updatedAt
})

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

export const channelHandlers = implement(
  ChannelsApi,
  Effect.gen(function* () {
    const channels = yield* ChannelService
    return {
      listChannels: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => channels.list(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, channelJson))
        ),
      createChannel: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => channels.create(tenantId, payload)).pipe(Effect.map(channelJson))
    }
  })
)

export const channelInboundHandlers = implement(
  ChannelInboundApi,
  Effect.gen(function* () {
    const channels = yield* ChannelService
    const runs = yield* RunEngine
    return {
      channelInbound: ({ path, payload }) =>
        Effect.flatMap(HookCaller, (caller) => channels.inbound(caller, path.id, payload)).pipe(
          Effect.provideService(RunEngine, runs),
          Effect.map((started) => ({ channelId: path.id, runs: started.map(runJson) }))
        )
    }
  })
)
