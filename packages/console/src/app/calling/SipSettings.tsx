import { Loading, PageHeader } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { HostedSip } from "./HostedSip.js"
import { OwnTrunk } from "./OwnTrunk.js"

/** How the tenant's calls reach the phone network: its own trunk, or the platform's hosted SIP. */
export const SipSettings = (props: PageProps) => {
  // Both read again after any change: a write to one can change what the other allows.
  const [trunk, reloadTrunk] = useLoad(() => props.client.sipDashboard.getTrunkStatus({}), [props.session.tenantId])
  const [hosted, reloadHosted] = useLoad(() => props.client.sipDashboard.getHostedSip({}), [props.session.tenantId])
  const reload = () => {
    reloadTrunk()
    reloadHosted()
  }
  return (
    <>
      <PageHeader title="SIP settings" lead="Connect calls through your own SIP trunk, or through the platform's hosted SIP." />
      <Loading loaded={trunk}>{(found) => <OwnTrunk {...props} trunk={found ?? null} onChanged={reload} />}</Loading>
      <Loading loaded={hosted}>{(found) => <HostedSip {...props} hosted={found} onChanged={reload} />}</Loading>
    </>
  )
}
