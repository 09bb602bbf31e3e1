import { encodeBoardCursor, endpoints, openApiPathOf } from '@crm/shared';

/**
 * The examples the OpenAPI document shows (Swagger UI's "Try it out" starts from them). Each is
 * a call the API's validation accepts: openapi.test.ts feeds every one, and every limit's edge
 * around it, through the document's schemas and the API's own checks, which must agree.
 */

const REQUEST_ID = '665f1c2b9d3e4a0012ab34cd';
const USER_ID = '665f1c2b9d3e4a0012ab34ce';
const CREATED_AT = '2026-01-15T09:30:00.000Z';
const ACTIVITY_ID = '665f1c2b9d3e4a0012ab34cf';

/** A request as the API answers it (bench/webhooks.ts sends it in its events too). */
export const exampleRequest = {
  _id: REQUEST_ID,
  requestNumber: 42,
  name: 'Ana Pérez',
  email: 'ana.perez@example.com',
  jobPosition: 'Gerente de eventos',
  company: 'Acme',
  contactNumber: '+56 9 1234 5678',
  requestType: 'obtener una demo',
  status: 'quote sent',
  priority: 'high',
  notes: ['Llamar el lunes', 'Pidió precios\npara 200 personas'],
  paymentMethod: 'transferencia',
  eventsQuantity: 2,
  pax: 200,
  bussinesItem: 'Congresos',
  amoutPaid: 1500.5,
  emailSentToCloseEvents: false,
  eventDate: '2026-03-20T18:00:00-03:00',
  message: 'Quiero una demo para mi equipo.\n¿Tienen planes anuales?',
  sourceOfContact: 'website',
  vendor: USER_ID,
  createdAt: CREATED_AT,
  version: 3,
  statusVersion: 1,
  nextActivity: null,
  expectedValue: 4_500_000,
  outcome: null,
  stageChangedAt: CREATED_AT,
};

