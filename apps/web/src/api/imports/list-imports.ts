import { queryOptions, useQuery } from '@tanstack/react-query';
import { importsApi, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/imports: the 20 newest imports, so "Importar" finds one still running. */
export const importsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(importsApi.list),
    queryFn: ({ signal }) => callEndpoint(importsApi.list, {}, { signal }),
  });

export const useImports = () => useQuery(importsQueryOptions());
