/*
 * The request window's words (§2 "Edit Request", issues 12 and 25; issue 34 item 5: each
 * feature's words in its catalogue beside its schemas, docs/web.md "Words"). A file of its own:
 * the window's form is a lazy chunk (request-editor/edit-request-form.tsx) and its words travel
 * with it. The window's shell, the create form and the card are in request-labels.ts.
 */

/** The form's sections, fields and buttons. */
export const REQUEST_FORM_LABELS = {
  contact: 'Información de contacto',
  general: 'Información general',
  details: 'Detalles',
  event: 'Evento',
  name: 'Nombre',
  email: 'Correo',
  jobPosition: 'Cargo',
  company: 'Compañía',
  phone: 'Teléfono',
  status: 'Etapa de la solicitud',
  vendor: 'Ejecutivo',
  number: 'Número',
  priority: 'Prioridad',
  requestType: 'Tipo de solicitud',
  sourceOfContact: 'Fuente de contacto',
  paymentMethod: 'Método de pago',
  bussinesItem: 'Rubro',
  eventsQuantity: 'Cantidad de eventos',
  pax: 'Pax',
  eventDate: 'Fecha del evento',
  closingEmail: 'Correo de cierre enviado',
  saved: 'Cambios guardados',
  cancel: 'Cancelar',
  saving: 'Guardando',
  save: 'Guardar cambios',
  /**
   * How the "Evento" fields show the placeholders the server fills them with (§3: "unknown",
   * "pending", 0), and a value in words (the conflict table, the history).
   */
  pending: 'Pendiente',
  yes: 'Sí',
  no: 'No',
  emptyValue: '(vacío)',
  /** What is typed in "Fecha del evento" when it is not a day. */
  eventDateInvalid: 'Fecha no válida: escríbela como dd/mm/aaaa',
} as const;

/** A save refused with 409 (issue 12): the fields both people changed, side by side. */
export const CONFLICT_LABELS = {
  title: 'Otra persona cambió esta solicitud',
  explanation:
    'Guardó cambios mientras editabas. Estos campos los cambiaron los dos: elige qué versión queda.',
  field: 'Campo',
  keepMine: 'Guardar la mía',
  takeTheirs: 'Usar la suya',
  theirs: 'Su versión',
  mine: 'Tu versión',
  /** Under the table: what of theirs the form already took. */
  takenFields: (fields: string) =>
    `Sus cambios en otros campos ya están en el formulario: ${fields}.`,
  /** A 409 where nobody's changes overlap. */
  merged: 'Otra persona guardó esta solicitud mientras la editabas.',
  taken: (fields: string) => `Tomamos sus cambios en: ${fields}. `,
  pending: 'Tus cambios siguen aquí: pulsa «Guardar cambios» para guardarlos.',
  seeTheirs: 'Ya ves su versión.',
} as const;

/** The notes (§2, issue 12): "Add" and "Save" are the spec's English. */
export const NOTE_LABELS = {
  saveFailed: 'No se pudo guardar la nota. Inténtalo de nuevo.',
  changedMeanwhile: 'Otra persona cambió esta nota mientras la editabas. Ahora dice:',
  removedMeanwhile: 'Otra persona quitó esta nota mientras la editabas.',
  useMine: 'Usar la mía',
  useTheirs: 'Usar la suya',
  saving: 'Guardando nota',
  newNote: 'Nueva nota',
  newNotePlaceholder: 'Add a new note',
  add: 'Add',
  empty: 'Presiona el icono "+" para agregar una nueva nota.',
  edit: 'Editar nota',
  save: 'Save',
} as const;

/** The §5 checklist's list of what the stage still needs. */
export const STAGE_CHECKLIST_LABEL = 'Datos que faltan en esta etapa';
