/*
 * The request's fields as a spreadsheet names them (issue 24): the export's headers, in this
 * order, and the names the import's column mapping recognises (the header, then its aliases,
 * compared without case, accents or spaces at the ends).
 */

export const REQUEST_COLUMNS = [
  { key: 'requestNumber', header: 'Número', aliases: ['n°', 'nº', 'numero de solicitud', 'folio'] },
  { key: 'name', header: 'Nombre', aliases: ['nombre completo', 'contacto', 'name'] },
  { key: 'email', header: 'Correo', aliases: ['email', 'e-mail', 'correo electronico', 'mail'] },
  { key: 'company', header: 'Empresa', aliases: ['compania', 'company', 'organizacion'] },
  { key: 'jobPosition', header: 'Cargo', aliases: ['puesto', 'job position', 'position'] },
  { key: 'contactNumber', header: 'Teléfono', aliases: ['telefono', 'celular', 'phone', 'fono'] },
  { key: 'requestType', header: 'Tipo', aliases: ['tipo de solicitud', 'request type'] },
  { key: 'status', header: 'Etapa', aliases: ['estado', 'status', 'stage'] },
  { key: 'priority', header: 'Prioridad', aliases: ['priority'] },
  { key: 'vendorName', header: 'Ejecutivo', aliases: [] },
  {
    key: 'vendorEmail',
    header: 'Correo del ejecutivo',
    aliases: ['ejecutivo (correo)', 'email ejecutivo', 'vendedor'],
  },
  { key: 'sourceOfContact', header: 'Fuente', aliases: ['origen', 'source'] },
  { key: 'createdAt', header: 'Fecha de creación', aliases: ['fecha', 'creada', 'created at'] },
  { key: 'expectedValue', header: 'Monto estimado', aliases: ['monto', 'valor', 'amount'] },
  { key: 'outcome', header: 'Resultado', aliases: [] },
  { key: 'lostReason', header: 'Motivo de pérdida', aliases: ['motivo'] },
  { key: 'nextActivity', header: 'Próxima acción', aliases: [] },
  { key: 'message', header: 'Mensaje', aliases: ['comentario', 'message', 'consulta'] },
  { key: 'notes', header: 'Notas', aliases: ['nota', 'notes', 'observaciones'] },
] as const;
export type RequestColumnKey = (typeof REQUEST_COLUMNS)[number]['key'];

/** Notes in one cell: one per line, newest first as the window lists them. */
export const NOTES_CELL_SEPARATOR = '\n';
