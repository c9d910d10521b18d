/**
 * A value built the first time it is asked for, then kept. For `Intl` formatters: creating the first
 * one loads the locale's and the time zone's data, 56 to 76 ms at Lighthouse's phone speed, and a
 * module building its formatters as it loads makes every screen importing it pay that before it
 * shows, formats or not (decision 066).
 */
export function onFirstUse<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}
