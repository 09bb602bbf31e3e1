/** Inicio, /main/home (issue 22): the dashboard's panels, selectors and tables. */
export const DASHBOARD_LABELS = {
  title: 'Inicio',
  period: 'Período',
  periods: {
    week: 'Esta semana',
    month: 'Este mes',
    last30: 'Últimos 30 días',
    quarter: 'Este trimestre',
    custom: 'Personalizado',
  },
  from: 'Desde',
  to: 'Hasta',
  apply: 'Aplicar',
  /** A custom period the API would refuse, said before asking it. */
  invalidRange: 'Elige dos fechas, "Hasta" igual o posterior a "Desde", a lo más 2 años.',
  executive: 'Ejecutivo',
  wholeTeam: 'Todo el equipo',
  showTable: 'Ver tabla',
  showChart: 'Ver gráfico',
  today: 'Para hoy',
  todayEmpty: 'Nada vencido ni para hoy.',
  funnel: 'Embudo',
  funnelHelp: 'Solicitudes creadas en el período según la etapa más avanzada a la que llegaron.',
  stage: 'Etapa',
  reached: 'Llegaron',
  conversion: 'Conversión desde la etapa anterior',
  weekly: 'Nuevas solicitudes por semana',
  week: 'Semana del',
  website: 'Formulario landing',
  otherSources: 'Otras fuentes',
  total: 'Total',
  stageTimes: 'Tiempo en cada etapa',
  stageTimesHelp:
    'Días que pasaron en cada etapa las solicitudes que salieron de ella en el período.',
  left: 'Salieron',
  median: 'Mediana (días)',
  p90: 'Percentil 90 (días)',
  closed: 'Cerradas',
  closedCount: 'Solicitudes cerradas',
  amountPaid: 'Monto pagado',
  previousPeriod: 'Período anterior',
  change: 'Cambio',
  outcomes: 'Ganadas y perdidas',
  winRate: 'Tasa de éxito',
  lostReasons: 'Motivos de pérdida',
  noLostReasons: 'Ninguna perdida en el período.',
  /**
   * Issue 33: Inicio's pipeline counts only the requests created in the period, so it is not the
   * board's "Pipeline abierto" (every open request under the filters) and does not carry its name.
   */
  periodPipeline: 'Abierto de las creadas en el período',
  periodForecast: 'Pronóstico de las creadas en el período',
  periodPipelineHelp:
    'Solo las creadas en el período que siguen abiertas; el pipeline del tablero suma todas.',
  team: 'Equipo',
  open: 'Abiertas',
  stale: 'Estancadas',
  loadFailed: 'No se pudieron cargar las cifras',
  retry: 'Reintentar',
  noData: 'Sin datos en el período.',
  /** A figure's link to the board filtered to what it counts: "CONTACTADO, 12: ver en el tablero". */
  onBoard: (figure: string) => `${figure}: ver en el tablero`,
} as const;
