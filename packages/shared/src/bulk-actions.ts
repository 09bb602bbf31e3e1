import { z } from 'zod';
import { PRIORITIES, REQUEST_STATUSES } from './constants.js';
import { objectIdSchema } from './fields.js';
import { outcomeBodySchema } from './outcome.js';

/*
 * Issue 24, acting on many requests at once: move to a stage, assign an executive (system
 * admin), set the priority, delete (system admin). Each request changes in its own conditional
 * write with its own history entry, exactly as the one-request action would (the move's `from`,
 * the priority's `from`): a request someone else changed meanwhile is left as it is and listed
 * in `failed`, and the others still change. Nothing is undone.
 */

/** The most requests one action takes: a column's selection, not the whole database. */
export const BULK_MAX = 1000;

const BULK_INPUT_MESSAGES = {
  noneSelected: 'Selecciona al menos una solicitud',
  tooMany: `Máximo ${BULK_MAX} solicitudes por acción`,
  repeated: 'Una solicitud aparece dos veces',
} as const;
export const BULK_MESSAGES = {
  ...BULK_INPUT_MESSAGES,
  /** The answer, as the notice says it. */
  done: (changed: number) =>
    changed === 1 ? '1 solicitud cambiada' : `${changed} solicitudes cambiadas`,
  deleted: (deleted: number) =>
    deleted === 1 ? '1 solicitud eliminada' : `${deleted} solicitudes eliminadas`,
  someFailed: (failed: number) =>
    failed === 1 ? '1 no se pudo cambiar:' : `${failed} no se pudieron cambiar:`,
  confirmDelete: (count: number) =>
    count === 1
      ? '¿Eliminar 1 solicitud? No se puede deshacer.'
      : `¿Eliminar ${count} solicitudes? No se puede deshacer.`,
} as const;

/** Why one request of the selection did not change. */
export const BULK_FAILURES = {
  /** It is no longer in the stage (move) or the priority (priority) the selection saw. */
  changed: 'Otra persona la cambió mientras tanto',
  notFound: 'Ya no existe',
  /** The move's rules refused it (e.g. CERRADO without its outcome). */
  invalid: 'No cumple las reglas de la etapa',
} as const;
export type BulkFailureReason = keyof typeof BULK_FAILURES;

export const BULK_LABELS = {
  select: 'Seleccionar',
  selectColumn: 'Seleccionar la columna',
  selected: (count: number) => (count === 1 ? '1 seleccionada' : `${count} seleccionadas`),
  clear: 'Quitar selección',
  move: 'Mover a…',
  assign: 'Asignar ejecutivo…',
  priority: 'Prioridad…',
  delete: 'Eliminar',
} as const;

const distinctIds = (list: readonly { id: string }[]) =>
  new Set(list.map((item) => item.id)).size === list.length;

const items = <T extends z.ZodType<{ id: string }>>(item: T) =>
  z
    .array(item)
    .min(1, BULK_MESSAGES.noneSelected)
    .max(BULK_MAX, BULK_MESSAGES.tooMany)
    .refine(distinctIds, { message: BULK_MESSAGES.repeated });
const idOnly = z.strictObject({ id: objectIdSchema });

/** POST /api/form-contact/bulk */
export const bulkActionBodySchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('move'),
    to: z.enum(REQUEST_STATUSES),
    /** Required when `to` is CERRADO, as for one move; the same outcome for each. */
    outcome: outcomeBodySchema.optional(),
    items: items(z.strictObject({ id: objectIdSchema, from: z.enum(REQUEST_STATUSES) })),
  }),
  z.strictObject({
    action: z.literal('assign'),
    /** null: unassign. */
    vendorId: objectIdSchema.nullable(),
    items: items(idOnly),
  }),
  z.strictObject({
    action: z.literal('priority'),
    priority: z.enum(PRIORITIES),
    items: items(z.strictObject({ id: objectIdSchema, from: z.enum(PRIORITIES) })),
  }),
  z.strictObject({ action: z.literal('delete'), items: items(idOnly) }),
]);
export type BulkActionBody = z.infer<typeof bulkActionBodySchema>;
export type BulkAction = BulkActionBody['action'];

export const bulkResultSchema = z.object({
  /** Changed (or deleted) by this action. */
  changed: z.array(objectIdSchema),
  /** Already as asked (moved to where it is, assigned to whom it has): nothing written. */
  unchanged: z.array(objectIdSchema),
  failed: z.array(
    z.object({
      id: objectIdSchema,
      reason: z.enum(Object.keys(BULK_FAILURES) as [BulkFailureReason, ...BulkFailureReason[]]),
      message: z.string(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;
