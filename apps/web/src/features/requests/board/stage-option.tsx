import type { BoardFilters, RequestStatus } from '@crm/shared';
import { formatNumber } from '@crm/shared';
import { useColumnCount } from '../../../api/requests/get-column';

export type StageOptionProps = {
  status: RequestStatus;
  title: string;
  filters: BoardFilters;
  enabled: boolean;
};

/** One stage in the phone's switcher: its title and its count, once the board call answered. */
export function StageOption({ status, title, filters, enabled }: StageOptionProps) {
  const count = useColumnCount(filters, status, enabled);
  return (
    <option value={status}>
      {count === undefined ? title : `${title} (${formatNumber(count)})`}
    </option>
  );
}
