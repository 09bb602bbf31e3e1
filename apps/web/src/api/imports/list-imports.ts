import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/imports: the 20 newest imports, so "Importar" finds one still running. */
export const importsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(api.imports.list),
    queryFn: ({ signal }) => callEndpoint(api.imports.list, {}, { signal }),
  });

export const useImports = () => useQuery(importsQueryOptions());
