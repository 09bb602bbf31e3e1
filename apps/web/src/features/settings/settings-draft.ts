import {
  BOARD_COLUMNS,
  OPEN_STATUSES,
  type OpenStatus,
  type RequestStatus,
  type Settings,
} from '@crm/shared';
import { sameValue } from '../../lib/same-value';

/**
 * The "Ajustes" form's draft: each number as typed (empty: none), the lost reasons as listed.
 * Saved whole, at the version it was read at (issue 20's staleDays, issue 21's reasons and
 * probabilities).
 */
export type SettingsDraft = {
  staleDays: Record<RequestStatus, string>;
  lostReasons: string[];
  winProbability: Record<OpenStatus, string>;
};

/** Field messages by path: `staleDays.contacted`, `lostReasons`, `winProbability.contacted`. */
export type SettingsErrors = Partial<Record<string, string>>;

const textOf = (value: number | null) => (value === null ? '' : String(value));

export const draftOf = (settings: Settings): SettingsDraft => ({
  staleDays: Object.fromEntries(
    BOARD_COLUMNS.map(({ status }) => [status, textOf(settings.staleDays[status])]),
  ) as Record<RequestStatus, string>,
  lostReasons: [...settings.lostReasons],
  winProbability: Object.fromEntries(
    OPEN_STATUSES.map((status) => [status, textOf(settings.winProbability[status])]),
  ) as Record<OpenStatus, string>,
});

/** A number typed: empty is null, anything else a number for the shared rules to check. */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The body of PUT /api/settings, before the shared schema checks it. */
export const bodyOf = (draft: SettingsDraft, version: number) => ({
  staleDays: Object.fromEntries(
    BOARD_COLUMNS.map(({ status }) => [status, numberOf(draft.staleDays[status])]),
  ),
  lostReasons: draft.lostReasons,
  winProbability: Object.fromEntries(
    OPEN_STATUSES.map((status) => [status, numberOf(draft.winProbability[status])]),
  ),
  version,
});

/**
 * The first message of each field; a message about one reason (`lostReasons.2`) or the list
 * as a whole is the list's.
 */
export function errorsByPath(issues: readonly { path: string; message: string }[]) {
  const errors: SettingsErrors = {};
  for (const { path, message } of issues) {
    const key = path.startsWith('lostReasons') ? 'lostReasons' : path;
    errors[key] ??= message;
  }
  return errors;
}

const rebaseRecord = <K extends string>(
  typed: Record<K, string>,
  before: Record<K, string>,
  after: Record<K, string>,
) =>
  Object.fromEntries(
    (Object.keys(after) as K[]).map((key) => [
      key,
      typed[key] === before[key] ? after[key] : typed[key],
    ]),
  ) as Record<K, string>;

/** A draft moved from one stored version to another: what was typed stays, the rest follows. */
export const rebaseDraft = (
  typed: SettingsDraft,
  before: SettingsDraft,
  after: SettingsDraft,
): SettingsDraft => ({
  staleDays: rebaseRecord(typed.staleDays, before.staleDays, after.staleDays),
  lostReasons: sameValue(typed.lostReasons, before.lostReasons)
    ? after.lostReasons
    : typed.lostReasons,
  winProbability: rebaseRecord(typed.winProbability, before.winProbability, after.winProbability),
});
