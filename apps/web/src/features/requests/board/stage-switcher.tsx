import {
  BOARD_COLUMNS,
  isRequestStatus,
  type BoardFilters,
  type RequestStatus,
  BOARD_LABELS,
} from '@crm/shared';
import { Select } from '../../../components/ui/form-field';
import { StageOption } from './stage-option';

export type StageSwitcherProps = {
  value: RequestStatus;
  filters: BoardFilters;
  /** False until the board call has answered (the counts come from it). */
  enabled: boolean;
  onChange: (status: RequestStatus) => void;
};

/** On a phone the board shows one column at a time; this picks it (titles and counts). */
export function StageSwitcher({ value, filters, enabled, onChange }: StageSwitcherProps) {
  return (
    <div className="relative z-20 px-3 pt-2">
      <Select
        aria-label={BOARD_LABELS.column}
        value={value}
        onChange={(event) => {
          if (isRequestStatus(event.target.value)) onChange(event.target.value);
        }}
        className="min-h-11 py-1.5 text-sm font-semibold"
      >
        {BOARD_COLUMNS.map((column) => (
          <StageOption
            key={column.status}
            status={column.status}
            title={column.title}
            filters={filters}
            enabled={enabled}
          />
        ))}
      </Select>
    </div>
  );
}
