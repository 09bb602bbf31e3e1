import { z } from 'zod';
import { NOT_BLANK_PATTERN } from './constants.js';
import { dateTimeSchema, objectIdSchema, optionalText, requiredText } from './fields.js';

/*
 * Issue 36: API tokens. A person makes one in Perfil ("Tokens de API") for a script or a tool
 * (n8n, Zapier, curl): a `Bearer` on every endpoint they may use, within its scope, except those
 * that change their account itself. Shown once, stored as a hash. Every word said of them is
 * here, once.
 */

/**
 * `read`: GET only; `write`: everything its owner may do; `leads`: nothing but sending leads
 * (POST /api/leads, the website form's rules without its captcha), for another site or tool
 * that must not read the CRM. A `write` token may send leads too: it may create requests anyway.
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'leads'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Lectura',
  write: 'Lectura y escritura',
  leads: 'Solo enviar leads',
};

/** The longest source name a `leads` token may carry ("Landing verano"). */
export const API_TOKEN_SOURCE_NAME_MAX_LENGTH = 60;

/** How long a new token works, in days; null: until revoked. */
export const API_TOKEN_LIFETIMES = [30, 90, 365] as const;

/** At most this many tokens a person keeps (revoked ones don't count). */
export const MAX_API_TOKENS = 20;
/** Calls per minute one token may make; past it, 429 with Retry-After. */
export const API_TOKEN_CALLS_PER_MINUTE = 300;
/** Every token starts so: a log, a secret scanner or a person tells it from a session's JWT. */
export const API_TOKEN_PREFIX = 'crm_';

export const API_TOKEN_LABELS = {
  section: 'Tokens de API',
  intro:
    'Un token deja que un programa (un script, n8n, Zapier) use la API en tu nombre, con tus permisos.',
  name: 'Nombre',
  scope: 'Alcance',
  lifetime: 'Vence',
  /** A `leads` token's source name, optional: where its leads come from. */
  sourceName: 'Fuente (opcional)',
  sourceNameHint:
    'Dónde se originan sus leads, p. ej. «Landing verano». Se anota en cada solicitud.',
  leadsHint:
    'Solo crea solicitudes como el formulario web (POST /api/leads): no lee ni cambia nada más.',
  /** How a listed token names its source: "Fuente: Landing verano". */
  sourceOf: (name: string) => `Fuente: ${name}`,
  days: (days: number) => `En ${days} días`,
  never: 'Nunca',
  create: 'Crear token',
  creating: 'Creando…',
  shownOnce: 'Copia este token ahora: no se volverá a mostrar.',
  copy: 'Copiar',
  copied: 'Token copiado',
  done: 'Listo',
  revoke: 'Revocar',
  revokeNamed: (name: string) => `Revocar ${name}`,
  confirmRevoke: (name: string) =>
    `¿Revocar el token «${name}»? Lo que lo use dejará de funcionar.`,
  keep: 'Conservar',
  revoked: 'Token revocado',
  empty: 'Aún no tienes tokens de API.',
  everyone: 'Tokens de API de todos',
  everyoneEmpty: 'Nadie tiene tokens de API.',
  owner: 'Usuario',
  createdAt: 'Creado',
  lastUsed: 'Último uso',
  notUsed: 'Sin uso',
  expiresAt: 'Vence',
  loadFailed: 'No se pudieron cargar los tokens',
  createFailed: 'No se pudo crear el token',
  revokeFailed: 'No se pudo revocar el token',
} as const;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  tooMany: `A lo más ${MAX_API_TOKENS} tokens por persona`,
  notFound: 'El token no existe',
  /** 401: malformed, unknown, revoked or expired: one answer for all. */
  invalid: 'Token de API inválido, vencido o revocado',
  readOnly: 'Este token es de solo lectura',
  /** 403: a `leads` token anywhere but POST /api/leads. */
  leadsOnly: 'Este token solo puede enviar leads (POST /api/leads)',
  sourceNameLeadsOnly: 'Solo un token de alcance «Solo enviar leads» lleva una fuente',
  /** 429: one token's leads past the form's overall limit (lead-rate-limit.ts). */
  tooManyLeads: 'Demasiados leads con este token: espera unos minutos',
  sessionOnly: 'Esta acción requiere iniciar sesión: un token de API no puede hacerla',
  rateLimited: 'Demasiadas solicitudes con este token: espera un momento',
} as const;

/** One token, as its owner and a system admin see it: never the secret. */
export const apiTokenSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** A `leads` token's source name, recorded with each lead it sends; null: none ("API"). */
  sourceName: z.string().nullable(),
  /** The token's first characters, to tell it apart (`crm_ab12cd34`). */
  prefix: z.string(),
  createdAt: dateTimeSchema,
  lastUsedAt: dateTimeSchema.nullable(),
  expiresAt: dateTimeSchema.nullable(),
  userId: objectIdSchema,
  /** The owner's name (the admins' list); null when the user is gone. */
  userName: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** POST /api/me/tokens */
export const createApiTokenBodySchema = z
  .strictObject({
    name: requiredText(API_TOKEN_MESSAGES.nameRequired, 100),
    scope: z.enum(API_TOKEN_SCOPES),
    /** Days it works (30, 90 or 365); null: until revoked. */
    lifetimeDays: z
      .union(
        API_TOKEN_LIFETIMES.map((days) => z.literal(days)) as [
          z.ZodLiteral<30>,
          z.ZodLiteral<90>,
          z.ZodLiteral<365>,
        ],
      )
      .nullable(),
    /** Only for a `leads` token; blank or absent: none. */
    sourceName: optionalText(API_TOKEN_SOURCE_NAME_MAX_LENGTH).optional(),
  })
  .refine((body) => !body.sourceName || body.scope === 'leads', {
    message: API_TOKEN_MESSAGES.sourceNameLeadsOnly,
    path: ['sourceName'],
  })
  // The same rule for OpenAPI, on the value as sent: one that isn't blank needs `leads`.
  .meta({
    if: {
      required: ['sourceName'],
      properties: { sourceName: { type: 'string', pattern: NOT_BLANK_PATTERN.source } },
    },
    then: { properties: { scope: { const: 'leads' } } },
  });
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

/** The token made, its secret shown this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenParamsSchema = z.object({ tokenId: objectIdSchema });
