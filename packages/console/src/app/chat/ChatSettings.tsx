import { Loading, PageHeader } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { AssignmentForm } from "./AssignmentForm.js"
import { FileRulesForm } from "./FileRulesForm.js"
import { WorkingHoursForm } from "./WorkingHoursForm.js"

/**
 * The tenant's Live Chat rules: how conversations find their agent, which files the chat takes, and
 * when the team chats. Admins change them, members read them; each form loads and saves on its own.
 */
export const ChatSettingsPage = (props: PageProps) => {
  const tenantId = props.session.tenantId
  const [assignment, reloadAssignment] = useLoad(
    () => props.client.chatAssignmentDashboard.getAgentAssignment({ path: { tenantId } }),
    [tenantId]
  )
  const [fileRules, reloadFileRules] = useLoad(
    () => props.client.chatFilesDashboard.getAgentFileRules({ path: { tenantId } }),
    [tenantId]
  )
  const [workingHours] = useLoad(() => props.client.chatWorkingHours.getWorkingHours({}), [tenantId])
  return (
    <>
      <PageHeader
        title="Chat settings"
        lead="How conversations reach your agents, which files your visitors and agents may send, and when your team chats."
      />
      <Loading loaded={assignment}>{(rules) => <AssignmentForm {...props} rules={rules} onSaved={reloadAssignment} />}</Loading>
      <Loading loaded={fileRules}>{(rules) => <FileRulesForm {...props} rules={rules} onSaved={reloadFileRules} />}</Loading>
      <Loading loaded={workingHours}>{(hours) => <WorkingHoursForm {...props} hours={hours} />}</Loading>
    </>
  )
}
