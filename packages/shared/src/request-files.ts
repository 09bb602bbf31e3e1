import { z } from 'zod';
import { decodeInstantCursor, keysetCursorSchema } from './board.js';
import { CONTROL_CHARACTERS } from './constants.js';
import { dateTimeSchema, objectIdSchema, safeIntegerSchema } from './fields.js';

/*
 * Issue 35: a request's "Archivos". What the customer attached to their mails is kept there, and
 * staff upload files (quotes, contracts) to it and attach them to a mail they send. Every word
 * the screens and the API say of them is here, once.
 */

/** At most this many bytes a file (the 15 MB), uploaded or received. */
export const MAX_FILE_BYTES = 15 * 1024 * 1024;
/** The files one mail carries, and their bytes together (a mail host's usual limit, encoded). */
export const MAX_MAIL_ATTACHMENTS = 10;
export const MAX_MAIL_ATTACHMENT_BYTES = MAX_FILE_BYTES;
export const REQUEST_FILES_PAGE_SIZE = 20;
export const REQUEST_FILES_MAX_PAGE_SIZE = 100;
/** A kept name's most characters (its extension kept). */
export const FILE_NAME_MAX_LENGTH = 150;
/** The name of a file whose sender gave none (or only dots, slashes and blanks). */
export const UNNAMED_FILE = 'archivo';

export const REQUEST_FILE_LABELS = {
  section: 'Archivos',
  upload: 'Subir archivo',
  uploading: 'Subiendo…',
  download: (name: string) => `Descargar ${name}`,
  remove: (name: string) => `Eliminar ${name}`,
  confirmRemove: (name: string) => `¿Eliminar el archivo «${name}»?`,
  removeButton: 'Eliminar',
  keep: 'Conservar',
  empty: 'Aún no hay archivos en esta solicitud.',
  more: 'Ver más archivos',
  fromMail: (sender: string) => `Adjunto del correo de ${sender}`,
  uploadedBy: (name: string) => `Subido por ${name}`,
  mailed: 'Enviado en un correo',
  attach: 'Adjuntar archivos',
  attachHint: 'Archivos de esta solicitud que irán con el correo.',
  attachUpload: 'Subir y adjuntar',
  attachments: 'Adjuntos',
  notKept: (name: string) => `${name} (no se guardó: pesa más de 15 MB)`,
  loadFailed: 'No se pudieron cargar los archivos',
  uploaded: (name: string) => `Archivo «${name}» subido`,
  uploadFailed: 'No se pudo subir el archivo',
  removed: 'Archivo eliminado',
  removeFailed: 'No se pudo eliminar el archivo',
  downloadFailed: 'No se pudo descargar el archivo',
} as const;

export const REQUEST_FILE_MESSAGES = {
  tooLarge: 'El archivo pesa más de 15 MB',
  empty: 'El archivo está vacío',
  nameRequired: 'Indica el nombre del archivo',
  fileNotFound: 'El archivo no existe en esta solicitud',
  mailed: 'El archivo fue enviado en un correo: queda en la solicitud',
  tooManyAttachments: (max: number) => `A lo más ${max} archivos por correo`,
  attachmentsTooLarge: 'Los adjuntos de un correo suman a lo más 15 MB',
  ticketInvalid: 'El enlace de descarga venció o no es válido',
} as const;

/** `file.pdf` as 1 234 567 bytes: "1,2 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? value.toFixed(1).replace('.', ',') : String(Math.round(value));
  return `${shown} ${units[unit]}`;
}

/** Control characters, and the invisible and direction marks that disguise an extension. */
const CONTROL = new RegExp(
  `[${CONTROL_CHARACTERS}\\u200b-\\u200f\\u202a-\\u202e\\u2066-\\u2069]`,
  'g',
);

/**
 * A file's name as the product keeps it, whoever gave it (a browser, a customer's mail program,
 * an attacker): the last part of any path (`../../etc/passwd` → `passwd`), no control or
 * direction characters, no leading dots or blanks, one space between words, at most
 * FILE_NAME_MAX_LENGTH characters with the extension kept; UNNAMED_FILE when nothing is left.
 */
export function cleanFileName(given: string): string {
  const last = given.split(/[/\\]/).pop() ?? '';
  const name = last
    .replace(CONTROL, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trimEnd();
  if (name === '') return UNNAMED_FILE;
  if (name.length <= FILE_NAME_MAX_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return `${name.slice(0, FILE_NAME_MAX_LENGTH - extension.length).trimEnd()}${extension}`;
}

/** Where a file came from: uploaded by staff, or attached to a customer's mail. */
export const REQUEST_FILE_SOURCES = ['upload', 'mail'] as const;

/** One file of the request. */
export const requestFileSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  contentType: z.string(),
  size: safeIntegerSchema.nonnegative(),
  at: dateTimeSchema,
  source: z.enum(REQUEST_FILE_SOURCES),
  /** Who uploaded it (null for a mail's attachment or a since-deleted user), and their name. */
  by: objectIdSchema.nullable(),
  byName: z.string().nullable(),
  /** The sender of the mail it came with (source `mail`). */
  sender: z.string().nullable(),
  /** Sent in a mail, or came with one: part of the thread, so it can't be deleted. */
  mailed: z.boolean(),
});
export type RequestFile = z.infer<typeof requestFileSchema>;

/** A mail's attachment in the thread; `fileId` null when it was not kept (over 15 MB). */
export const mailAttachmentSchema = z.object({
  fileId: objectIdSchema.nullable(),
  name: z.string(),
  size: safeIntegerSchema.nonnegative(),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

/** GET /api/form-contact/:id/files?cursor&limit: newest first. */
export const requestFilesQuerySchema = z.strictObject({
  cursor: keysetCursorSchema(decodeInstantCursor).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(REQUEST_FILES_MAX_PAGE_SIZE)
    .default(REQUEST_FILES_PAGE_SIZE),
});

export const requestFilePageSchema = z.object({
  items: z.array(requestFileSchema),
  nextCursor: z.string().nullable(),
});
export type RequestFilePage = z.infer<typeof requestFilePageSchema>;

/**
 * POST /api/form-contact/:id/files?name=<the file's name>: the body is the file's bytes, under
 * its own media type. The name is cleaned (cleanFileName), not refused: a customer's mail program
 * and a person's computer name files as they like.
 */
export const uploadFileQuerySchema = z.strictObject({
  name: z.string().min(1, REQUEST_FILE_MESSAGES.nameRequired).max(1000),
});

export const requestFileParamsSchema = z.object({ id: objectIdSchema, fileId: objectIdSchema });

/** GET /api/files/download?file=<id>: the file named in the query, so a ticket is for it alone. */
export const fileDownloadQuerySchema = z.strictObject({
  file: objectIdSchema,
  ticket: z.string().max(2048).optional(),
});

/** POST /api/form-contact/:id/files/:fileId/link: the download's address, a ticket in it. */
export const fileLinkSchema = z.object({ url: z.string().startsWith('/api/') });
export type FileLink = z.infer<typeof fileLinkSchema>;
