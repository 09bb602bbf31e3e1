import { useEffect, useRef } from 'react';
import { LEAD_MESSAGES } from '@crm/shared';
import { useRecentLeads } from '../../../api/requests/get-recent-leads';
import { notify } from '../../../lib/notify';

/**
 * While the board is shown: polls for website leads (they go on top of NUEVA SOLICITUD without
 * a reload) and names each new one in a notice, "Nueva solicitud de <name>". An answer already
 * announced (the cached one when the board is shown again) is not announced twice.
 */
export function useNewLeadsNotice(): void {
  const { data } = useRecentLeads();
  const announced = useRef(data);
  useEffect(() => {
    if (!data || data === announced.current) return;
    announced.current = data;
    for (const lead of data.items) notify.success(LEAD_MESSAGES.newLeadNotice(lead.name));
  }, [data]);
}
