import {
  checkStageRules,
  MISSING_LABELS,
  STAGE_FIELD_LABELS,
  type CLOSED_REQUIRED_FIELDS,
} from '@crm/shared';

/** Every field the §5 stage rules may ask for (the closed stage asks for all of them). */
export type StageField = (typeof CLOSED_REQUIRED_FIELDS)[number];

export type MissingField = { field: StageField; label: string };

const isStageField = (path: string): path is StageField => path in STAGE_FIELD_LABELS;

/**
 * What the request's stage still lacks under the §5 rules, in the rules' order (the order of
 * the modal's fields), each with its plain-Spanish label. Empty when nothing is missing (always
 * in NUEVA SOLICITUD).
 */
export function missingFieldLabels(request: Readonly<Record<string, unknown>>): MissingField[] {
  return checkStageRules(request)
    .map((rule) => rule.path)
    .filter(isStageField)
    .map((field) => ({ field, label: STAGE_FIELD_LABELS[field] }));
}

/** How many fields a sentence names before it says "y N más". */
export const MAX_NAMED_FIELDS = 3;

/**
 * The missing fields as one Spanish phrase: "método de pago", "método de pago y cargo",
 * "método de pago, cargo y rubro", then "…, cargo, rubro y 4 más" beyond `max`. Empty when
 * nothing is missing.
 */
export function describeMissing(
  missing: readonly MissingField[],
  max: number = MAX_NAMED_FIELDS,
): string {
  const labels = missing.map((item) => item.label);
  if (labels.length === 0) return '';
  if (labels.length > max) {
    return `${labels.slice(0, max).join(', ')} ${MISSING_LABELS.more(labels.length - max)}`;
  }
  if (labels.length === 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} ${MISSING_LABELS.and} ${labels.at(-1) ?? ''}`;
}

/** "Falta: cargo" / "Faltan: método de pago, cargo y rubro" (empty when nothing is missing). */
export function missingSentence(
  missing: readonly MissingField[],
  max: number = MAX_NAMED_FIELDS,
): string {
  if (missing.length === 0) return '';
  return `${missing.length === 1 ? MISSING_LABELS.one : MISSING_LABELS.many}: ${describeMissing(missing, max)}.`;
}

/**
 * Fields the modal shows read-only (the server numbers requests, the source is never editable,
 * §2), and the executive, which only a system admin may change (§6).
 */
const READ_ONLY_FIELDS: readonly StageField[] = ['requestNumber', 'sourceOfContact'];

/** Whether this person can fill `field` in the Edit Request modal. */
const canFill = (field: StageField, canAssign: boolean) =>
  !READ_ONLY_FIELDS.includes(field) && (field !== 'vendor' || canAssign);

/**
 * The first missing field this person can fill in the Edit Request modal: where "Completar
 * datos" puts the cursor (`?focus=`). Undefined when none is theirs to fill.
 */
export function firstFillableField(
  missing: readonly MissingField[],
  { canAssign }: { canAssign: boolean },
): StageField | undefined {
  return missing.find(({ field }) => canFill(field, canAssign))?.field;
}

/** What a won close adds to the §5 rules: nothing to pay or to confirm on a lost one. */
const CLOSING_FIELDS: readonly StageField[] = ['amoutPaid', 'emailSentToCloseEvents'];

/**
 * Issue 33: what the stage lacks that this person can fix, the only thing a warning names (the
 * board's move notice, the modal's checklist). Left out: the fields nobody edits (the number,
 * the source of contact), the executive for whoever cannot assign (§6), and on a request lost
 * in CERRADO the amount paid and the closing mail (nothing was paid, no event to close). The
 * §5 rules themselves (@crm/shared checkStageRules) are unchanged.
 */
export function fixableMissing(
  request: Readonly<Record<string, unknown>>,
  { canAssign }: { canAssign: boolean },
): MissingField[] {
  const outcome = request.outcome as { result?: string } | null | undefined;
  const lost = request.status === 'closed' && outcome?.result === 'lost';
  return missingFieldLabels(request).filter(
    ({ field }) => canFill(field, canAssign) && !(lost && CLOSING_FIELDS.includes(field)),
  );
}
