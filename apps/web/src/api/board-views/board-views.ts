import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  boardViewsApi,
  queryKeyOf,
  type BoardViewList,
  type CreateBoardViewBody,
  type UpdateBoardViewBody,
} from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

export const boardViewsQueryKey = () => queryKeyOf(boardViewsApi.list);

/**
 * GET /api/me/board-views: read when the "Vistas guardadas" menu first opens (not with the
 * board), then kept: only this user changes them, and each change writes its answer here.
 */
export function useBoardViews(enabled: boolean) {
  return useQuery({
    queryKey: boardViewsQueryKey(),
    queryFn: ({ signal }) => callEndpoint(boardViewsApi.list, {}, { signal }),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Saving, renaming and deleting a view; each answer updates the cached list. */
export function useChangeBoardViews() {
  const queryClient = useQueryClient();
  const update = (change: (list: BoardViewList) => BoardViewList) =>
    queryClient.setQueryData<BoardViewList>(boardViewsQueryKey(), (list) =>
      change(list ?? { items: [] }),
    );
  const create = useMutation({
    mutationFn: (body: CreateBoardViewBody) => callEndpoint(boardViewsApi.create, { body }),
    onSuccess: (view) => update(({ items }) => ({ items: [...items, view] })),
  });
  const rename = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBoardViewBody }) =>
      callEndpoint(boardViewsApi.update, { params: { id }, body }),
    onSuccess: (view) =>
      update(({ items }) => ({
        items: items.map((each) => (each._id === view._id ? view : each)),
      })),
  });
  const remove = useMutation({
    mutationFn: (id: string) => callEndpoint(boardViewsApi.remove, { params: { id } }),
    onSuccess: (view) =>
      update(({ items }) => ({ items: items.filter((each) => each._id !== view._id) })),
  });
  return { create, rename, remove };
}
