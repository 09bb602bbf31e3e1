import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '../api/session/get-current-user';
import { isOutage } from './outage';
import { OutageScreen } from './outage-screen';

/**
 * /main/* once signed in: the signed-in user's data is the app's first data (the sidebar, the
 * role, every screen wait for it). While it can't be had because the server or its database is
 * away, the whole page says so, with "Reintentar" and automatic retries, instead of a lasting
 * "Loading...". Anything else goes on as §3 and §8 say: "Loading..." while it loads; a refused
 * token (401) ends the session (api-client.ts); any other failure is only logged and the app
 * opens with the non-admin view.
 */
export function FirstDataGate({ children }: { children: ReactNode }) {
  const currentUser = useCurrentUser();
  const { data, error, errorUpdateCount } = currentUser;
  // Which failure was an outage (the query's count of failures then). A new attempt puts a query
  // without data back to "pending", without its error: the page stays, saying "Reintentando…",
  // rather than giving way to "Loading..." (and taking the focus on "Reintentar" with it).
  const [outageAt, setOutageAt] = useState<number>();
  if (isOutage(error) && outageAt !== errorUpdateCount) setOutageAt(errorUpdateCount);
  const inOutage =
    data === undefined && outageAt === errorUpdateCount && (error === null || isOutage(error));

  if (inOutage) {
    return (
      <OutageScreen
        failures={errorUpdateCount}
        failedAt={currentUser.errorUpdatedAt}
        retrying={currentUser.isFetching}
        onRetry={() => void currentUser.refetch()}
      />
    );
  }
  return children;
}
