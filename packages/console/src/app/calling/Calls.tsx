import type { PageItem } from "@servicekit/client"
import { useState } from "preact/hooks"
import { PageHeader, formatTime } from "../Components.js"
import { PagedTable, usePages } from "../Pages.js"
import type { PageProps } from "../PageProps.js"
import { CallFilterForm, type CallFilters, listQuery, noFilters } from "./CallFilters.js"
import { CallSummary } from "./CallSummary.js"
import { ExportCalls } from "./ExportCalls.js"

type Call = PageItem<"callsDashboard.listDashboardCalls">

const PAGE_SIZE = 25

const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`

/** The tenant's call records: the period's summary, the filtered list a page at a time, and its CSV export. */
export const Calls = (props: PageProps) => {
  const [filters, setFilters] = useState<CallFilters>(noFilters)
  const query = listQuery(filters)
  const calls = usePages<Call>(
    async (cursor) => {
      // The dashboard list answers `{ items, nextCursor }`: the same page, named as the pager reads it.
      const { data, error } = await props.client.callsDashboard.listDashboardCalls({
        query: { limit: PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }), ...query }
      })
      return data === undefined ? { error } : { data: { data: data.items, meta: { nextCursor: data.nextCursor } } }
    },
    [props.session.tenantId, query.direction, query.result]
  )
  return (
    <>
      <PageHeader title="Calls" lead="Every call your carrier reported, newest first.">
        <ExportCalls {...props} filters={filters} />
      </PageHeader>
      <CallFilterForm applied={filters} onApply={setFilters} />
      <CallSummary {...props} filters={filters} />
      <PagedTable
        pages={calls}
        caption="Calls"
        empty={{ title: "No calls here", text: "Calls appear as your carrier reports them." }}
        columns={
          <>
            <th scope="col">Started</th>
            <th scope="col">Direction</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Result</th>
            <th scope="col" class="number">Duration</th>
            <th scope="col">Call id</th>
          </>
        }
        row={(call) => (
          <tr key={call.id}>
            <td class="nowrap">{formatTime(call.startedAt)}</td>
            <td>{call.direction === "inbound" ? "Inbound" : "Outbound"}</td>
            <td class="mono">{call.fromId}</td>
            <td class="mono">{call.toId}</td>
            <td>
              <span class="tag">{call.result}</span>
            </td>
            <td class="number">{duration(call.durationSecs)}</td>
            <td class="mono small">{call.callSid ?? "—"}</td>
          </tr>
        )}
      />
    </>
  )
}
