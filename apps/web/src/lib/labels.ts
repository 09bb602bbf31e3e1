/**
 * Interface labels of the spec that appear in more than one component, quoted exactly (§2, §4).
 * Labels used once live in their component; messages of §5/§8 live in @crm/shared.
 */
export const LABELS = {
  loading: 'Loading...',
  noVendor: 'Sin ejecutivo',
} as const;
