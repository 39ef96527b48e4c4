import type { PageItem } from "@servicekit/client"
import { Day, PageHeader } from "../Components.js"
import { PagedTable, usePages } from "../Pages.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"

export type Template = PageItem<"transactionalDashboard.listDashboardTemplates">

/** The tenant's email templates, newest first, a page at a time. */
export const Templates = (props: PageProps) => {
  const templates = usePages<Template>(
    (cursor) =>
      props.client.transactionalDashboard.listDashboardTemplates({
        query: { limit: 25, ...(cursor === undefined ? {} : { cursor }) }
      }),
    [props.session.tenantId]
  )
  return (
    <>
      <PageHeader title="Email templates" lead="Subjects and bodies with {{placeholders}}, filled in by each send.">
        <a class="button primary" href={href("/transactional/templates/new")}>
          New template
        </a>
      </PageHeader>
      <PagedTable
        pages={templates}
        caption="Email templates"
        empty={{
          title: "No templates yet",
          text: "A template keeps a message's subject, HTML and text in one place, for every send that names it."
        }}
        columns={
          <>
            <th scope="col">Name</th>
            <th scope="col">Subject</th>
            <th scope="col">Placeholders</th>
            <th scope="col">Updated</th>
          </>
        }
        row={(template) => (
          <tr key={template.id}>
            <td>
              <a href={href(`/transactional/templates/${template.id}`)}>{template.name}</a>
            </td>
            <td>{template.bodyJson.subject}</td>
            <td class="mono">{template.variables.join(", ") || "—"}</td>
            <td class="nowrap">
              <Day iso={template.updatedAt} />
            </td>
          </tr>
        )}
      />
    </>
  )
}
