import { useDeferredValue } from 'react';

/**
 * A query's data, held back until React can mount what it shows time-sliced (decision 056).
 *
 * The query cache hands an answer to React through `useSyncExternalStore`, whose updates React always
 * renders in one blocking task: the whole page content mounting at once, hundreds of milliseconds on a
 * phone (TBT). Seen through `useDeferredValue`, the first answer renders briefly with nothing new (the
 * spinner stays), then the content mounts in a transition that yields to the browser every few
 * milliseconds. Only the first answer waits: later ones (a refetch, an edit) show at once, since the
 * deferred value is then already defined.
 */
export function useFirstArrival<T>(data: T | undefined): T | undefined {
  const deferred = useDeferredValue(data);
  return deferred === undefined ? undefined : data;
}
