import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notify } from './notify';

type NotifiedMutation<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The notice once the API has done it. */
  success: string;
  /** The notice when it fails; with `log`, that line and the error go to the console too. */
  failure: { notice: string; log?: string };
  /** What the answer changes in the cache; the mutation settles once this is done. */
  onSuccess: (queryClient: QueryClient, data: TData) => Promise<unknown>;
};

/** A mutation that tells how it went with a notice on success and on failure (Reading A of §8). */
export function useNotifiedMutation<TData, TVariables>({
  mutationFn,
  success,
  failure,
  onSuccess,
}: NotifiedMutation<TData, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      notify.success(success);
      return onSuccess(queryClient, data);
    },
    onError: (error) => {
      if (failure.log !== undefined) console.error(failure.log, error);
      notify.error(failure.notice);
    },
  });
}
