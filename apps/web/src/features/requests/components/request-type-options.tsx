import { REQUEST_TYPES } from '@crm/shared';

/** The four request types of §9 as select options (Create and Edit Request modals). */
export function RequestTypeOptions() {
  return REQUEST_TYPES.map((type) => (
    <option key={type} value={type}>
      {type}
    </option>
  ));
}
