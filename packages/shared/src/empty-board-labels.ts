/*
 * Issue 33 item 11: the words of an empty board's guide (features/requests/board), apart from
 * the board's request-labels.ts so they travel in the guide's lazy chunk, as the other lazy parts'
 * words do (log-activity-dialog-labels.ts).
 */

/** A vendor creates the first request (assigned ones appear by themselves); an admin learns
 * where requests come from. */
export const EMPTY_BOARD_LABELS = {
  vendorTitle: 'Aún no tienes solicitudes',
  vendorCreate: 'Empieza creando tu primera solicitud: un cliente que te escribió o llamó.',
  create: 'Crear mi primera solicitud',
  vendorAssigned:
    'Las que un administrador te asigne aparecerán aquí solas, en NUEVA SOLICITUD, con tus iniciales.',
  adminTitle: 'Aún no hay solicitudes',
  adminIntro: 'Las solicitudes llegan por tres caminos:',
  adminForm: 'el formulario del sitio web',
  adminFormAfter: ': cada envío entra en NUEVA SOLICITUD, sin ejecutivo;',
  adminImport: '«Importar», arriba, trae las que ya tienes en una planilla;',
  adminCreate: '«+» en NUEVA SOLICITUD crea una a mano.',
  adminAssign:
    'Asignarlas es tarea tuya: el avatar «Sin ejecutivo» de cada tarjeta, o el filtro Ejecutivo › Sin ejecutivo para verlas juntas.',
} as const;
