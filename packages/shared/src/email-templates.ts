import { z } from 'zod';
import { MISSING_REQUEST_NUMBER } from './constants.js';
import {
  dateTimeSchema,
  objectIdSchema,
  requiredFreeText,
  requiredText,
  safeIntegerSchema,
} from './fields.js';
import { singleLine } from './leads-text.js';
import {
  EMAIL_SUBJECT_MAX_LENGTH,
  EMAIL_TEXT_MAX_LENGTH,
  REQUEST_EMAIL_MESSAGES,
} from './request-email.js';

/*
 * Issue 35: "Plantillas de correo", the mails a team writes again and again, kept by a system
 * admin in Ajustes and chosen in "Enviar correo". Merge fields name the request:
 * {{nombre}} and {{apellido}} (the customer's name, its first word and the rest), {{empresa}},
 * {{ejecutivo}} (the request's executive, else whoever writes) and {{numero}}, in any case
 * ({{Nombre}} is {{nombre}}).
 */

export const MERGE_FIELDS = ['nombre', 'apellido', 'empresa', 'ejecutivo', 'numero'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

/** A list an admin keeps by hand: small, read whole. */
export const MAX_EMAIL_TEMPLATES = 100;
export const EMAIL_TEMPLATE_NAME_MAX_LENGTH = 80;

export const EMAIL_TEMPLATE_LABELS = {
  section: 'Plantillas de correo',
  intro:
    'Correos que el equipo escribe seguido. Se eligen al enviar un correo desde una solicitud.',
  mergeFields: `Campos: ${MERGE_FIELDS.map((field) => `{{${field}}}`).join(', ')}`,
  name: 'Nombre de la plantilla',
  add: 'Nueva plantilla',
  save: 'Guardar plantilla',
  cancel: 'Cancelar',
  edit: (name: string) => `Editar ${name}`,
  remove: (name: string) => `Eliminar ${name}`,
  confirmRemove: (name: string) => `¿Eliminar la plantilla «${name}»?`,
  removeConfirm: 'Eliminar',
  empty: 'Aún no hay plantillas.',
  saved: 'Plantilla guardada',
  removed: 'Plantilla eliminada',
  loadFailed: 'No se pudieron cargar las plantillas',
  /** In the composer. */
  choose: 'Plantilla',
  none: 'Sin plantilla',
} as const;

export const EMAIL_TEMPLATE_MESSAGES = {
  nameRequired: 'El nombre de la plantilla es requerido',
  unknownField: (field: string) => `Campo desconocido: {{${field}}}`,
  notFound: 'La plantilla no existe',
  conflict: 'Otra persona cambió esta plantilla. Revisa su versión actual.',
  tooMany: `A lo más ${MAX_EMAIL_TEMPLATES} plantillas`,
} as const;

const isMergeField = (name: string): name is MergeField =>
  (MERGE_FIELDS as readonly string[]).includes(name);

const FIELD_PATTERN = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/** The first merge field `text` names that is not one of MERGE_FIELDS, if any. */
export function unknownMergeField(text: string): string | undefined {
  for (const [, name] of text.matchAll(FIELD_PATTERN)) {
    if (!isMergeField((name ?? '').toLowerCase())) return name ?? '';
  }
  return undefined;
}

const withKnownFields = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((text, ctx) => {
    const unknown = unknownMergeField(text);
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', message: EMAIL_TEMPLATE_MESSAGES.unknownField(unknown) });
    }
  });

/** POST /api/email-templates; PUT with the version it was read at. */
export const emailTemplateBodySchema = z.strictObject({
  name: requiredText(EMAIL_TEMPLATE_MESSAGES.nameRequired, EMAIL_TEMPLATE_NAME_MAX_LENGTH),
  subject: withKnownFields(
    requiredText(REQUEST_EMAIL_MESSAGES.subjectRequired, EMAIL_SUBJECT_MAX_LENGTH),
  ),
  text: withKnownFields(
    requiredFreeText(REQUEST_EMAIL_MESSAGES.textRequired, EMAIL_TEXT_MAX_LENGTH),
  ),
});
export type EmailTemplateBody = z.input<typeof emailTemplateBodySchema>;

export const updateEmailTemplateBodySchema = emailTemplateBodySchema.extend({
  version: safeIntegerSchema.nonnegative(),
});

export const emailTemplateSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  subject: z.string(),
  text: z.string(),
  version: safeIntegerSchema.nonnegative(),
  updatedAt: dateTimeSchema,
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** The list's order: by name as Spanish sorts it, case and accents aside. */
export const byTemplateName = (a: Pick<EmailTemplate, 'name'>, b: Pick<EmailTemplate, 'name'>) =>
  a.name.localeCompare(b.name, 'es', { sensitivity: 'base' });

/** GET /api/email-templates: by name (byTemplateName). */
export const emailTemplateListSchema = z.object({ items: z.array(emailTemplateSchema) });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

export const emailTemplateParamsSchema = z.object({ templateId: objectIdSchema });

/** The merge values of a request, as a template fills them. */
export function mergeValuesOf(
  request: { name: string; company: string; requestNumber?: number | null },
  executive: string,
): MergeValues {
  const [first = '', ...rest] = request.name.trim().split(/\s+/);
  return {
    nombre: first,
    apellido: rest.join(' '),
    empresa: request.company,
    ejecutivo: executive,
    numero: String(request.requestNumber ?? MISSING_REQUEST_NUMBER),
  };
}

/**
 * A template filled in for one request. The values are put in as text, never read as fields
 * again (a company named "{{numero}}" stays so); in the subject each is one line, so what a
 * customer typed can't break it (the API refuses a subject with a line break).
 */
export function mergeTemplate(
  template: Pick<EmailTemplate, 'subject' | 'text'>,
  values: MergeValues,
): { subject: string; text: string } {
  const fill = (text: string, line: boolean) =>
    text.replace(FIELD_PATTERN, (whole, written: string) => {
      const name = written.toLowerCase();
      if (!isMergeField(name)) return whole;
      return line ? singleLine(values[name]) : values[name];
    });
  return {
    subject: fill(template.subject, true).slice(0, EMAIL_SUBJECT_MAX_LENGTH),
    text: fill(template.text, false).slice(0, EMAIL_TEXT_MAX_LENGTH),
  };
}
