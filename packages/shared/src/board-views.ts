import { z } from 'zod';
import { boardFilterShape, VENDOR_FILTER_ME } from './board.js';
import type { Role } from './constants.js';
import { dateTimeSchema, objectIdSchema, requiredText } from './fields.js';

/*
 * Issue 25 item 1, "the board remembers": each user's last board filters, kept on the server and
 * restored on every visit and device, and their named "Vistas guardadas". Read and changed by the
 * user themselves only (/api/me/…): the routes pass the caller's id, never one from the request.
 */

/**
 * The filters a board remembers between visits: the executive, priority, type, next action and
 * outcome. Not the search text: a search is a lookup of the moment ("García", a number), and a
 * board that reopened on it days later would hide most cards with no sign why; a view the user
 * names keeps its search on purpose.
 */
export const rememberedBoardFiltersSchema = z.strictObject({
  vendor: boardFilterShape.vendor,
  priority: boardFilterShape.priority,
  requestType: boardFilterShape.requestType,
  next: boardFilterShape.next,
  outcome: boardFilterShape.outcome,
});
export type RememberedBoardFilters = z.infer<typeof rememberedBoardFiltersSchema>;

/** A saved view's filters: the remembered ones and the search text. */
export const boardViewFiltersSchema = rememberedBoardFiltersSchema.extend({
  q: boardFilterShape.q,
});
export type BoardViewFilters = z.infer<typeof boardViewFiltersSchema>;

/**
 * Where a board starts for a user who never changed a filter: a vendor on "Mis solicitudes"
 * (their own requests are their day's work), everyone else on the whole board.
 */
export const defaultBoardFilters = (role: Role): RememberedBoardFilters =>
  role === 'vendor' ? { vendor: VENDOR_FILTER_ME } : {};

/** The most views one user keeps: a menu longer than this is no longer a shortcut. */
export const BOARD_VIEWS_MAX = 30;
/** A view's name: one line of 1–60 characters, unique per user regardless of case. */
export const BOARD_VIEW_NAME_MAX = 60;

export const BOARD_VIEW_MESSAGES = {
  nameRequired: 'El nombre de la vista es requerido',
  nameTaken: 'Ya tienes una vista con ese nombre',
  tooMany: `Máximo ${BOARD_VIEWS_MAX} vistas guardadas: borra alguna antes de guardar otra`,
  notFound: 'Board view not found',
  changedMeanwhile: 'Your board views were changed meanwhile: try again',
} as const;

/** The words of the board's "Vistas guardadas" menu. */
export const BOARD_VIEW_LABELS = {
  menu: 'Vistas guardadas',
  none: 'No tienes vistas guardadas',
  save: 'Guardar vista actual…',
  saveTitle: 'Guardar vista',
  name: 'Nombre de la vista',
  confirmSave: 'Guardar',
  rename: 'Renombrar',
  renameTitle: 'Renombrar vista',
  confirmRename: 'Guardar nombre',
  delete: 'Borrar',
  deleteOf: (name: string) => `Borrar la vista ${name}`,
  renameOf: (name: string) => `Renombrar la vista ${name}`,
  cancel: 'Cancelar',
  saved: (name: string) => `Vista guardada: ${name}`,
  deleted: (name: string) => `Vista borrada: ${name}`,
  failed: 'No se pudo guardar la vista. Inténtalo de nuevo.',
} as const;

/** Compared case-insensitively (and trimmed, as stored): "Calientes" and "calientes" clash. */
export const boardViewNameKey = (name: string): string => name.trim().toLocaleLowerCase('es');

const boardViewNameSchema = requiredText(BOARD_VIEW_MESSAGES.nameRequired, BOARD_VIEW_NAME_MAX);

export const boardViewSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  filters: boardViewFiltersSchema,
  createdAt: dateTimeSchema,
});
export type BoardView = z.infer<typeof boardViewSchema>;

/** GET /api/me/board-views: the caller's views, oldest first (the menu's order). */
export const boardViewListSchema = z.object({ items: z.array(boardViewSchema) });
export type BoardViewList = z.infer<typeof boardViewListSchema>;

/** POST /api/me/board-views */
export const createBoardViewBodySchema = z.strictObject({
  name: boardViewNameSchema,
  filters: boardViewFiltersSchema,
});
export type CreateBoardViewBody = z.input<typeof createBoardViewBodySchema>;

/** PATCH /api/me/board-views/:id: a new name, new filters, or both. */
export const updateBoardViewBodySchema = z.strictObject({
  name: boardViewNameSchema.optional(),
  filters: boardViewFiltersSchema.optional(),
});
export type UpdateBoardViewBody = z.input<typeof updateBoardViewBodySchema>;

export const boardViewParamsSchema = z.object({ id: objectIdSchema });
