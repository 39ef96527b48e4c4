import { Day, KeyValues, PageHeader } from "../Components.js"
import { PagedTable, usePages } from "../Pages.js"
import type { PageProps } from "../PageProps.js"
import type { Channel } from "./Types.js"

/**
 * The account's channels, where messages go out and come in. Read-only: channels are created over
 * the API (`POST /v1/automations/channels`), which takes their inbound secret once and never shows it.
 */
export const Channels = (props: PageProps) => {
  const pages = usePages<Channel>(
    (cursor) => props.client.automationsDashboard.listDashboardChannels({ query: { limit: 25, cursor } }),
    []
  )
  return (
    <>
      <PageHeader
        title="Channels"
        lead="Where deliver steps send messages and where inbound messages start runs. Inbound secrets are never shown."
      />
      <PagedTable
        pages={pages}
        caption="Channels"
        empty={{
          title: "No channels yet",
          text: "Channels are created over the API with a key holding automations:manage."
        }}
        columns={
          <>
            <th scope="col">Channel</th>
            <th scope="col">Type</th>
            <th scope="col">Settings</th>
            <th scope="col">Inbound secret</th>
            <th scope="col">Changed</th>
          </>
        }
        row={(channel) => (
          <tr key={channel.id}>
            <td>
              <span class="channel-name">{channel.name}</span>
              <span class="muted block mono">{channel.id}</span>
            </td>
            <td>{channel.type}</td>
            <td>
              {/* The type's settings (URL, addresses, conversation): the inbound secret is never among them. */}
              <KeyValues values={channel.config_json} />
            </td>
            <td>{channel.hasInboundSecret ? "Set" : "None"}</td>
            <td class="nowrap">
              <Day iso={channel.updatedAt} />
            </td>
          </tr>
        )}
      />
    </>
  )
}
