import { OUTCOME_LABELS, type Request, formatMoney } from '@crm/shared';
import { outcomeText } from '../outcome';
import { CardLine } from './card-line';
import { useCardTime } from './card-time';

export type CardValueProps = { request: Pick<Request, 'status' | 'expectedValue' | 'outcome'> };

/**
 * Issue 21's lines: the "Monto estimado" when one is set (once the currency is known), and on
 * CERRADO whether it was won or why it was lost ("Sin resultado" for one closed before).
 */
export function CardValue({ request }: CardValueProps) {
  const { currency } = useCardTime();
  return (
    <>
      {request.expectedValue !== null && currency ? (
        <CardLine
          label={`${OUTCOME_LABELS.expectedValue}:`}
          value={formatMoney(request.expectedValue, currency)}
          whole
        />
      ) : null}
      {request.status === 'closed' ? (
        <CardLine label={`${OUTCOME_LABELS.filter}:`} value={outcomeText(request.outcome)} />
      ) : null}
    </>
  );
}
