const COUNT_FORMAT = new Intl.NumberFormat('es-ES');

/** A column total as people read it here: 20.000, 1500. */
export const formatCount = (count: number) => COUNT_FORMAT.format(count);