/** Bodies, by endpoint id: one example per shape the body may take (the test wants one each). */
export const BODY_EXAMPLES: Record<string, Record<string, unknown>[] | undefined> = {
  'auth.login': [
    // A real widget payload is about 400 characters of base64; this one is well-formed only.
    { email: 'ana.perez@example.com', password: 'Secreto.123', altcha: 'eyJjaGFsbGVuZ2UiOnt9fQ==' },
  ],
  'users.create': [
    {
      name: 'Ana',
      lastName: 'Pérez',
      email: 'ana.perez@example.com',
      password: 'Secreto.123',
      role: 'vendor',
      photo: 'https://example.com/ana.png',
    },
  ],
  'preferences.update': [
    { timeZone: 'Europe/Madrid', emailDigest: true, emailReminders: false },
    { emailCustomerMail: true },
    { timeZone: null },
  ],
  'profile.update': [{ name: 'Ana', lastName: 'Pérez' }],
  'profile.changePassword': [{ currentPassword: 'Secreto.123', password: 'Nueva.Clave1' }],
  // Issue 32: the login's code step takes an app's code or a recovery code in `code`.
  'twoFactor.login': [
    { challenge: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl', code: '123456' },
    { challenge: 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl', code: '7k2m-9qx4-hc3d' },
  ],
  'twoFactor.enable': [{ code: '123456' }],
  'twoFactor.disable': [{ currentPassword: 'Secreto.123' }],
  'twoFactorPolicy.update': [{ require: 'admins', graceDays: 7 }],
  'boardViews.putFilters': [{ vendor: 'me', priority: 'high', next: 'overdue' }, {}],
  'boardViews.create': [
    { name: 'Urgentes de hoy', filters: { vendor: 'me', priority: 'high', next: 'today' } },
    { name: 'Buscar García', filters: { q: 'García' } },
  ],
  'boardViews.update': [{ name: 'Urgentes' }, { filters: { priority: 'high', outcome: 'won' } }],
  'users.update': [
    { name: 'Ana', lastName: 'Pérez', email: 'ana.perez@example.com', role: 'vendor' },
    {
      name: 'Ana',
      lastName: 'Pérez',
      email: 'ana.perez@example.com',
      role: 'system admin',
      password: 'Nueva.Clave1',
    },
  ],
  'requests.assignVendor': [{ formId: REQUEST_ID, vendorId: USER_ID }],
  'requests.create': [
    {
      name: 'Ana Pérez',
      email: 'ana.perez@example.com',
      requestType: 'agendar reunión',
      message: 'Quiero una demo para mi equipo.\n¿Tienen planes anuales?',
    },
  ],
  'requests.update': [
    exampleRequest,
    {
      ...exampleRequest,
      status: 'closed',
      outcome: { result: 'lost', reason: 'Precio', comment: 'Eligió un salón más barato' },
    },
  ],
  'requests.move': [
    { from: 'quote sent', to: 'follow up' },
    { from: 'follow up', to: 'closed', outcome: { result: 'won' } },
  ],
  'requests.addNote': [{ text: 'Confirmó 200 personas\nEnviar cotización' }],
  // Issue 24: one example per action (a selection's ids, each with what the board showed).
  'requests.bulk': [
    {
      action: 'move',
      to: 'contacted',
      items: [
        { id: REQUEST_ID, from: 'new request' },
        { id: '65f0c1a2b3c4d5e6f7a8b9c1', from: 'new request' },
      ],
    },
    {
      action: 'move',
      to: 'closed',
      outcome: { result: 'lost', reason: 'Precio' },
      items: [{ id: REQUEST_ID, from: 'follow up' }],
    },
    { action: 'assign', vendorId: USER_ID, items: [{ id: REQUEST_ID }] },
    { action: 'priority', priority: 'high', items: [{ id: REQUEST_ID, from: 'mid' }] },
    { action: 'delete', items: [{ id: REQUEST_ID }] },
  ],
  'requests.editNote': [{ from: 'Llamar el lunes', to: 'Llamar el martes' }],
  'requests.exportLink': [{ q: 'Acme', priority: 'high', format: 'xlsx' }],
  // Issue 32: the audit CSV of one person's sign-ins in a month.
  'audit.exportLink': [
    {
      user: '665f1c2a9b3e4d0012345678',
      action: 'auth.signIn',
      from: '2026-11-01',
      to: '2026-11-30',
    },
  ],
  // One entry per column of the uploaded file: the field it fills, or null to leave it out.
  'imports.check': [
    { mapping: ['name', 'email', 'company', null, 'status', 'createdAt'], duplicates: 'skip' },
  ],
  'imports.start': [{ mapping: ['name', 'email', 'vendor', 'notes'], duplicates: 'update' }],
  'activities.add': [
    {
      type: 'call',
      title: 'Confirmar la fecha del congreso',
      dueDate: '2026-12-12',
      dueTime: '15:00',
    },
    { type: 'task', title: 'Enviar la cotización', dueDate: '2026-12-14', ownerId: USER_ID },
  ],
  'activities.change': [
    { version: 2, dueDate: '2026-12-15', dueTime: '10:30' },
    { version: 0, title: 'Enviar la cotización revisada', type: 'email', ownerId: USER_ID },
  ],
  'activities.log': [
    { type: 'call', title: 'Llamé para confirmar la fecha', outcome: 'Confirma, pide cotización' },
    { type: 'email', title: 'Envié la cotización' },
  ],
  'activities.complete': [{ version: 3 }],
  // Issue 35: a request's mails and the mail templates.
  'emails.send': [
    {
      to: ['lucia.fernandez@example.com'],
      cc: ['compras@example.com'],
      subject: 'Cotización congreso 2026',
      text: 'Hola Lucía,\n\nTe envío los valores que conversamos.\n\nSaludos,\nAna',
    },
    {
      to: ['lucia.fernandez@example.com'],
      subject: 'Re: Consulta por el congreso',
      text: 'Hola Lucía, sí tenemos fecha disponible.',
      inReplyTo: ACTIVITY_ID,
      attachments: [ACTIVITY_ID],
    },
  ],
  // Issue 36: a webhook endpoint (Ajustes → Integraciones); a change sends only what changes.
  'webhooks.create': [
    { url: 'https://hooks.example.com/crm', events: ['request.created', 'request.moved'] },
  ],
  'webhooks.update': [
    { url: 'https://hooks.example.com/crm?canal=ventas', events: ['request.outcome'] },
    { enabled: false },
  ],
  // Issue 36: an API token for a script.
  'tokens.create': [
    { name: 'n8n: leer el tablero', scope: 'read', lifetimeDays: 90 },
    { name: 'Integración ERP', scope: 'write', lifetimeDays: null },
    { name: 'Landing de verano', scope: 'leads', lifetimeDays: 365, sourceName: 'Landing verano' },
  ],
  'emails.createTemplate': [
    {
      name: 'Envío de cotización',
      subject: 'Cotización {{numero}} para {{empresa}}',
      text: 'Hola {{nombre}},\n\nTe envío la cotización.\n\nSaludos,\n{{ejecutivo}}',
    },
  ],
  'emails.updateTemplate': [
    {
      name: 'Envío de cotización',
      subject: 'Cotización {{numero}}',
      text: 'Hola {{nombre}} {{apellido}}, te envío la cotización.',
      version: 2,
    },
  ],
  'activities.reopen': [{ version: 4 }],
  'settings.update': [
    {
      staleDays: {
        'new request': 2,
        contacted: 5,
        'quote sent': 10,
        'follow up': 21,
        closed: null,
      },
      lostReasons: ['Precio', 'Sin respuesta', 'Eligió a la competencia', 'Otro'],
      winProbability: { 'new request': 10, contacted: 25, 'quote sent': 40, 'follow up': 70 },
      version: 3,
    },
  ],
  'leads.submit': [
    {
      name: 'Ana Pérez',
      email: 'ana.perez@example.com',
      requestType: 'recibir asesoría',
      message: 'Necesito asesoría para un congreso.',
      company: 'Acme',
      jobPosition: 'Gerente',
      contactNumber: '+56 9 1234 5678',
      altcha: 'eyJjaGFsbGVuZ2UiOnt9fQ==',
    },
  ],
  // Issue 36: the form's fields, sent by another site or tool with a `leads` token.
  'leads.create': [
    {
      name: 'Ana Pérez',
      email: 'ana.perez@example.com',
      requestType: 'obtener una demo',
      message: 'Vi la landing de verano y quiero una demo.',
      company: 'Acme',
      jobPosition: 'Gerente',
      contactNumber: '+56 9 1234 5678',
    },
  ],
  // Issue 23: one-time links (a token is 43 base64url characters) and invitations.
  'profile.changeEmail': [{ newEmail: 'ana.nueva@example.com', currentPassword: 'Secreto.123' }],
  'account.forgotPassword': [
    { email: 'ana.perez@example.com', altcha: 'eyJjaGFsbGVuZ2UiOnt9fQ==' },
  ],
  'account.tokenStatus': [{ token: 'VwG1ny3JE9EoShEs8lo5mUAj0jgXzTmlLBlQwCHHzxY' }],
  'account.setPassword': [
    { token: 'VwG1ny3JE9EoShEs8lo5mUAj0jgXzTmlLBlQwCHHzxY', password: 'Nueva.Clave1' },
  ],
  'account.confirmEmail': [{ token: 'VwG1ny3JE9EoShEs8lo5mUAj0jgXzTmlLBlQwCHHzxY' }],
  'invitations.invite': [
    { name: 'Ana', lastName: 'Pérez', email: 'ana.perez@example.com', role: 'vendor' },
  ],
};

/** Path and query parameters, by name (the same name means the same thing everywhere). */
const PARAMETER_EXAMPLES: Record<string, string | number> = {
  id: REQUEST_ID,
  userId: USER_ID,
  index: '0',
  activityId: ACTIVITY_ID,
  emailId: ACTIVITY_ID,
  templateId: ACTIVITY_ID,
  // Issue 35: a request's file ("Archivos"), by its path and by its download's query.
  fileId: ACTIVITY_ID,
  tokenId: ACTIVITY_ID,
  webhookId: ACTIVITY_ID,
  deliveryId: ACTIVITY_ID,
  file: ACTIVITY_ID,
  q: 'Ana',
  vendor: 'me',
  priority: 'high',
  requestType: 'obtener una demo',
  limit: 50,
  status: 'new request',
  cursor: encodeBoardCursor({ createdAt: CREATED_AT, _id: REQUEST_ID }),
  after: encodeBoardCursor({ createdAt: CREATED_AT, _id: REQUEST_ID }),
  owner: 'me',
  due: 'today',
  // A calendar feed's secret: 43 base64url characters.
  secret: 'pV3kq0Yb1mZr8TtXw2nH5cL9aS4dF7gJ6eK0uI1oP2q',
  next: 'overdue',
  outcome: 'lost',
  // Inicio (issue 22). `from` and `to` have none: they go only with period=custom (the
  // operation's description says so), a rule between parameters that one example can't keep.
  period: 'month',
  // Imports (issue 24): the uploaded file's own name.
  name: 'clientes 2026.csv',
};

/** A parameter's example; `id` is a user's under /api/user and a request's elsewhere. */
function parameterExample(path: string, name: string): string | number | undefined {
  if (name === 'id' && path.startsWith('/api/user/')) return USER_ID;
  // The event log's position (issue 36), not a board cursor.
  if (name === 'after' && path === '/api/events') return 120;
  return PARAMETER_EXAMPLES[name];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Writes the examples into the generated document, in place. */
export function documentExamples(document: { paths?: object }): void {
  const paths = (document.paths ?? {}) as Record<string, unknown>;
  for (const endpoint of endpoints) {
    const item = paths[openApiPathOf(endpoint)];
    const operation = isObject(item) ? item[endpoint.method] : undefined;
    if (!isObject(operation)) continue;
    const parameters = Array.isArray(operation.parameters)
      ? (operation.parameters as unknown[])
      : [];
    for (const parameter of parameters) {
      if (!isObject(parameter) || typeof parameter.name !== 'string') continue;
      const example = parameterExample(endpoint.path, parameter.name);
      if (example !== undefined) parameter.example = example;
    }
    const bodies = BODY_EXAMPLES[endpoint.id];
    const content = isObject(operation.requestBody) ? operation.requestBody.content : undefined;
    const json = isObject(content) ? content['application/json'] : undefined;
    if (bodies && isObject(json)) {
      json.examples = Object.fromEntries(
        bodies.map((value, index) => [`example${index + 1}`, { value }]),
      );
    }
  }
}
